import { Module } from '@nestjs/common';
import { DemandController } from './demand.controller.js';
import { DemandRepository } from './demand.repository.js';
import { DemandService } from './demand.service.js';

@Module({
  controllers: [DemandController],
  providers: [DemandRepository, DemandService],
})
export class DemandModule {}

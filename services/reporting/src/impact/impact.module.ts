import { Module } from '@nestjs/common';
import { ImpactController } from './impact.controller.js';
import { ImpactRepository } from './impact.repository.js';
import { ImpactService } from './impact.service.js';

@Module({
  controllers: [ImpactController],
  providers: [ImpactRepository, ImpactService],
})
export class ImpactModule {}

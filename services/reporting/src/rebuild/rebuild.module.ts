import { Module } from '@nestjs/common';
import { RebuildController } from './rebuild.controller.js';
import { RebuildService } from './rebuild.service.js';

@Module({
  controllers: [RebuildController],
  providers: [RebuildService],
})
export class RebuildModule {}

import { Module } from '@nestjs/common';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { RebuildController } from './rebuild.controller.js';
import { RebuildService } from './rebuild.service.js';

@Module({
  imports: [ReadModelModule],
  controllers: [RebuildController],
  providers: [RebuildService],
})
export class RebuildModule {}

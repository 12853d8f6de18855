import { Module } from '@nestjs/common';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { ReportController } from './report.controller.js';
import { ReportRepository } from './report.repository.js';
import { ReportService } from './report.service.js';

@Module({
  imports: [ReadModelModule],
  controllers: [ReportController],
  providers: [ReportRepository, ReportService],
  exports: [ReportService],
})
export class ReportModule {}

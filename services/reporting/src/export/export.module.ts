import { Module } from '@nestjs/common';
import { ReportModule } from '../report/report.module.js';
import { ExportController } from './export.controller.js';
import { ExportRepository } from './export.repository.js';
import { ExportService } from './export.service.js';

@Module({
  imports: [ReportModule],
  controllers: [ExportController],
  providers: [ExportRepository, ExportService],
})
export class ExportModule {}

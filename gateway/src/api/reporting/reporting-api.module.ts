/**
 * HTTP routes backed by the reporting service: the LR345 report, its CSV exports and the console's
 * rebuild button. Controllers only adapt HTTP to request-reply calls.
 */
import { Module } from '@nestjs/common';
import { ReportController } from './report.controller.js';

@Module({
  controllers: [ReportController],
})
export class ReportingApiModule {}

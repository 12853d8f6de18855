/**
 * HTTP routes backed by the reporting service: the LR345 report, its CSV exports and the console's
 * rebuild button. Controllers only adapt HTTP to request-reply calls.
 */
import { Module } from '@nestjs/common';
import { ImpactController } from './impact.controller.js';
import { ReportController } from './report.controller.js';

@Module({
  controllers: [ReportController, ImpactController],
})
export class ReportingApiModule {}

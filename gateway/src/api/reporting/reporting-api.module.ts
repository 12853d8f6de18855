/**
 * HTTP routes backed by the reporting service: the LR345 report, its CSV exports, the console's
 * rebuild button and demand against stock (console list, CSV, the public most-needed list).
 * Controllers only adapt HTTP to request-reply calls.
 */
import { Module } from '@nestjs/common';
import { DemandController } from './demand.controller.js';
import { ImpactController } from './impact.controller.js';
import { MostNeeded } from './most-needed.js';
import { ReportController } from './report.controller.js';

@Module({
  controllers: [ReportController, ImpactController, DemandController],
  providers: [MostNeeded],
})
export class ReportingApiModule {}

/** Request-reply adapter of the report (who may ask and the input's form: `reportingOps.report`). */
import { Controller } from '@nestjs/common';
import { reportingOps, type ReportRange } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { ReportService } from './report.service.js';

@Controller()
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @Handles(reportingOps.report)
  report(range: ReportRange) {
    return this.reports.report(range);
  }
}

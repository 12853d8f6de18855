/** Request-reply adapter of the report: validate, check the role, delegate. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseOrThrow, reportRangeSchema, RPC, type Report, type RpcRequest } from '@lr/contracts';
import { assertAdmin, ReportService } from './report.service.js';

@Controller()
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @MessagePattern(RPC.reporting.report)
  async report(@Payload() request: RpcRequest<unknown>): Promise<Report> {
    assertAdmin(request.actor);
    const range = parseOrThrow(reportRangeSchema, request.input ?? {});
    return this.reports.report(range);
  }
}

/**
 * Request-reply adapter of the report: validate, check the role, delegate. Reports and exports are
 * for admins only (volunteers see the orders tile, not the report).
 */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseOrThrow, reportRangeSchema, RPC, type Report, type RpcRequest } from '@lr/contracts';
import { requireRole } from '@lr/nest-kit';
import { ReportService } from './report.service.js';

@Controller()
export class ReportController {
  constructor(private readonly reports: ReportService) {}

  @MessagePattern(RPC.reporting.report)
  async report(@Payload() request: RpcRequest<unknown>): Promise<Report> {
    requireRole(request.actor, 'admin');
    const range = parseOrThrow(reportRangeSchema, request.input ?? {});
    return this.reports.report(range);
  }
}

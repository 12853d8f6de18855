/** Request-reply adapters of the CSV exports (admin only). */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ordersCsvPageInputSchema,
  parseOrThrow,
  reportRangeSchema,
  RPC,
  type CsvFile,
  type OrdersCsvPage,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole } from '@lr/nest-kit';
import { ExportService } from './export.service.js';

@Controller()
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @MessagePattern(RPC.reporting.reportCsv)
  async reportCsv(@Payload() request: RpcRequest<unknown>): Promise<CsvFile> {
    requireRole(request.actor, 'admin');
    return this.exports.reportCsv(parseOrThrow(reportRangeSchema, request.input ?? {}));
  }

  @MessagePattern(RPC.reporting.ordersCsv)
  async ordersCsv(@Payload() request: RpcRequest<unknown>): Promise<OrdersCsvPage> {
    requireRole(request.actor, 'admin');
    return this.exports.ordersCsvPage(parseOrThrow(ordersCsvPageInputSchema, request.input ?? {}));
  }
}

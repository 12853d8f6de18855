/** The LR345 report and its CSV exports, admin only. */
import { Controller, Get, Inject, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  reportingOps,
  csvResponseSchema,
  consoleRebuildReplySchema,
  rebuildStatusSchema,
  reportRangeSchema,
  reportResponseSchema,
  type Actor,
  type ConsoleRebuildReply,
} from '@lr/contracts';
import { LOGGER, RpcClient, type Logger } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { ordersCsvStream } from './orders-csv-stream.js';
import { parseReportRange } from './report-query.js';

/** Replaying a large ORDERS stream takes longer than an ordinary call. */
const REBUILD_TIMEOUT_MS = 10 * 60 * 1000;

function csvHeaders(reply: FastifyReply, filename: string): void {
  void reply.header('Content-Type', 'text/csv; charset=utf-8');
  void reply.header(
    'Content-Disposition',
    `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
  );
  void reply.header('Cache-Control', 'no-store');
}

@Controller()
export class ReportController {
  private readonly logger: Logger;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'ReportController' });
  }

  @Get('/api/v1/admin/report')
  @Access('admin')
  @ApiDoc({
    summary: 'LR345 report: figures, top 11 items and schools, weekly series (admin)',
    query: reportRangeSchema,
    response: reportResponseSchema,
  })
  async report(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>) {
    const report = await this.rpc.call(reportingOps.report, parseReportRange(query), {
      actor,
    });
    return { success: true, report };
  }

  @Get('/api/v1/admin/report.csv')
  @Access('admin')
  @ApiDoc({
    summary: 'LR345 report tables as CSV (admin)',
    query: reportRangeSchema,
    response: csvResponseSchema,
    responseType: 'text/csv',
  })
  async reportCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.rpc.call(reportingOps.reportCsv, parseReportRange(query), {
      actor,
    });
    csvHeaders(reply, file.filename);
    return `\uFEFF${file.csv}`;
  }

  @Get('/api/v1/admin/orders.csv')
  @Access('admin')
  @ApiDoc({
    summary: 'Every order line as CSV, one row per line (admin)',
    query: reportRangeSchema,
    response: csvResponseSchema,
    responseType: 'text/csv',
  })
  async ordersCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const range = parseReportRange(query);
    // Reporting holds no student details (its Teacher and Receiving person columns read "erased"),
    // so this export is not a read of them and is not added to the access log.
    const stream = await ordersCsvStream(this.rpc, actor, range, this.logger);
    csvHeaders(reply, `lr345-orders_${range.from ?? 'start'}_to_${range.to ?? 'today'}.csv`);
    return new StreamableFile(stream);
  }

  @Post('/api/console/report/rebuild')
  @Access('admin')
  @ApiDoc({
    summary: 'Rebuild the report read model by replaying the ORDERS stream (admin)',
    response: consoleRebuildReplySchema,
  })
  async rebuild(@CurrentActor() actor: Actor): Promise<ConsoleRebuildReply> {
    const result = await this.rpc.call(
      reportingOps.rebuild,
      {},
      { actor, timeoutMs: REBUILD_TIMEOUT_MS },
    );
    return { success: true, ...result };
  }

  @Get('/api/console/report/rebuild')
  @Access('admin')
  @ApiDoc({
    summary: 'Progress of the report rebuild: events replayed of total, running or not (admin)',
    response: rebuildStatusSchema,
  })
  async rebuildStatus(@CurrentActor() actor: Actor) {
    return this.rpc.call(reportingOps.rebuildStatus, {}, { actor });
  }
}

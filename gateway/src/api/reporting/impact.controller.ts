/**
 * The impact report for the console (admin): one record for a range of days, and every table of
 * it as one CSV (each table under a row with its title, tables apart by an empty row).
 */
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import {
  consoleImpactSchema,
  csvResponseSchema,
  impactOps,
  impactRangeSchema,
  parseOrThrow,
  type Actor,
  type ConsoleImpact,
  type ImpactRange,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import type { GatewayConfig } from '../../config.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

function parseRange(query: Record<string, unknown> | undefined): ImpactRange {
  return parseOrThrow(impactRangeSchema, { from: query?.from, to: query?.to });
}

@Controller()
export class ImpactController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('/api/console/impact')
  @Access('admin')
  @ApiDoc({
    summary:
      'Impact report for a range of days (admin): students helped, schools served, items given and their value by category, donations received by source kind, per school',
    query: impactRangeSchema,
    response: consoleImpactSchema,
  })
  async impact(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
  ): Promise<ConsoleImpact> {
    const impact = await this.rpc.call(impactOps.impact, parseRange(query), { actor });
    return {
      ...impact,
      charity: { name: this.config.CHARITY_NAME, logoUrl: this.config.CHARITY_LOGO_URL || null },
    };
  }

  @Get('/api/console/impact.csv')
  @Access('admin')
  @ApiDoc({
    summary:
      'Impact report as one CSV (admin): figures, items by category, donations by source kind, schools; each table under a row with its title, tables apart by an empty row',
    query: impactRangeSchema,
    response: csvResponseSchema,
    responseType: 'text/csv',
  })
  async impactCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.rpc.call(impactOps.impactCsv, parseRange(query), { actor });
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    void reply.header('Cache-Control', 'no-store');
    // The byte-order mark makes spreadsheets read it as UTF-8 (school names).
    return `\uFEFF${file.csv}`;
  }
}

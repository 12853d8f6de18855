/**
 * `/api/console/privacy`: an admin erases a student's details now (from one order, or every order
 * of a school whose student id matches) and exports everything held about a student or a school,
 * as JSON or CSV. ra-data-simple-rest conventions: an erasure is created by POST.
 */
import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  ordersOps,
  parseOrThrow,
  privacyEraseInputSchema,
  privacyEraseResultSchema,
  privacyExportQuerySchema,
  privacyExportSchema,
  type Actor,
  type PrivacyEraseResult,
  type PrivacyExport,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { parseBody } from '../../core/body.js';
import { accessOf } from '../../core/student-data-access.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { privacyExportCsv, privacyExportFilename } from './privacy-export-csv.js';

@Controller()
export class ConsolePrivacyController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('/api/console/privacy/erasures')
  @Access('admin')
  @ApiDoc({
    summary:
      "Erase personal data now (admins): { orderId } for one order, or { school, studentId } for every order of that school's student; answers the ids erased",
    body: privacyEraseInputSchema,
    response: privacyEraseResultSchema,
  })
  erase(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<PrivacyEraseResult> {
    const input = parseBody(privacyEraseInputSchema, body);
    const access = accessOf(request, 'erase');
    return this.rpc.call(ordersOps.privacyErase, input, { actor, access });
  }

  @Get('/api/console/privacy/export')
  @Access('admin')
  @ApiDoc({
    summary:
      'Everything held about one student (school + studentId) or one school, as a JSON or CSV file (admins)',
    query: privacyExportQuerySchema,
    response: z.union([privacyExportSchema, z.string()]),
  })
  async export(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PrivacyExport | string> {
    const { format, ...input } = parseOrThrow(privacyExportQuerySchema, query);
    const access = accessOf(request, 'export');
    const file = await this.rpc.call(ordersOps.privacyExport, input, {
      actor,
      access,
    });
    void reply.header(
      'Content-Disposition',
      `attachment; filename="${privacyExportFilename(file, format)}"`,
    );
    void reply.header('Cache-Control', 'no-store');
    if (format === 'json') return file;
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    return `\uFEFF${privacyExportCsv(file)}`;
  }
}

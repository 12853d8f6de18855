/**
 * `/api/console/donations`, `/api/console/donation-sources` and `/api/console/donation-products`
 * (ra-data-simple-rest dialect). Volunteers and admins record and read donations; only admins
 * correct (PUT) or delete them. The catalog checks the same roles itself.
 */
import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  INTAKE_MAX_PAGE,
  RPC,
  type Actor,
  type ConsoleList,
  type DonationDto,
  type DonationSourceDto,
  type ProductChoiceDto,
} from '@lr/contracts';
import { csvRow, csvRows, RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  consoleListQuerySchema,
  parseConsoleQuery,
  pickFilters,
  sendConsoleList,
} from '../../core/console.js';
import { bodyObject } from '../../core/body.js';
import { cappedIntakeRange } from './intake-range.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

const donationLineBody = z.object({
  productId: z.string(),
  size: z.string(),
  quantity: z.number().int().min(1).max(10_000),
  newSize: z.boolean().optional(),
});
export const donationBodySchema = z.object({
  receivedOn: z.string().optional().describe('YYYY-MM-DD, default today'),
  sourceId: z.string(),
  note: z.string().optional(),
  lines: z.array(donationLineBody).min(1).max(200),
});
export const donationCorrectionBodySchema = donationBodySchema.extend({
  receivedOn: z.string(),
  version: z.number().int().optional(),
});
export const donationSourceBodySchema = z.object({
  name: z.string(),
  kind: z.enum(['individual', 'school', 'business', 'drive', 'other']),
  contact: z.string().optional(),
});

const CSV_HEADER = [
  'Donation',
  'Received on',
  'Source',
  'Source kind',
  'Product',
  'Category',
  'Size',
  'Quantity',
  'Note',
  'Recorded by',
];

const DONATION_FILTERS = ['from', 'to', 'sourceId', 'kind', 'id'] as const;

@Controller()
export class ConsoleDonationsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly writes: CatalogWrites,
  ) {}

  @Get('/api/console/donation-sources')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Donation sources (admins and volunteers; filter q, kind, id; sort name, kind, createdAt)',
    query: consoleListQuerySchema,
  })
  async listSources(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, range, filter } = parseConsoleQuery(query, 25);
    const list = await this.rpc.call<ConsoleList<DonationSourceDto>>(
      RPC.catalog.listDonationSources,
      { sort, range: cappedIntakeRange(range), filter: pickFilters(filter, ['q', 'kind', 'id']) },
      { actor },
    );
    return sendConsoleList(reply, 'donation-sources', list.items, list.total, range.start);
  }

  @Get('/api/console/donation-sources/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({ summary: 'One donation source (admins and volunteers)' })
  getSource(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call<DonationSourceDto>(RPC.catalog.getDonationSource, { id }, { actor });
  }

  @Post('/api/console/donation-sources')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'Create a donation source (admins and volunteers; 409 when the name exists)',
    body: donationSourceBodySchema,
  })
  createSource(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.rpc.call<DonationSourceDto>(RPC.catalog.createDonationSource, bodyObject(body), {
      actor,
    });
  }

  @Get('/api/console/donation-products')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Products to pick on a donation line: name, category, size names, no stock (admins and volunteers; filter q, category, id)',
    query: consoleListQuerySchema,
  })
  async productChoices(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { range, filter } = parseConsoleQuery(query, 25);
    const list = await this.rpc.call<ConsoleList<ProductChoiceDto>>(
      RPC.catalog.productChoices,
      { range: cappedIntakeRange(range), filter: pickFilters(filter, ['q', 'category', 'id']) },
      { actor },
    );
    return sendConsoleList(reply, 'donation-products', list.items, list.total, range.start);
  }

  @Get('/api/console/donations')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Donations, newest received first (admins and volunteers; filter from, to (YYYY-MM-DD), sourceId, kind, id; sort receivedOn, sourceName, items, createdAt)',
    query: consoleListQuerySchema,
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, range, filter } = parseConsoleQuery(query);
    const list = await this.rpc.call<ConsoleList<DonationDto>>(
      RPC.catalog.listDonations,
      { sort, range: cappedIntakeRange(range), filter: pickFilters(filter, DONATION_FILTERS) },
      { actor },
    );
    return sendConsoleList(reply, 'donations', list.items, list.total, range.start);
  }

  @Get('/api/console/donations.csv')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Donations as CSV, one row per line (admins and volunteers; the same filter as the list)',
    query: consoleListQuerySchema,
  })
  async exportCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, filter } = parseConsoleQuery(query);
    const input = (start: number) => ({
      sort,
      range: { start, end: start + INTAKE_MAX_PAGE - 1 },
      filter: pickFilters(filter, DONATION_FILTERS),
    });
    // The first page is fetched before answering, so a refused call is a proper error response.
    const rpc = this.rpc;
    const first = await rpc.call<ConsoleList<DonationDto>>(RPC.catalog.listDonations, input(0), {
      actor,
    });
    async function* pages(): AsyncGenerator<string> {
      yield '\uFEFF' + csvRow(CSV_HEADER) + donationRows(first.items);
      for (let start = INTAKE_MAX_PAGE; start < first.total; start += INTAKE_MAX_PAGE) {
        const page = await rpc.call<ConsoleList<DonationDto>>(
          RPC.catalog.listDonations,
          input(start),
          { actor },
        );
        if (page.items.length === 0) return;
        yield donationRows(page.items);
      }
    }
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header('Content-Disposition', 'attachment; filename="donations.csv"');
    void reply.header('Cache-Control', 'no-store');
    return Readable.from(pages());
  }

  @Get('/api/console/donations/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({ summary: 'One donation with its lines (admins and volunteers)' })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call<DonationDto>(RPC.catalog.getDonation, { id }, { actor });
  }

  @Post('/api/console/donations')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Record a donation (admins and volunteers): lines of productId, size, quantity 1-10000, newSize to create a size',
    body: donationBodySchema,
  })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.writes.call<DonationDto>(RPC.catalog.recordDonation, bodyObject(body), { actor });
  }

  @Put('/api/console/donations/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Correct a donation (admins): the donation as it should be; the differences become donation-correction movements',
    body: donationCorrectionBodySchema,
  })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const fields = bodyObject(body);
    return this.writes.call<DonationDto>(
      RPC.catalog.correctDonation,
      {
        id,
        receivedOn: fields.receivedOn,
        sourceId: fields.sourceId,
        note: fields.note ?? undefined,
        lines: Array.isArray(fields.lines) ? fields.lines.map(lineOf) : fields.lines,
        version: fields.version ?? undefined,
      },
      { actor },
    );
  }

  @Delete('/api/console/donations/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Delete a donation (admins): its stock is taken back; 409 naming the sizes when it has left the shelf',
  })
  delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.writes.call<DonationDto>(RPC.catalog.deleteDonation, { id }, { actor });
  }
}

/** react-admin sends the record back as it read it: keep only what a line input has. */
function lineOf(line: unknown): unknown {
  if (typeof line !== 'object' || line === null) return line;
  const l = line as Record<string, unknown>;
  return { productId: l.productId, size: l.size, quantity: l.quantity, newSize: l.newSize };
}

/** The catalog refuses pages over INTAKE_MAX_PAGE; a larger console range is shortened instead. */

function donationRows(items: DonationDto[]): string {
  return csvRows(
    items.flatMap((d) =>
      d.lines.map((l) => [
        d.id,
        d.receivedOn,
        d.sourceName,
        d.sourceKind,
        l.productName,
        l.category,
        l.size,
        l.quantity,
        d.note,
        d.recordedBy,
      ]),
    ),
  );
}

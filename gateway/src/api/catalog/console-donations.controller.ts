/**
 * `/api/console/donations`, `/api/console/donation-sources` and `/api/console/donation-products`
 * (ra-data-simple-rest dialect). Volunteers and admins record and read donations and add sources;
 * only admins correct (PUT) or delete donations and edit sources. The catalog checks the same roles itself.
 */
import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  catalogOps,
  correctDonationBodySchema,
  donationSchema,
  donationSourceInputSchema,
  donationSourceSchema,
  INTAKE_MAX_PAGE,
  productChoiceSchema,
  recordDonationInputSchema,
  updateDonationSourceBodySchema,
  type Actor,
  type DonationDto,
  DONATION_SORT_FIELDS,
  DONATION_SOURCE_SORT_FIELDS,
} from '@lr/contracts';
import { csvRow, csvRows, RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  ConsoleListRoute,
  ConsoleQuery,
  consoleListQuerySchema,
  parseConsoleQuery,
  pickFilters,
  type ConsoleListQuery,
} from '../../core/console.js';
import { parseBody } from '../../core/body.js';
import { intakeListInput } from './intake-range.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

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

  @ConsoleListRoute('/api/console/donation-sources', {
    summary:
      'Donation sources (admins and volunteers; filter q, kind, id; sort name, kind, createdAt)',
    row: donationSourceSchema,
    pageSize: 25,
    sortable: DONATION_SOURCE_SORT_FIELDS,
  })
  @Access('admin', 'volunteer')
  listSources(@CurrentActor() actor: Actor, @ConsoleQuery() query: ConsoleListQuery) {
    const input = intakeListInput(query, ['q', 'kind', 'id']);
    return this.rpc.call(catalogOps.listDonationSources, input, {
      actor,
    });
  }

  @Get('/api/console/donation-sources/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'One donation source (admins and volunteers)',
    response: donationSourceSchema,
  })
  getSource(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(catalogOps.getDonationSource, { id }, { actor });
  }

  @Post('/api/console/donation-sources')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'Create a donation source (admins and volunteers; 409 when the name exists)',
    body: donationSourceInputSchema,
    response: donationSourceSchema,
  })
  createSource(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseBody(donationSourceInputSchema, body);
    return this.rpc.call(catalogOps.createDonationSource, input, { actor });
  }

  @Put('/api/console/donation-sources/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      "Rename a donation source or change its kind (admins; 409 when the name is another source's)",
    body: updateDonationSourceBodySchema,
    response: donationSourceSchema,
  })
  updateSource(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(updateDonationSourceBodySchema, body);
    return this.rpc.call(catalogOps.updateDonationSource, { ...input, id }, { actor });
  }

  @ConsoleListRoute('/api/console/donation-products', {
    summary:
      'Products to pick on a donation line: name, category, size names, no stock (admins and volunteers; filter q, category, id)',
    row: productChoiceSchema,
    pageSize: 25,
    sortable: [],
  })
  @Access('admin', 'volunteer')
  productChoices(@CurrentActor() actor: Actor, @ConsoleQuery() query: ConsoleListQuery) {
    const { range, filter } = intakeListInput(query, ['q', 'category', 'id']);
    return this.rpc.call(catalogOps.productChoices, { range, filter }, { actor });
  }

  @ConsoleListRoute('/api/console/donations', {
    summary:
      'Donations, newest received first (admins and volunteers; filter from, to (YYYY-MM-DD), sourceId, kind, id; sort receivedOn, sourceName, items, createdAt)',
    row: donationSchema,
    sortable: DONATION_SORT_FIELDS,
  })
  @Access('admin', 'volunteer')
  list(@CurrentActor() actor: Actor, @ConsoleQuery() query: ConsoleListQuery) {
    const input = intakeListInput(query, DONATION_FILTERS);
    return this.rpc.call(catalogOps.listDonations, input, { actor });
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
    const { sort, filter } = parseConsoleQuery(query, { sortable: DONATION_SORT_FIELDS });
    const input = (start: number) => ({
      sort,
      range: { start, end: start + INTAKE_MAX_PAGE - 1 },
      filter: pickFilters(filter, DONATION_FILTERS),
    });
    // The first page is fetched before answering, so a refused call is a proper error response.
    const rpc = this.rpc;
    const first = await rpc.call(catalogOps.listDonations, input(0), {
      actor,
    });
    async function* pages(): AsyncGenerator<string> {
      yield '\uFEFF' + csvRow(CSV_HEADER) + donationRows(first.items);
      for (let start = INTAKE_MAX_PAGE; start < first.total; start += INTAKE_MAX_PAGE) {
        const page = await rpc.call(catalogOps.listDonations, input(start), { actor });
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
  @ApiDoc({
    summary: 'One donation with its lines (admins and volunteers)',
    response: donationSchema,
  })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(catalogOps.getDonation, { id }, { actor });
  }

  @Post('/api/console/donations')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Record a donation (admins and volunteers): lines of productId, size, quantity 1-10000, newSize to create a size',
    body: recordDonationInputSchema,
    response: donationSchema,
  })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseBody(recordDonationInputSchema, body);
    return this.writes.call(catalogOps.recordDonation, input, { actor });
  }

  @Put('/api/console/donations/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Correct a donation (admins): the donation as it should be; the differences become donation-correction movements',
    body: correctDonationBodySchema,
    response: donationSchema,
  })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(correctDonationBodySchema, body);
    return this.writes.call(catalogOps.correctDonation, { ...input, id }, { actor });
  }

  @Delete('/api/console/donations/:id')
  @Access('admin')
  @ApiDoc({
    summary:
      'Delete a donation (admins): its stock is taken back; 409 naming the sizes when it has left the shelf',
    response: donationSchema,
  })
  delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.writes.call(catalogOps.deleteDonation, { id }, { actor });
  }
}

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

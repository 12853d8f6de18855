/**
 * `/api/console/access-log` (admins only): who was shown which orders' student details, when, doing
 * what, from which client address; filter by person, order, school, action and date; as CSV too.
 * The orders service keeps the log and refuses anyone but an admin itself.
 */
import { Readable } from 'node:stream';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ordersOps,
  ACCESS_LOG_NAMES_PAGE_MAX,
  PAGE_SIZE_MAX,
  accessLogEntrySchema,
  accessLogFilterSchema,
  csvResponseSchema,
  parseOrThrow,
  type AccessLogEntry,
  type AccessLogNamesInput,
  type Actor,
} from '@lr/contracts';
import { RpcClient, collectRange, csvRow, csvRows } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  ConsoleListRoute,
  ConsoleQuery,
  consoleListQuerySchema,
  parseConsoleQuery,
  type ConsoleListQuery,
} from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

const CSV_HEADER = [
  'When',
  'Person (login id)',
  'Person (user id)',
  'Role',
  'Action',
  'Orders',
  'Schools',
  'Scope',
  'Client address',
  'Part',
];

/**
 * The most characters an Orders or Schools cell holds: spreadsheet programs cut a cell past 32,767
 * (Excel's limit), so the names of a read that need more continue on rows of their own, each row
 * repeating the read's other fields and saying which part it is. Below the limit by a margin for the
 * quotes and the formula guard the CSV writer may add.
 */
export const CSV_CELL_CHARS_MAX = 32_000;

/**
 * `names` joined by `separator`, cut into cells of at most CSV_CELL_CHARS_MAX characters. The length
 * a cell is written at is kept as names are added (the separator holds no quote), so a read of every
 * order is one pass over its names, not a rescan of the growing cell per name.
 */
function cellsOf(names: readonly string[], separator: string): string[] {
  const cells: string[] = [];
  let cell: string[] = [];
  let cellLength = 0;
  for (const name of names) {
    const nameLength = writtenLength(name);
    if (cell.length > 0 && cellLength + separator.length + nameLength > CSV_CELL_CHARS_MAX) {
      cells.push(cell.join(separator));
      cell = [];
      cellLength = 0;
    }
    cellLength += (cell.length > 0 ? separator.length : 0) + nameLength;
    cell.push(name);
  }
  cells.push(cell.join(separator));
  return cells;
}

/** Length of `text` as the CSV writer writes it, quotes doubled. */
function writtenLength(text: string): number {
  let quotes = 0;
  for (const char of text) if (char === '"') quotes += 1;
  return text.length + quotes;
}

/** Reads one entry's names past the list's sample. */
type NamesOf = (entry: AccessLogEntry, of: AccessLogNamesInput['of']) => Promise<string[]>;

/**
 * The CSV rows of `items`, each with all the orders and schools of its read: one row a read, or
 * several ("1 of 3", ...) when its names outgrow a cell.
 */
async function csvOf(items: AccessLogEntry[], namesOf: NamesOf): Promise<string> {
  const rows = [];
  for (const entry of items) {
    const orderNumbers =
      entry.orderCount > entry.orderNumbers.length
        ? await namesOf(entry, 'orderNumbers')
        : entry.orderNumbers;
    const schoolNames =
      entry.schoolCount > entry.schoolNames.length
        ? await namesOf(entry, 'schoolNames')
        : entry.schoolNames;
    const orderCells = cellsOf(orderNumbers, ' ');
    const schoolCells = cellsOf(schoolNames, '; ');
    const parts = Math.max(orderCells.length, schoolCells.length);
    for (let part = 0; part < parts; part += 1)
      rows.push([
        entry.at,
        entry.actorLoginId,
        entry.actorId,
        entry.actorRole,
        entry.action,
        orderCells[part] ?? '',
        schoolCells[part] ?? '',
        entry.scope,
        entry.clientAddress,
        parts > 1 ? `${part + 1} of ${parts}` : '',
      ]);
  }
  return csvRows(rows);
}

@Controller()
export class AccessLogController {
  constructor(private readonly rpc: RpcClient) {}

  @ConsoleListRoute('/api/console/access-log', {
    summary:
      'Access log of student details, newest first (admins; filter actorId, person, order (id or LR- number), schoolId, action, from, to)',
    row: accessLogEntrySchema,
    // Newest first is the log's only order; the console names it as `at`.
    sortable: ['at'],
  })
  @Access('admin')
  async list(@CurrentActor() actor: Actor, @ConsoleQuery() { range, filter }: ConsoleListQuery) {
    const parsed = parseOrThrow(accessLogFilterSchema, filter);
    return collectRange(
      (start, limit) =>
        this.rpc.call(
          ordersOps.accessLog,
          { range: { start, end: start + limit - 1 }, filter: parsed },
          { actor },
        ),
      range.start,
      range.end - range.start + 1,
    );
  }

  @Get('/api/console/access-log.csv')
  @Access('admin')
  @ApiDoc({
    summary: 'The access log as CSV, newest first (admins; the same filter as the list)',
    query: consoleListQuerySchema,
    response: csvResponseSchema,
    responseType: 'text/csv',
  })
  async exportCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const filter = parseOrThrow(
      accessLogFilterSchema,
      parseConsoleQuery(query, { sortable: ['at'] }).filter,
    );
    const rpc = this.rpc;
    // Walks newest first from below the last row sent, so rows written meanwhile shift nothing.
    const pageBelow = (beforeId?: number) =>
      rpc.call(
        ordersOps.accessLog,
        { range: { start: 0, end: PAGE_SIZE_MAX - 1 }, filter: { ...filter, beforeId } },
        { actor },
      );
    // A read of many orders (the old all-orders route) names them in pages of their own.
    const namesOf: NamesOf = async (entry, of) => {
      const names: string[] = [];
      for (;;) {
        const page = await rpc.call(
          ordersOps.accessLogNames,
          { id: Number(entry.id), of, start: names.length, limit: ACCESS_LOG_NAMES_PAGE_MAX },
          { actor },
        );
        names.push(...page.names);
        if (page.names.length === 0 || names.length >= page.total) return names;
      }
    };
    // The first page is fetched before answering, so a refused call is a proper error response.
    const first = await pageBelow(filter.beforeId);
    async function* pages(): AsyncGenerator<string> {
      yield '\uFEFF' + csvRow(CSV_HEADER) + (await csvOf(first.items, namesOf));
      let page = first;
      while (page.items.length === PAGE_SIZE_MAX) {
        page = await pageBelow(Number(page.items.at(-1)!.id));
        yield await csvOf(page.items, namesOf);
      }
    }
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header('Content-Disposition', 'attachment; filename="access-log.csv"');
    void reply.header('Cache-Control', 'no-store');
    return new StreamableFile(Readable.from(pages()));
  }
}

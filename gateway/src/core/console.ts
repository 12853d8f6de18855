/**
 * The ra-data-simple-rest dialect: `sort=["field","ASC"]`, `range=[0,14]`, `filter={...}` in, a JSON
 * array plus `Content-Range: <resource> <start>-<end>/<total>` out. Every console list route is a
 * `@ConsoleListRoute` whose handler takes the parsed `@ConsoleQuery()` and returns a `ConsolePage`.
 */
import {
  applyDecorators,
  createParamDecorator,
  Get,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { z } from 'zod';
import { AppError, PAGE_SIZE_MAX, textSchema } from '@lr/contracts';
import { unknownSortField } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ApiDoc } from '../docs/api-doc.decorator.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The list query of a console list route, parsed once before its handler runs. */
    consoleListQuery?: ConsoleListQuery;
  }
}

/** The list query as documented in OpenAPI (each parameter is a JSON string, parsed below). */
export const consoleListQuerySchema = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

/** `filter={"id":[...]}` (react-admin's getMany) or one id; as many ids as rows on a page. */
export const consoleIdFilterSchema = z
  .union([
    textSchema().max(100),
    z.array(textSchema().max(100)).max(PAGE_SIZE_MAX, `at most ${PAGE_SIZE_MAX} ids at once`),
  ])
  .optional();

export interface ConsoleListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

const sortSchema = z.tuple([textSchema().min(1).max(64), z.enum(['ASC', 'DESC'])]);
const rangeSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([a, b]) => b >= a, 'end before start');

function parseJsonParam(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw AppError.badRequest(`${name}: must be JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw AppError.badRequest(`${name}: must be JSON`);
  }
}

export interface ConsoleQueryOptions {
  /** Rows in a page when the console sends no range. */
  pageSize?: number;
  /** The fields the list sorts by; any other is a 400 that names them. */
  sortable: readonly string[];
}

/**
 * The sort the console asked for, when the list sorts by that field. react-admin names `id` when a
 * list sets no sort of its own: a list that does not sort by `id` then keeps its default order.
 */
function checkedSort(
  sort: { field: string; order: 'ASC' | 'DESC' },
  sortable: readonly string[],
): ConsoleListQuery['sort'] {
  if (sortable.includes(sort.field)) return sort;
  if (sort.field === 'id') return null;
  throw unknownSortField(sort.field, sortable);
}

export function parseConsoleQuery(
  query: Record<string, unknown>,
  { pageSize = 15, sortable }: ConsoleQueryOptions,
): ConsoleListQuery {
  const sortRaw = parseJsonParam(query.sort, 'sort');
  const rangeRaw = parseJsonParam(query.range, 'range');
  const filterRaw = parseJsonParam(query.filter, 'filter');
  const sort = sortRaw === undefined ? null : sortSchema.safeParse(sortRaw);
  if (sort && !sort.success) {
    const refused = sort.error.issues.find((issue) => issue.code === 'custom');
    throw AppError.badRequest(`sort: ${refused?.message ?? 'expected ["field","ASC"|"DESC"]'}`);
  }
  const range = rangeRaw === undefined ? null : rangeSchema.safeParse(rangeRaw);
  if (range && !range.success) throw AppError.badRequest('range: expected [start,end]');
  if (
    filterRaw !== undefined &&
    (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw))
  ) {
    throw AppError.badRequest('filter: expected an object');
  }
  const [start, end] = range?.data ?? [0, pageSize - 1];
  // A bigger page is cut to the services' maximum; Content-Range then tells the rows sent.
  const cappedEnd = Math.min(end, start + PAGE_SIZE_MAX - 1);
  return {
    sort: sort ? checkedSort({ field: sort.data[0], order: sort.data[1] }, sortable) : null,
    range: { start, end: cappedEnd },
    filter: (filterRaw as Record<string, unknown> | undefined) ?? {},
  };
}

/** What a console list handler returns: the page's rows and how many rows match in all. */
export interface ConsolePage<T> {
  items: T[];
  total: number;
  /** Where the rows start when not where the query's range does (a getMany answers from 0). */
  start?: number;
}

export interface ConsoleListRouteOptions {
  /** The resource `Content-Range` names; by default the path's last segment. */
  resource?: string;
  summary: string;
  /** One row of the answer (from @lr/contracts): the route answers a JSON array of them. */
  row: z.ZodType;
  /** Rows in a page when the console sends no range. */
  pageSize?: number;
  /** The fields the list sorts by (`[]`: it keeps one order). */
  sortable: readonly string[];
}

/** Parses the query before the handler, and answers its page as the rows with Content-Range. */
class ConsoleListInterceptor implements NestInterceptor {
  constructor(
    private readonly resource: string,
    private readonly options: ConsoleQueryOptions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const query = parseConsoleQuery(request.query as Record<string, unknown>, this.options);
    request.consoleListQuery = query;
    return next.handle().pipe(
      map((page: ConsolePage<unknown>) => {
        const start = page.start ?? query.range.start;
        const end = page.items.length === 0 ? start : start + page.items.length - 1;
        const reply = http.getResponse<FastifyReply>();
        void reply.header('Content-Range', `${this.resource} ${start}-${end}/${page.total}`);
        void reply.header('Access-Control-Expose-Headers', 'Content-Range');
        return page.items;
      }),
    );
  }
}

/** A console list: GET `path`, documented and answered as an array of `row` with Content-Range. */
export function ConsoleListRoute(path: string, options: ConsoleListRouteOptions) {
  return applyDecorators(
    Get(path),
    ApiDoc({
      summary: options.summary,
      query: consoleListQuerySchema,
      response: z.array(options.row),
    }),
    UseInterceptors(
      new ConsoleListInterceptor(options.resource ?? path.split('/').at(-1)!, options),
    ),
  );
}

/** The parsed sort, range and filter of a `@ConsoleListRoute` handler. */
export const ConsoleQuery = createParamDecorator(
  (_: unknown, context: ExecutionContext): ConsoleListQuery => {
    const query = context.switchToHttp().getRequest<FastifyRequest>().consoleListQuery;
    if (!query) throw new Error('@ConsoleQuery() is only for @ConsoleListRoute handlers');
    return query;
  },
);

/** The ids of react-admin's getMany (`filter={"id":[...]}`), or null for an ordinary page. */
export function idsOf(id: string | string[] | undefined): string[] | null {
  if (id === undefined) return null;
  return Array.isArray(id) ? id : [id];
}

/** Only the filters a service knows; empty values (a cleared filter input) mean no filter. */
export function pickFilters(
  filter: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys)
    if (filter[key] !== undefined && filter[key] !== '') out[key] = filter[key];
  return out;
}

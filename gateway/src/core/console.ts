/**
 * The ra-data-simple-rest dialect: `sort=["field","ASC"]`, `range=[0,14]`, `filter={...}` in, a JSON
 * array plus `Content-Range: <resource> <start>-<end>/<total>` out.
 */
import { z } from 'zod';
import { AppError, PAGE_SIZE_MAX, textSchema } from '@lr/contracts';
import type { FastifyReply } from 'fastify';

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

export function parseConsoleQuery(
  query: Record<string, unknown>,
  defaultPageSize = 15,
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
  const [start, end] = range?.data ?? [0, defaultPageSize - 1];
  // A bigger page is cut to the services' maximum; Content-Range then tells the rows sent.
  const cappedEnd = Math.min(end, start + PAGE_SIZE_MAX - 1);
  return {
    sort: sort ? { field: sort.data[0], order: sort.data[1] } : null,
    range: { start, end: cappedEnd },
    filter: (filterRaw as Record<string, unknown> | undefined) ?? {},
  };
}

export function sendConsoleList<T>(
  reply: FastifyReply,
  resource: string,
  items: T[],
  total: number,
  start: number,
): T[] {
  const end = items.length === 0 ? start : start + items.length - 1;
  void reply.header('Content-Range', `${resource} ${start}-${end}/${total}`);
  void reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return items;
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

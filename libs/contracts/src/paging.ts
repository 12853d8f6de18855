/**
 * Bounds of every list reply: no request-reply answer may outgrow the
 * broker's max_payload, whatever the amount of data. Two bounds, because rows differ in size by two
 * orders of magnitude (an order of 100 lines against an order of one):
 * - a page never holds more than `PAGE_SIZE_MAX` rows: the request schemas refuse more (400);
 * - a service stops filling a page once its rows reach `REPLY_BUDGET_BYTES`, and says where the next
 *   page starts (a keyset cursor, or simply fewer rows than asked for a range or a list of ids).
 * Callers that want everything (the gateway's old "all" routes) walk page after page.
 */
import { z } from 'zod';
import { textSchema } from './text.js';

/** Most rows one list request may ask for. */
export const PAGE_SIZE_MAX = 100;

/**
 * Serialized rows of one reply stop growing past this: half of NATS's default max_payload (1 MiB),
 * which leaves room for the envelope and one last row that crosses the line.
 */
export const REPLY_BUDGET_BYTES = 512 * 1024;

export const pageLimitSchema = z
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX, `must be at most ${PAGE_SIZE_MAX} rows per page`);

/** A list of ids to read at once (getMany): bounded like a page. */
export function idListSchema<T extends z.ZodType>(id: T) {
  return z.array(id).max(PAGE_SIZE_MAX, `at most ${PAGE_SIZE_MAX} ids at once`);
}

/** `{ start, end }`, both inclusive, at most PAGE_SIZE_MAX rows. */
export const pageRangeSchema = z
  .object({
    start: z.number().int().min(0).max(1_000_000_000),
    end: z.number().int().min(0).max(1_000_000_000),
  })
  .refine((r) => r.end >= r.start, 'end before start')
  .refine(
    (r) => r.end - r.start + 1 <= PAGE_SIZE_MAX,
    `must be at most ${PAGE_SIZE_MAX} rows per page`,
  );
export type PageRange = z.infer<typeof pageRangeSchema>;

/** One step of a keyset walk: `after` is the previous page's `next` (absent for the first page). */
export const keysetPageInputSchema = z.object({
  after: textSchema().min(1).max(1000).nullish(),
  limit: pageLimitSchema.optional(),
});
export type KeysetPageInput = z.infer<typeof keysetPageInputSchema>;

/** A page of a keyset walk; `next` is null on the last page. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/**
 * A console page as a service answers it (ra-data-simple-rest's rows and total); the gateway puts
 * the total in `Content-Range`.
 */
export function consoleListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}

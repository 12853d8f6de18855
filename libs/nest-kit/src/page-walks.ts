/**
 * Walking the services' paged lists (libs/contracts paging.ts): every reply is one bounded page, and
 * a service may cut a page short when its rows are large, so callers keep asking until they have
 * what they need.
 */
import { PAGE_SIZE_MAX, type KeysetPage } from '@lr/contracts';

export interface RangePage<T> {
  items: T[];
  total: number;
}

/** Every page of a keyset list, in order. */
export async function* keysetPages<T>(
  fetch: (after: string | null) => Promise<KeysetPage<T>>,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  do {
    const page: KeysetPage<T> = await fetch(after);
    if (page.items.length > 0) yield page.items;
    // A page without rows that still points further would loop forever.
    after = page.items.length > 0 ? page.next : null;
  } while (after);
}

/**
 * Rows `start` to `start + count - 1` of a range list, asking again where a page was cut short; the
 * rows may be fewer at the end of the list. `count` must not exceed PAGE_SIZE_MAX.
 */
export async function collectRange<T>(
  fetch: (start: number, limit: number) => Promise<RangePage<T>>,
  start: number,
  count: number,
): Promise<RangePage<T>> {
  const items: T[] = [];
  let total: number;
  do {
    const page = await fetch(start + items.length, count - items.length);
    total = page.total;
    if (page.items.length === 0) break;
    items.push(...page.items);
  } while (items.length < count && start + items.length < total);
  return { items, total };
}

/**
 * The rows with these ids, in the order asked. A service answers a list of ids in that order and may
 * cut it short, so whatever follows the last row it returned is asked again.
 */
export async function collectByIds<T>(
  ids: readonly string[],
  fetch: (ids: string[]) => Promise<T[]>,
  idOf: (row: T) => string,
): Promise<T[]> {
  const rows: T[] = [];
  let rest = [...new Set(ids)];
  while (rest.length > 0) {
    const asked = rest.slice(0, PAGE_SIZE_MAX);
    const page = await fetch(asked);
    rows.push(...page);
    const last = page[page.length - 1];
    const answeredUpTo = last === undefined ? -1 : asked.indexOf(idOf(last));
    // An empty page, or one that reached the last id asked, leaves nothing of `asked` unanswered.
    const consumed = last === undefined || answeredUpTo < 0 ? asked.length : answeredUpTo + 1;
    rest = rest.slice(consumed);
  }
  return rows;
}

/**
 * The walks over paged lists against a fake service that cuts its pages like the real ones do (a
 * byte budget): nothing is lost or repeated at a cut, and an empty page ends a walk.
 */
import { PAGE_SIZE_MAX } from '@lr/contracts';
import { collectByIds, collectRange, keysetPages, withinReplyBudget } from '@lr/nest-kit';

interface Row {
  id: string;
  blob: string;
}

const rows: Row[] = Array.from({ length: 250 }, (_, i) => ({
  id: `r${String(i).padStart(3, '0')}`,
  // Every seventh row is large, so cuts fall at irregular places.
  blob: 'x'.repeat(i % 7 === 0 ? 900 : 10),
}));
const BUDGET = 4000;

describe('withinReplyBudget', () => {
  it('keeps the longest prefix within the budget, and always one row', () => {
    const cut = withinReplyBudget(rows, BUDGET);
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(rows.length);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(BUDGET + 2);
    expect(withinReplyBudget([{ id: 'big', blob: 'x'.repeat(BUDGET * 2) }], BUDGET)).toHaveLength(
      1,
    );
    expect(withinReplyBudget([], BUDGET)).toEqual([]);
  });
});

describe('walks over cut pages', () => {
  it('keysetPages returns every row once', async () => {
    const seen: Row[] = [];
    for await (const page of keysetPages(async (after) => {
      const start = after === null ? 0 : rows.findIndex((r) => r.id === after) + 1;
      const items = withinReplyBudget(rows.slice(start, start + PAGE_SIZE_MAX), BUDGET);
      const last = items[items.length - 1];
      const more = start + items.length < rows.length;
      return { items, next: more && last ? last.id : null };
    }))
      seen.push(...page);
    expect(seen).toEqual(rows);
  });

  it('collectRange fills the range asked across cut pages', async () => {
    const fetch = async (start: number, limit: number) => ({
      items: withinReplyBudget(rows.slice(start, start + limit), BUDGET),
      total: rows.length,
    });
    const middle = await collectRange(fetch, 40, PAGE_SIZE_MAX);
    expect(middle.items).toEqual(rows.slice(40, 40 + PAGE_SIZE_MAX));
    const end = await collectRange(fetch, 200, PAGE_SIZE_MAX);
    expect(end.items).toEqual(rows.slice(200));
    expect(end.total).toBe(250);
  });

  it('collectByIds answers every known id in the order asked, skipping unknown ones', async () => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const asked = [...rows].reverse().map((r) => r.id);
    asked.splice(5, 0, 'unknown-1');
    asked.push('unknown-2');
    const calls: number[] = [];
    const found = await collectByIds(
      asked,
      async (ids) => {
        calls.push(ids.length);
        const known = ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
        return withinReplyBudget(known, BUDGET);
      },
      (row) => row.id,
    );
    expect(found).toEqual([...rows].reverse());
    expect(Math.max(...calls)).toBeLessThanOrEqual(PAGE_SIZE_MAX);
  });
});

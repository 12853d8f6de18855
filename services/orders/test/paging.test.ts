/**
 * Order lists at volume, against the real PostgreSQL and NATS: the newest-first walks page by keyset
 * (every order exactly once, ties on the creation time included), a page of large orders is cut to
 * the reply budget instead of outgrowing the broker's limit, and a page bigger than the maximum or a
 * forged cursor is refused.
 */
import { randomUUID } from 'node:crypto';
import {
  ordersOps,
  PAGE_SIZE_MAX,
  REPLY_BUDGET_BYTES,
  type Actor,
  type KeysetPage,
  type OrderSnapshot,
} from '@lr/contracts';
import { TestEnv, insertBulkOrders } from '@lr/testing';
import { startOrdersService } from '@lr/testing/services';
import { school } from './support/orders-env.js';

describe('paged order lists', () => {
  let env: TestEnv;
  const staff = TestEnv.actor('volunteer');
  const small = school('Small Lines School');
  const large = school('Large Lines School');

  async function walk(
    operation: typeof ordersOps.listAll | typeof ordersOps.listMine,
    actor: Actor,
    limit?: number,
  ) {
    const pages: OrderSnapshot[][] = [];
    let after: string | null = null;
    do {
      const page: KeysetPage<OrderSnapshot> = await env.rpc.call(
        operation,
        { after, ...(limit ? { limit } : {}) },
        { actor },
      );
      pages.push(page.items);
      after = page.next;
    } while (after);
    return pages;
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    await startOrdersService(env);
    const productId = randomUUID();
    const user = (actor: Actor) => ({ id: actor.id, name: actor.name, loginId: actor.loginId });
    await insertBulkOrders(env.pool, {
      count: 450,
      linesPerOrder: 2,
      user: user(small),
      productId,
    });
    await insertBulkOrders(env.pool, {
      count: 60,
      linesPerOrder: 100,
      user: user(large),
      productId,
    });
  });
  afterAll(() => env.close());

  it('walks every order once, newest first, in pages of at most the maximum', async () => {
    const pages = await walk(ordersOps.listAll, staff);
    const orders = pages.flat();
    expect(orders).toHaveLength(510);
    expect(new Set(orders.map((o) => o.id)).size).toBe(510);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(PAGE_SIZE_MAX);
    const keys = orders.map((o) => [Date.parse(o.createdAt), Number(o.orderNumber.slice(3))]);
    const sorted = [...keys].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!);
    expect(keys).toEqual(sorted);
  });

  it("walks a school's own orders with a smaller page", async () => {
    const pages = await walk(ordersOps.listMine, small, 40);
    expect(pages.flat()).toHaveLength(450);
    expect(pages[0]).toHaveLength(40);
    expect(pages.flat().every((o) => o.userId === small.id)).toBe(true);
  });

  it('cuts a page of large orders to the reply budget and the walk still gets them all', async () => {
    const pages = await walk(ordersOps.listMine, large);
    expect(pages.flat()).toHaveLength(60);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages)
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(REPLY_BUDGET_BYTES + 64 * 1024);
    const ids = pages.flat().map((o) => o.id);
    const many = await env.rpc.call(ordersOps.getMany, { ids: ids.slice(0, 50) }, { actor: staff });
    // In the order asked, cut short where the budget ran out.
    expect(many.length).toBeLessThan(50);
    expect(many.map((o) => o.id)).toEqual(ids.slice(0, many.length));
  });

  it('refuses a page over the maximum, too many ids and a forged cursor', async () => {
    await expect(
      env.rpc.call(ordersOps.listAll, { limit: PAGE_SIZE_MAX + 1 }, { actor: staff }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      env.rpc.call(
        ordersOps.consoleList,
        { filter: {}, range: { start: 0, end: PAGE_SIZE_MAX } },
        { actor: staff },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('at most') });
    const ids = Array.from({ length: PAGE_SIZE_MAX + 1 }, () => randomUUID());
    await expect(env.rpc.call(ordersOps.getMany, { ids }, { actor: staff })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    for (const after of [
      "2026-01-01T00:00:00.000000Z|1' OR 1=1",
      'junk',
      '9999-99-99T00:00:00.000000Z|1',
    ])
      await expect(
        env.rpc.call(ordersOps.listAll, { after }, { actor: staff }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('reads a console page near the end backwards and gives what a walk from the start gives', async () => {
    const walked = (await walk(ordersOps.listMine, small)).flat().map((o) => o.id);
    const consolePage = async (
      range: { start: number; end: number },
      order: 'ASC' | 'DESC' = 'DESC',
    ) => {
      const page = await env.rpc.call(
        ordersOps.consoleList,
        { filter: { userId: small.id }, range, sort: { field: 'createdAt', order } },
        { actor: staff },
      );
      expect(page.total).toBe(450);
      return page.items.map((o) => o.id);
    };
    // Pages from the start, from the middle and from the end (past the middle they are read from
    // the end), a page that runs past the last order, and one entirely past it.
    const pages = [];
    for (let start = 0; start < 450; start += 100)
      pages.push(...(await consolePage({ start, end: start + 99 })));
    expect(pages).toEqual(walked);
    expect(await consolePage({ start: 440, end: 480 })).toEqual(walked.slice(440));
    expect(await consolePage({ start: 450, end: 460 })).toEqual([]);
    expect(await consolePage({ start: 0, end: 9 }, 'ASC')).toEqual(
      [...walked].reverse().slice(0, 10),
    );
    expect(await consolePage({ start: 430, end: 449 }, 'ASC')).toEqual(
      [...walked].reverse().slice(430),
    );
    // Without a school filter the total comes from the status counts.
    const everyone = (await walk(ordersOps.listAll, staff)).flat().map((o) => o.id);
    const last = await env.rpc.call(
      ordersOps.consoleList,
      { filter: { status: 'Processing' }, range: { start: 505, end: 514 } },
      { actor: staff },
    );
    expect(last.total).toBe(510);
    expect(last.items.map((o) => o.id)).toEqual(everyone.slice(505));
  });

  it('cuts a console page of large orders and says how many rows it holds', async () => {
    const page = await env.rpc.call(
      ordersOps.consoleList,
      { filter: { userId: large.id }, range: { start: 0, end: 59 } },
      { actor: staff },
    );
    expect(page.total).toBe(60);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThan(60);
  });
});

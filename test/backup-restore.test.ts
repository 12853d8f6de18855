/**
 * `npm run backup` and `npm run restore`: an archive of a running stack restored into a fresh
 * database and NATS namespace gives the same orders, stock, ledger, report and media; the restored
 * stack moves stock exactly once on a new status change; restore refuses to merge into data.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestEnv, runOperatorScript, waitFor } from '@lr/testing';
import { checkInvariants, unsentOutbox } from './chaos/invariants.js';
import { startFullStack, type FullStack } from './support/full-stack.js';

interface Figures {
  orders: unknown[];
  lines: unknown[];
  stock: unknown[];
  ledger: unknown[];
  users: unknown[];
  orderCounts: unknown[];
}

async function figures(env: TestEnv): Promise<Figures> {
  const rows = async (sql: string) => (await env.pool.query(sql)).rows;
  return {
    orders: await rows(
      'SELECT id, order_number, status, user_id, created_at, delivered_at FROM orders.orders ORDER BY id',
    ),
    lines: await rows(
      'SELECT order_id, product_id, size, requested_quantity, quantity FROM orders.order_lines ORDER BY order_id, product_id, size',
    ),
    stock: await rows('SELECT id, size, stock FROM catalog.product_sizes ORDER BY id'),
    ledger: await rows(
      'SELECT id, size_id, delta, reason, order_id, event_id FROM catalog.stock_movements ORDER BY id',
    ),
    users: await rows('SELECT id, login_id, role, password_hash FROM auth.users ORDER BY id'),
    // Kept by a trigger from the orders, so not archived: loading the orders counts them again.
    orderCounts: await rows(
      `SELECT status, sum(orders)::int AS n FROM orders.order_counts
        GROUP BY status HAVING sum(orders) <> 0 ORDER BY status`,
    ),
  };
}

describe('backup and restore', () => {
  let source: FullStack;
  let target: FullStack | undefined;
  let duringLoad: FullStack | undefined;
  let folder: string;
  let archive: string;
  let admin: string;
  let school: string;
  let orderIds: string[];
  let productId: string;
  let size: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'lr-backup-test-'));
    archive = path.join(folder, 'backup.tar.gz');
    source = await startFullStack();
    admin = await source.login('admin');
    school = await source.login('maplegrove');
    const listing = await source.request({ method: 'GET', url: '/api/v1/products' });
    const product = (
      JSON.parse(listing.body) as {
        products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
      }
    ).products.find((p) => p.ProductSize.some((s) => s.stock >= 6))!;
    productId = product._id;
    size = product.ProductSize.find((s) => s.stock >= 6)!.size;
    orderIds = [];
    for (let i = 0; i < 4; i += 1) {
      const placed = await placeOrder(`B${i}`, 2);
      expect(placed.statusCode).toBe(201);
      orderIds.push((JSON.parse(placed.body) as { order: { _id: string } }).order._id);
    }
    for (const [id, status] of [
      [orderIds[0], 'Printed'],
      [orderIds[1], 'Delivered'],
    ] as const) {
      const moved = await source.request({
        method: 'PUT',
        url: `/api/v1/admin/order/${id}`,
        cookie: admin,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    // Both commits applied by catalog and the report has every order.
    await waitFor(
      async () =>
        (
          await source.env.pool.query(
            `SELECT count(*)::int AS n FROM catalog.stock_movements WHERE reason = 'order-commit'`,
          )
        ).rows[0].n === 2,
      { message: 'the two commits in the ledger' },
    );
    await waitFor(async () => (await report(source)).includes('"ordersReceived":4'), {
      message: 'four orders in the report',
    });
    mkdirSync(path.join(source.env.dataDir, 'media', 'products'), { recursive: true });
    writeFileSync(path.join(source.env.dataDir, 'media', 'products', 'photo.webp'), 'image bytes');
  }, 120_000);

  afterAll(async () => {
    await duringLoad?.close();
    await target?.close();
    await source?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The school's request for `quantity` of the chosen size, for student `student`. */
  function placeOrder(student: string, quantity: number) {
    return source.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie: school,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: `${student}_12_NA`, Email: 'teacher@example.org' },
        orderItems: [{ product: productId, ProductSize: size, quantity }],
      },
    });
  }

  async function report(stack: FullStack): Promise<string> {
    const response = await stack.request({
      method: 'GET',
      url: '/api/v1/admin/report',
      cookie: await stack.login('admin'),
    });
    return response.body;
  }

  it('restores an archive into a fresh database and namespace with the same figures', async () => {
    const backup = await runOperatorScript(source.env, 'backup.mjs', ['--out', archive]);
    expect(backup.stderr).not.toContain('failed');
    expect(backup.code).toBe(0);
    expect(backup.stderr).toMatch(/Backup written: .*backup\.tar\.gz/);
    const before = await figures(source.env);
    const reportBefore = await report(source);

    const fresh = await TestEnv.create();
    const restore = await runOperatorScript(fresh, 'restore.mjs', [archive]);
    expect(restore.stderr).toContain('Restored:');
    expect(restore.code).toBe(0);
    expect(readFileSync(path.join(fresh.dataDir, 'media', 'products', 'photo.webp'), 'utf8')).toBe(
      'image bytes',
    );

    target = await startFullStack({}, { env: fresh, seed: false });
    expect(await figures(fresh)).toEqual(before);
    // Same logins (same hashes), same report.
    expect(await report(target)).toBe(reportBefore);

    // A second restore into the now non-empty deployment is refused, and changes nothing.
    const again = await runOperatorScript(fresh, 'restore.mjs', [archive]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds data');
    expect(await figures(fresh)).toEqual(before);
  }, 180_000);

  it('moves stock exactly once on a status change after the restore', async () => {
    const stack = target!;
    const stockOf = async () =>
      (
        await stack.env.pool.query(
          'SELECT stock FROM catalog.product_sizes WHERE product_id = $1 AND size = $2',
          [productId, size],
        )
      ).rows[0].stock as number;
    const stockBefore = await stockOf();
    const moved = await stack.request({
      method: 'PUT',
      url: `/api/v1/admin/order/${orderIds[2]}`,
      cookie: await stack.login('admin'),
      payload: { status: 'Printed' },
    });
    expect(moved.statusCode).toBe(200);
    await waitFor(async () => (await stockOf()) === stockBefore - 2, {
      message: 'the commit after the restore',
    });
    // Let any replayed event land, then check nothing moved twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await stockOf()).toBe(stockBefore - 2);
    const { rows } = await stack.env.pool.query(
      `SELECT order_id, count(*)::int AS n FROM catalog.stock_movements
        WHERE reason = 'order-commit' GROUP BY order_id`,
    );
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    expect(rows).toHaveLength(3);
  }, 60_000);

  it('restores a backup taken during load to a consistent state', async () => {
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i += 1) {
        const placed = await placeOrder(`L${i}`, 1);
        const id = (JSON.parse(placed.body) as { order?: { _id: string } }).order?._id;
        if (id && i % 2 === 0)
          await source.request({
            method: 'PUT',
            url: `/api/v1/admin/order/${id}`,
            cookie: admin,
            payload: { status: 'Printed' },
          });
        if (id && i % 4 === 0)
          await source.request({
            method: 'PUT',
            url: `/api/v1/admin/order/${id}`,
            cookie: admin,
            payload: { status: 'Processing' },
          });
      }
    })();
    const loadArchive = path.join(folder, 'during-load.tar.gz');
    const backup = await runOperatorScript(source.env, 'backup.mjs', ['--out', loadArchive]);
    loading = false;
    await load;
    expect(backup.code).toBe(0);

    const fresh = await TestEnv.create();
    const restore = await runOperatorScript(fresh, 'restore.mjs', [loadArchive]);
    expect(restore.code).toBe(0);
    duringLoad = await startFullStack({}, { env: fresh, seed: false });
    // Events the snapshot had not applied yet are applied now, each once.
    const results = await waitFor(
      async () => {
        const checked = await checkInvariants(fresh.pool);
        const unsent = await unsentOutbox(fresh.pool);
        const broken = checked.filter((r) => !r.ok).map((r) => r.name);
        // Thrown, so that a timeout says what had not settled.
        if (unsent > 0 || broken.length > 0)
          throw new Error(`${unsent} events unsent; not yet holding: ${broken.join(', ') || '-'}`);
        return checked;
      },
      // Generous: on a loaded 2-core machine the restored stack replays its backlog slowly.
      { timeoutMs: 100_000, message: 'the restored stack to settle with every invariant' },
    );
    expect(results.map((r) => r.name)).toContain('committed lines moved exactly once');
    const restored = (await fresh.pool.query('SELECT id FROM orders.orders')).rows.map(
      (row: { id: string }) => row.id,
    );
    const original = new Set(
      (await source.env.pool.query('SELECT id FROM orders.orders')).rows.map(
        (row: { id: string }) => row.id,
      ),
    );
    expect(restored.length).toBeGreaterThanOrEqual(4);
    expect(restored.every((id) => original.has(id))).toBe(true);
  }, 180_000);
});

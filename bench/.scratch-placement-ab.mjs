// Scratch (not committed): order placement with migration 005's triggers and indexes vs without, alternating rounds.
import { randomUUID } from 'node:crypto';
import { load } from './lib/load.mjs';
import { login, startBenchStack } from './lib/stack.mjs';

const WITHOUT = `
DROP TRIGGER orders_counted_on_insert ON orders.orders;
DROP TRIGGER orders_counted_on_update ON orders.orders;
DROP TRIGGER orders_counted_on_delete ON orders.orders;
DROP TRIGGER orders_schools_on_insert ON orders.orders;
DROP INDEX orders.orders_status_keyset_idx;
DROP INDEX orders.orders_student_idx;
CREATE INDEX orders_status_idx ON orders.orders (status);
CREATE INDEX orders_created_idx ON orders.orders (created_at DESC, id DESC);
CREATE INDEX orders_user_created_idx ON orders.orders (user_id, created_at DESC);`;
const WITH = `
CREATE TRIGGER orders_counted_on_insert AFTER INSERT ON orders.orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();
CREATE TRIGGER orders_counted_on_update AFTER UPDATE ON orders.orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();
CREATE TRIGGER orders_counted_on_delete AFTER DELETE ON orders.orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders.count_order_statuses();
CREATE TRIGGER orders_schools_on_insert AFTER INSERT ON orders.orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders.note_order_schools();
CREATE INDEX orders_status_keyset_idx ON orders.orders (status, created_at DESC, order_number DESC);
CREATE INDEX orders_student_idx ON orders.orders (lower(shipping_info ->> 'receivingPersonName') text_pattern_ops);
DROP INDEX orders.orders_status_idx;
DROP INDEX orders.orders_created_idx;
DROP INDEX orders.orders_user_created_idx;`;

const stack = await startBenchStack();
try {
  const { rows } = await stack.pool.query(`INSERT INTO catalog.products (name, description, category, sub_category, is_show)
     VALUES ('AB item', 'bench', 'Clothing', 'Unisex adult sizing', true) RETURNING id`);
  const productId = rows[0].id;
  const size = await stack.pool.query(`INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, 'M', 1000000, 0) RETURNING id`, [productId]);
  await stack.pool.query(`INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, 'M', 1000000, 'initial')`, [productId, size.rows[0].id]);
  const cookie = await login(stack.url, 'TEST USER');
  const body = JSON.stringify({ shippingInfo: { receivingPersonName: 'B1_10_NA', Email: 'bench@example.org' }, orderItems: [{ product: productId, ProductSize: 'M', quantity: 1 }] });
  const run = (seconds) => load({ url: `${stack.url}/api/v1/order/new`, method: 'POST', connections: 32, durationSeconds: seconds,
    headers: { 'content-type': 'application/json', cookie }, body,
    setupRequest: (r) => { r.headers = { ...r.headers, 'idempotency-key': randomUUID() }; return r; } });
  await run(3);
  const result = { with: [], without: [] };
  let current = 'with';
  const rounds = Number(process.argv[2] ?? 6);
  for (let i = 0; i < rounds * 2; i += 1) {
    const want = i % 2 === 0 ? 'with' : 'without';
    if (want !== current) { await stack.pool.query(want === 'with' ? WITH : WITHOUT); current = want; }
    const r = await run(Number(process.argv[3] ?? 4));
    result[want].push(Math.round(r.requestsPerSecond));
    console.log(want, Math.round(r.requestsPerSecond), 'req/s', 'p50', r.p50, 'failed', r.failed);
  }
  const sum = (l) => l.reduce((a, b) => a + b, 0);
  console.log('with 005:', result.with.join(' '), 'mean', Math.round(sum(result.with) / result.with.length));
  console.log('without :', result.without.join(' '), 'mean', Math.round(sum(result.without) / result.without.length));
  const { rows: counts } = await stack.pool.query('SELECT count(*)::int AS n FROM orders.orders');
  console.log('orders placed', counts[0].n);
} finally {
  await stack.dispose();
}
process.exit(0);

// Scratch: cost of placing one order (orders + line + history in one statement) with migration 005's triggers/indexes vs without.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { readFileSync } from 'node:fs';
const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.argv[2]}` });
await client.connect();
await client.query('SET synchronous_commit = off');
const WITHOUT = `DROP TRIGGER orders_counted_on_insert ON orders.orders;
DROP INDEX orders.orders_status_keyset_idx; DROP INDEX orders.orders_student_idx;
CREATE INDEX orders_status_idx ON orders.orders (status); CREATE INDEX orders_created_idx ON orders.orders (created_at DESC, id DESC);
CREATE INDEX orders_user_created_idx ON orders.orders (user_id, created_at DESC);`;
const WITH = `CREATE TRIGGER orders_counted_on_insert AFTER INSERT ON orders.orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders.orders_inserted();

CREATE INDEX orders_status_keyset_idx ON orders.orders (status, created_at DESC, order_number DESC);
CREATE INDEX orders_student_idx ON orders.orders (lower(shipping_info ->> 'receivingPersonName') text_pattern_ops);
DROP INDEX orders.orders_status_idx; DROP INDEX orders.orders_created_idx; DROP INDEX orders.orders_user_created_idx;`;
const user = randomUUID();
const pid = (await client.query('SELECT pg_backend_pid() AS p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const GROUP = Number(process.argv[4] ?? 1);
const insert = () => client.query(`WITH o AS (
  INSERT INTO orders.orders (id, user_id, user_name, user_login_id, status, shipping_info, created_at, version)
  SELECT gen_random_uuid(), $1, 'AB School', 'ab', 'Processing', '{"receivingPersonName":"AB1_10_NA"}', now(), 1
    FROM generate_series(1, $2::int) RETURNING id),
 l AS (INSERT INTO orders.order_lines (id, order_id, position, product_id, name, category, sub_category, size, requested_quantity, quantity, image)
  SELECT gen_random_uuid(), id, 0, $1, 'x', 'Clothing', 'Unisex adult sizing', 'M', 1, 1, '' FROM o)
 INSERT INTO orders.order_status_history (order_id, at, to_status, quantities) SELECT id, now(), 'Processing', '[1]' FROM o`,
  [user, GROUP]);
const times = { with: [], without: [] };
let current = 'with';
for (let i = 0; i < Number(process.argv[3] ?? 10); i += 1) {
  for (const want of i % 2 ? ['without', 'with'] : ['with', 'without']) {
    if (want !== current) { await client.query(want === 'with' ? WITH : WITHOUT); current = want; }
    for (let w = 0; w < 50 / GROUP; w += 1) await insert();
    const started = cpu();
    for (let k = 0; k < 1000 / GROUP; k += 1) await insert();
    times[want].push((cpu() - started) / 1000);
  }
}
if (current !== 'with') await client.query(WITH);
await client.query(`DELETE FROM orders.orders WHERE user_id = $1`, [user]);
const med = (l) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)];
console.log('backend CPU ms per placement with 005:', times.with.map((t) => t.toFixed(3)).join(' '), 'median', med(times.with).toFixed(3));
console.log('backend CPU backend CPU ms per placement without:', times.without.map((t) => t.toFixed(3)).join(' '), 'median', med(times.without).toFixed(3));
await client.end();

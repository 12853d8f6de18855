// Scratch (not committed): a stack loaded like the growth bench, its database kept for EXPLAIN.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startStack } from '../scripts/stack/stack.mjs';
import { ADMIN_URL, freePort } from './lib/stack.mjs';
import { loadOrders, markRollupsStale } from './lib/bulk-orders.mjs';
import { seedProducts } from './scenarios/catalog-listing.mjs';

const name = process.argv[2] ?? 'lrgrowth_scratch';
const sizes = (process.argv[3] ?? '1000,100000').split(',').map(Number);
const spacing = Number(process.argv[4] ?? 900);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(ADMIN_URL); url.pathname = `/${name}`;
const port = await freePort();
const namespace = `scr${randomBytes(3).toString('hex')}`;
const stack = await startStack({ port, databaseUrl: url.toString(), namespace, dataDir: `/tmp/lockerroom-bench/${namespace}`,
  seed: true, quiet: true, logLevel: 'warn', nodeEnv: 'production', env: { JWT_SECRET: randomBytes(32).toString('hex') },
  publicUrl: `http://127.0.0.1:${port}`, log: () => undefined });
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
await seedProducts(pool, 2000);
const { rows: schools } = await pool.query(`INSERT INTO auth.users (id, login_id, name, role, avatar_url, password_hash)
  SELECT gen_random_uuid(), 'growth-' || lpad(n::text, 3, '0'), 'Growth School ' || lpad(n::text, 3, '0'), 'user', '/x.svg',
   (SELECT password_hash FROM auth.users WHERE login_id = 'TEST USER') FROM generate_series(0, 199) n RETURNING id, name, login_id`);
schools.sort((a, b) => (a.login_id < b.login_id ? -1 : 1));
const staff = (await pool.query(`SELECT id, name FROM auth.users WHERE login_id = 'admin'`)).rows[0];
const sz = (await pool.query(`SELECT p.id AS "productId", s.id AS "sizeId", p.name, p.category, p.sub_category AS "subCategory", s.size
  FROM catalog.products p JOIN catalog.product_sizes s ON s.product_id = p.id WHERE p.name LIKE 'Bench item %' ORDER BY p.name, s.position`)).rows;
const below = Number((await pool.query('SELECT max(order_number) AS n FROM orders.orders')).rows[0].n);
const newestAt = new Date(Date.now() - 3600_000);
let above = 0;
for (const [step, size] of sizes.entries()) {
  await loadOrders(pool, { count: size - above, firstNumber: below + 1 + (sizes.at(-1) - size), newestAt: new Date(newestAt - above * spacing * 1000),
    spacingSeconds: spacing, linesPerOrder: 5, schools: schools.map((s) => ({ id: s.id, name: s.name, loginId: s.login_id })),
    heavySchoolOrders: step === 0 ? 500 : 0, sizes: sz, staff, services: ['orders', 'catalog', 'reporting'] });
  above = size;
}
await markRollupsStale(pool);
await pool.end();
await stack.stop();
console.log(`database ${name} ready`);
process.exit(0);

// TEMP (not committed): keep a bench stack up for profiling.
import fs from 'node:fs';
import { startBenchStack, login } from './lib/stack.mjs';
const stack = await startBenchStack();
const { rows } = await stack.pool.query(`INSERT INTO catalog.products (name, description, category, sub_category, is_show) VALUES ('Bench order item','bench','Clothing','Unisex adult sizing',true) RETURNING id`);
const productId = rows[0].id;
const size = await stack.pool.query(`INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1,'M',1000000,0) RETURNING id`, [productId]);
await stack.pool.query(`INSERT INTO catalog.stock_movements (product_id,size_id,size,delta,reason) VALUES ($1,$2,'M',1000000,'initial')`, [productId, size.rows[0].id]);
const cookie = await login(stack.url, 'TEST USER');
fs.writeFileSync('/tmp/perf/stack.json', JSON.stringify({ url: stack.url, productId, cookie, databaseUrl: stack.databaseUrl, natsUrl: stack.natsUrl, namespace: stack.namespace }));
console.log('up', stack.url);
process.on('SIGTERM', async () => { await stack.dispose(); process.exit(0); });
setInterval(() => {}, 1 << 30);

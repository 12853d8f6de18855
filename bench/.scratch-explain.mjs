import pg from 'pg';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/lrgrowth_scratch' });
await client.connect();
const show = async (title, text, params) => {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
  console.log(`=== ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
};
const ids = (await client.query(`SELECT user_id FROM orders.order_schools WHERE user_name ILIKE $1 OR user_login_id ILIKE $1`, ['%Growth School 007%'])).rows.map((r) => r.user_id);
await show('schools table', `SELECT user_id FROM orders.order_schools WHERE user_name ILIKE $1 OR user_login_id ILIKE $1`, ['%Growth School 007%']);
const school = `user_id = ANY($2::uuid[]) AND (user_name ILIKE $1 OR user_login_id ILIKE $1)`;
await show('school filter: page', `SELECT * FROM orders.orders WHERE order_number IN (SELECT order_number FROM orders.orders WHERE ${school} ORDER BY created_at DESC, order_number DESC LIMIT 25) ORDER BY created_at DESC, order_number DESC`, ['%Growth School 007%', ids]);
await show('school filter: total', `SELECT count(*) FROM orders.orders WHERE ${school}`, ['%Growth School 007%', ids]);
const student = `(lower(shipping_info ->> 'receivingPersonName') LIKE lower($1) AND (shipping_info ->> 'receivingPersonName') ILIKE $1)`;
const ids2 = (await client.query(`SELECT user_id FROM orders.order_schools WHERE user_name ILIKE $1 OR user_login_id ILIKE $1`, ['%S1234%'])).rows.map((r) => r.user_id);
console.log('schools matching S1234:', ids2.length);
await show('search S1234: page', `SELECT * FROM orders.orders WHERE order_number IN (SELECT order_number FROM orders.orders WHERE ${student} ORDER BY created_at DESC, order_number DESC LIMIT 25) ORDER BY created_at DESC, order_number DESC`, ['S1234%']);
await show('search S1234: total', `SELECT count(*) FROM orders.orders WHERE ${student}`, ['S1234%']);
await client.end();

/**
 * The two operations CPU is measured per: a status change (an admin's PUT of an order's status)
 * and a placed order (a school's POST of a one-item order), sent at a set rate, and the check that
 * their effects (catalog's stock commitment and the report's row) have been applied; and the same
 * order sent to the placement benchmark's prototype (`fixture.prototypeUrl`), for comparison.
 */
import { randomUUID } from 'node:crypto';
import { send } from './light-http.mjs';
import { login } from './stack.mjs';

/**
 * Orders the status changes rotate over (one change per order at a time), unless the caller names
 * another count. Enough that each order changes every few seconds, not several times a second: with
 * a few orders changed again and again, PostgreSQL's CPU per change grew the longer a run lasted
 * (more dead versions of the same rows to step over), which a charity's orders, each changed a few
 * times in its life, never meet (bench/results-log.md, "The bench's steady state").
 */
const CHANGED_ORDERS = 2000;
/** Placements in flight at once while the orders are set up. */
const SETUP_CONCURRENCY = 16;

function placeRequest(fixture) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: fixture.school,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      shippingInfo: { receivingPersonName: 'C1_10_NA', Email: 'bench@example.org' },
      orderItems: [{ product: fixture.productId, ProductSize: '9', quantity: 1 }],
    }),
  };
}

/** A product with plenty of stock, the two logins and `orders` orders to change. */
export async function prepareOperations(stack, { orders = CHANGED_ORDERS } = {}) {
  const { rows } = await stack.probe.query(
    `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
     VALUES ('Bench CPU item', 'bench', 'Footwear', 'Unisex adult sizing', true) RETURNING id`,
  );
  const productId = rows[0].id;
  const size = await stack.probe.query(
    `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, '9', 1000000, 0) RETURNING id`,
    [productId],
  );
  await stack.probe.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, '9', 1000000, 'initial')`,
    [productId, size.rows[0].id],
  );
  const fixture = {
    productId,
    school: await login(stack.url, 'TEST USER'),
    admin: await login(stack.url, 'admin'),
  };
  const versions = new Map();
  let placed = 0;
  const placeNext = async () => {
    while (placed < orders) {
      placed += 1;
      const response = await fetch(`${stack.url}/api/v1/order/new`, placeRequest(fixture));
      if (response.status !== 201) throw new Error(`placing an order: ${response.status}`);
      versions.set((await response.json()).order._id, 1);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, placeNext));
  return { ...fixture, versions };
}

/**
 * Sends `kind` ('change', 'place' or 'prototype') at `rate` per second for `seconds`; resolves with the
 * operations answered 2xx, the failed ones, and what their effects must show: order id -> version.
 */
export async function runOperations(stack, fixture, { kind, rate, seconds }) {
  const expected = new Map();
  const busy = new Set();
  const inFlight = new Set();
  let ok = 0;
  let failed = 0;
  const ids = [...fixture.versions.keys()];
  const change = (id) => {
    const version = fixture.versions.get(id);
    busy.add(id);
    return send(`${stack.url}/api/v1/admin/order/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: fixture.admin },
      body: JSON.stringify({ status: version % 2 === 1 ? 'Printed' : 'Processing' }),
      clock: Date.now,
    })
      .then(({ status }) => {
        if (status !== 200) return void (failed += 1);
        ok += 1;
        fixture.versions.set(id, version + 1);
        expected.set(id, version + 1);
      })
      .finally(() => busy.delete(id));
  };
  const place = () =>
    send(`${stack.url}/api/v1/order/new`, {
      ...placeRequest(fixture),
      clock: Date.now,
      keepBody: true,
    }).then(async ({ status, body }) => {
      if (status !== 201) return void (failed += 1);
      ok += 1;
      expected.set(JSON.parse(body).order._id, 1);
    });
  // The prototype keeps nothing the stack's read models would show: nothing to wait for.
  const prototype = () =>
    send(fixture.prototypeUrl, { ...placeRequest(fixture), clock: Date.now }).then(({ status }) => {
      if (status !== 201) return void (failed += 1);
      ok += 1;
    });
  const operation = { change, place, prototype }[kind];
  const start = performance.now();
  let issued = 0;
  let next = 0;
  // Paced by the clock: whatever a slow tick left behind is sent on the next one.
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) * rate) / 1000);
    for (let tries = 0; issued < due && tries < ids.length; tries += 1) {
      const id = ids[next++ % ids.length];
      if (kind === 'change' && busy.has(id)) continue;
      const job = operation(id)
        .catch(() => void (failed += 1))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      issued += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  return { ok, failed, expected };
}

/**
 * How many expected orders catalog and the report hold at their expected version (`applied` once
 * both hold all). A placed order reaches catalog's commitments only with its first status change,
 * so for placements (version 1) only the report is waited for.
 */
export async function effectsApplied(stack, expected) {
  if (expected.size === 0) return { applied: true };
  const { rows } = await stack.probe.query(
    `SELECT count(*) FILTER (WHERE c.version >= w.version OR w.version = 1) AS catalog,
            count(*) FILTER (WHERE r.version >= w.version) AS report
       FROM jsonb_to_recordset($1::jsonb) AS w(order_id uuid, version int)
       LEFT JOIN catalog.order_commitments c ON c.order_id = w.order_id
       LEFT JOIN reporting.report_orders r ON r.order_id = w.order_id`,
    [JSON.stringify([...expected].map(([orderId, version]) => ({ order_id: orderId, version })))],
  );
  const catalog = Number(rows[0].catalog);
  const report = Number(rows[0].report);
  return { applied: catalog === expected.size && report === expected.size, catalog, report };
}

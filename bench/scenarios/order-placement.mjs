/**
 * Order placement (POST /api/v1/order/new) through the gateway at 32 connections vs a minimal
 * prototype of the same shape: HTTP -> NATS request -> one PostgreSQL transaction -> reply.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';
import pg from 'pg';
import { loadPair } from '../lib/load.mjs';
import { freePort } from '@lr/testing';
import { login } from '../lib/stack.mjs';

async function benchProduct(pool) {
  const { rows } = await pool.query(
    `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
     VALUES ('Bench order item', 'bench', 'Clothing', 'Unisex adult sizing', true) RETURNING id`,
  );
  const productId = rows[0].id;
  const size = await pool.query(
    `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, 'M', 1000000, 0) RETURNING id`,
    [productId],
  );
  await pool.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, 'M', 1000000, 'initial')`,
    [productId, size.rows[0].id],
  );
  return productId;
}

/** The prototype's transaction: the order's row and a row per line. */
async function insertPrototypeOrder(pool, body) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const id = randomUUID();
    await client.query('INSERT INTO public.bench_orders (id, body) VALUES ($1, $2)', [id, body]);
    for (const item of body.orderItems) {
      await client.query('INSERT INTO public.bench_lines VALUES ($1, $2, $3, $4)', [
        id,
        item.product,
        item.ProductSize,
        item.quantity,
      ]);
    }
    await client.query('COMMIT');
    return { ok: true, id };
  } catch (error) {
    await client.query('ROLLBACK');
    return { ok: false, error: error.message };
  } finally {
    client.release();
  }
}

/**
 * The prototype: the least a placed order needs to cross HTTP, NATS and a transaction. With
 * `overNats: false` the HTTP handler runs the transaction itself, so the two variants side by side
 * say what one NATS request and its reply cost an order (bench/rpc-hop-cost.mjs).
 */
export async function startPrototype(databaseUrl, natsUrl, natsSeed, { overNats = true } = {}) {
  // The stack's nats-server has authorization: the prototype connects as its operator identity.
  const natsOptions = {
    servers: natsUrl,
    noAsyncTraces: true,
    ...(natsSeed ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(natsSeed)) } : {}),
  };
  // An idle connection dropped with its database (the bench's end) must not crash the bench.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 }).on('error', () => undefined);
  await pool.query(`CREATE TABLE IF NOT EXISTS public.bench_orders (id uuid PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz DEFAULT now());
                    CREATE TABLE IF NOT EXISTS public.bench_lines (order_id uuid NOT NULL, product_id uuid NOT NULL, size text NOT NULL, quantity int NOT NULL)`);
  const connections = [];
  let place;
  if (overNats) {
    // The same client setting as the product's connections (nest-kit connectNats), for a like-for-like baseline.
    const responder = await connect(natsOptions);
    const subject = `bench.prototype.${randomUUID()}`;
    responder.subscribe(subject, {
      callback: async (_err, msg) => {
        const body = JSON.parse(new TextDecoder().decode(msg.data));
        msg.respond(JSON.stringify(await insertPrototypeOrder(pool, body)));
      },
    });
    const requester = await connect(natsOptions);
    connections.push(requester, responder);
    place = async (raw) => (await requester.request(subject, raw, { timeout: 5000 })).data;
  } else {
    place = async (raw) =>
      JSON.stringify(await insertPrototypeOrder(pool, JSON.parse(raw.toString('utf8'))));
  }
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const reply = await place(Buffer.concat(chunks));
        res.setHeader('content-type', 'application/json');
        res.statusCode = 201;
        res.end(reply);
      } catch {
        res.statusCode = 503;
        res.end();
      }
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/order/new`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const nc of connections) await nc.close();
      await pool.end();
    },
  };
}

const BODY_TEMPLATE = {
  shippingInfo: {
    receivingPersonName: 'B1_10_NA',
    userLoggedInDesignation: 'Bench',
    phoneNo: '1',
    Email: 'bench@example.org',
  },
  itemsPrice: 0,
  taxPrice: 0,
  shippingPrice: 0,
  totalPrice: 0,
};

/** Students of the bench's school: a large school's roll, each asking now and then. */
const STUDENTS = 1000;
let nextStudent = 0;

/**
 * Each request its own idempotency key, as a school's browser sends, and the next student of the
 * school: the per-student limit counts a student's requests of the school year, so thousands of
 * orders for one student would measure a school no charity has.
 */
function setupRequest(request) {
  request.headers = { ...request.headers, 'idempotency-key': randomUUID() };
  nextStudent = (nextStudent + 1) % STUDENTS;
  const body = JSON.parse(request.body);
  body.shippingInfo.receivingPersonName = `B${nextStudent + 1}_10_NA`;
  request.body = JSON.stringify(body);
  return request;
}

/**
 * The load of order placement against one stack (32 connections, one item per order), and the
 * same body and headers for the prototype.
 */
export async function placementLoad(stack) {
  const productId = await benchProduct(stack.pool);
  const cookie = await login(stack.url, 'TEST USER');
  const body = JSON.stringify({
    ...BODY_TEMPLATE,
    orderItems: [{ product: productId, ProductSize: 'M', quantity: 1 }],
  });
  const headers = { 'content-type': 'application/json', cookie };
  return {
    ours: {
      url: `${stack.url}/api/v1/order/new`,
      method: 'POST',
      connections: 32,
      headers,
      body,
      setupRequest,
    },
    prototype: (url) => ({ url, method: 'POST', connections: 32, headers, body }),
  };
}

export async function benchOrderPlacement(stack, { durationSeconds, warmupSeconds = 0 }) {
  const placement = await placementLoad(stack);
  const prototype = await startPrototype(stack.databaseUrl, stack.natsUrl, stack.natsAdminSeed);
  try {
    const { ours, base } = await loadPair(placement.ours, placement.prototype(prototype.url), {
      durationSeconds,
      warmupSeconds,
    });
    const ratio = ours.requestsPerSecond / base.requestsPerSecond;
    return [
      {
        benchmark: 'order placement',
        metric: 'req/s @32',
        ours: ours.requestsPerSecond,
        baseline: base.requestsPerSecond,
        ratio,
        target: '>= 0.8x',
        met: ratio >= 0.8,
      },
      {
        benchmark: 'order placement',
        metric: 'req/s by round',
        ours: ours.rounds.join(' '),
        baseline: base.rounds.join(' '),
      },
      {
        benchmark: 'order placement',
        metric: 'machine CPU busy %',
        ours: ours.machineBusyPercent,
        baseline: base.machineBusyPercent,
      },
      { benchmark: 'order placement', metric: 'p50 ms', ours: ours.p50, baseline: base.p50 },
      { benchmark: 'order placement', metric: 'p99 ms', ours: ours.p99, baseline: base.p99 },
      {
        benchmark: 'order placement',
        metric: 'failed requests',
        ours: ours.failed,
        baseline: base.failed,
      },
    ];
  } finally {
    await prototype.stop();
  }
}

/**
 * Catalog listing (GET /api/v1/products, 2,000 products) through the gateway vs a minimal server
 * answering the same query straight from PostgreSQL, 64 connections each.
 */
import http from 'node:http';
import pg from 'pg';
import { loadPair } from '../lib/load.mjs';
import { freePort } from '@lr/testing';

const CATEGORIES = ['Footwear', 'Clothing', 'Sports', 'Miscellaneous'];

export async function seedProducts(pool, count) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (let i = 0; i < count; i += 1) {
      const { rows } = await client.query(
        `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
         VALUES ($1, $2, $3, 'Unisex adult sizing', true) RETURNING id`,
        [`Bench item ${String(i).padStart(5, '0')}`, 'Benchmark product', CATEGORIES[i % 4]],
      );
      const productId = rows[0].id;
      for (const [position, size] of ['S', 'M', 'L'].entries()) {
        const sized = await client.query(
          `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, $2, 10, $3) RETURNING id`,
          [productId, size, position],
        );
        await client.query(
          `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, $3, 10, 'initial')`,
          [productId, sized.rows[0].id, size],
        );
      }
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** The baseline: one process, one query per request, no gateway, no NATS, no cache. */
async function startBaseline(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  const server = http.createServer(async (req, res) => {
    try {
      await answer(req, res);
    } catch {
      res.statusCode = 503;
      res.end();
    }
  });
  async function answer(req, res) {
    const page = Math.max(1, Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1));
    const perPage = 12;
    // A sensible direct query: the page of products by the (lower(name), id) index, then their sizes.
    const products = await pool.query(
      `WITH page AS (
         SELECT id, name, description, category, sub_category, images, ratings, num_of_reviews
           FROM catalog.products WHERE is_show ORDER BY lower(name), id LIMIT $1 OFFSET $2)
       SELECT page.*, coalesce((SELECT json_agg(json_build_object('size', s.size, 'stock', s.stock) ORDER BY s.position)
                                  FROM catalog.product_sizes s WHERE s.product_id = page.id), '[]') AS sizes
         FROM page ORDER BY lower(page.name), page.id`,
      [perPage, (page - 1) * perPage],
    );
    const count = await pool.query('SELECT count(*)::int AS n FROM catalog.products WHERE is_show');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        success: true,
        products: products.rows,
        productsCount: count.rows[0].n,
        resultPerPage: perPage,
      }),
    );
  }
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

export async function benchCatalogListing(stack, { durationSeconds, warmupSeconds = 0 }) {
  await seedProducts(stack.pool, 2000);
  const baseline = await startBaseline(stack.databaseUrl);
  try {
    const { ours, base } = await loadPair(
      { url: `${stack.url}/api/v1/products?page=3&resultPerPage=12`, connections: 64 },
      { url: `${baseline.url}/products?page=3`, connections: 64 },
      { durationSeconds, warmupSeconds },
    );
    const ratio = ours.requestsPerSecond / base.requestsPerSecond;
    return [
      {
        benchmark: 'catalog listing',
        metric: 'req/s @64',
        ours: ours.requestsPerSecond,
        baseline: base.requestsPerSecond,
        ratio,
        target: '>= 1.0x',
        met: ratio >= 1,
      },
      {
        benchmark: 'catalog listing',
        metric: 'req/s by round',
        ours: ours.rounds.join(' '),
        baseline: base.rounds.join(' '),
      },
      { benchmark: 'catalog listing', metric: 'p50 ms', ours: ours.p50, baseline: base.p50 },
      { benchmark: 'catalog listing', metric: 'p99 ms', ours: ours.p99, baseline: base.p99 },
      {
        benchmark: 'catalog listing',
        metric: 'failed requests',
        ours: ours.failed,
        baseline: base.failed,
      },
    ];
  } finally {
    await baseline.stop();
  }
}

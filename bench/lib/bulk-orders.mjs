/**
 * Loads many orders straight into the services' tables, in SQL, for the benchmarks that need a
 * large order history (the report bench, the growth bench). Placing 100,000 orders through the API
 * would take longer than the benchmarks themselves; loading them in bulk must leave every table as
 * the services would have left it:
 *
 * - orders: the order rows with their numbers (the sequence moved past them), lines, and one history
 *   row per status change (Processing on placing, then Printed, CheckEmail or Ready for Pickup, and
 *   Printed -> Delivered), `version` = the number of history rows;
 * - catalog: for each order that holds stock (every status but Processing) its `order_commitments`
 *   row and one `order-commit` ledger row per line; a `restock` row per size first brings in what
 *   the commits take (plus a margin), so each size's stock stays the sum of its ledger and never
 *   goes below zero;
 * - reporting: the read model's order rows and lines at the orders' versions. Its rollups are left
 *   to the service: the caller deletes the `rollup_time_zone` mark (`markRollupsStale`) and restarts
 *   reporting, which recomputes them from the read model as after an upgrade.
 *
 * The orders of one call are laid out `spacingSeconds` apart going back from `newestAt`; their
 * numbers grow with time (the oldest gets `firstNumber`), and every table receives them in that
 * order, each order's lines together, as orders placed one after the other would lie on disk. No
 * event is written: the loaded orders are history that was already published and applied.
 */

const STATUS_CUTS = [
  // [upper bound of (hash % 100), status, version]
  [20, 'Processing', 1],
  [25, 'CheckEmail', 2],
  [35, 'Printed', 2],
  [45, 'Ready for Pickup', 2],
  [100, 'Delivered', 3],
];

const STATUS_SQL = `CASE ${STATUS_CUTS.map(([cut, status]) => `WHEN (i::bigint * 2654435761) % 100 < ${cut} THEN '${status}'`).join(' ')} END`;

/**
 * @param {import('pg').Pool} pool
 * @param {object} options
 * @param {number} options.count orders to add
 * @param {number} options.firstNumber order number of the oldest order added
 * @param {Date} options.newestAt creation time of the newest order added
 * @param {number} options.spacingSeconds between two consecutive orders
 * @param {number} options.linesPerOrder
 * @param {{id: string, name: string, loginId: string}[]} options.schools the first is the one
 *   `heavySchoolOrders` go to; the others share the rest in turn
 * @param {number} [options.heavySchoolOrders] orders of the first school: every other order of the
 *   newest ones
 * @param {{productId: string, sizeId: string, name: string, category: string, subCategory: string,
 *   size: string}[]} options.sizes what lines are made of (distinct within an order)
 * @param {number} [options.students] distinct student ids
 * @param {{id: string, name: string}} options.staff who processed the orders
 * @param {('orders'|'catalog'|'reporting')[]} options.services whose tables to fill
 */
export async function loadOrders(pool, options) {
  const {
    count,
    firstNumber,
    newestAt,
    spacingSeconds,
    linesPerOrder,
    schools,
    heavySchoolOrders = 0,
    sizes,
    students = 30_000,
    staff,
    services,
  } = options;
  if (sizes.length < linesPerOrder) throw new Error('fewer sizes than lines per order');
  if (schools.length < 2) throw new Error('at least two schools');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await stage(client, {
      count,
      firstNumber,
      newestAt,
      spacingSeconds,
      linesPerOrder,
      schools,
      heavySchoolOrders,
      sizes,
      students,
    });
    if (services.includes('orders')) await fillOrders(client, staff);
    if (services.includes('catalog')) await fillCatalog(client, staff);
    if (services.includes('reporting')) await fillReporting(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // Outside the transaction: fresh statistics and visibility maps, as autovacuum leaves a table
  // some time after a large insert.
  const tables = {
    orders: ['orders.orders', 'orders.order_lines', 'orders.order_status_history'],
    catalog: [
      'catalog.stock_movements',
      'catalog.order_commitments',
      'catalog.product_sizes',
      'catalog.products',
    ],
    reporting: ['reporting.report_orders', 'reporting.report_order_lines'],
  };
  for (const service of services) {
    for (const table of tables[service]) await pool.query(`VACUUM (ANALYZE) ${table}`);
  }
}

/** Makes the reporting service recompute every rollup from the read model on its next start. */
export async function markRollupsStale(pool) {
  // The report's rollups and the impact report's (each notes the time zone it was computed in).
  await pool.query(
    `DELETE FROM reporting.report_meta WHERE key IN ('rollup_time_zone', 'impact_rollup_time_zone')`,
  );
}

/** The orders and lines of this load, in temporary tables of the loading transaction. */
async function stage(client, o) {
  await client.query(
    `CREATE TEMP TABLE load_schools ON COMMIT DROP AS
       SELECT (n - 1)::int AS n, s.id, s.name, s.login_id
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id uuid, name text, login_id text))
              WITH ORDINALITY AS s(id, name, login_id, n)`,
    [JSON.stringify(o.schools.map((s) => ({ id: s.id, name: s.name, login_id: s.loginId })))],
  );
  await client.query(
    `CREATE TEMP TABLE load_sizes ON COMMIT DROP AS
       SELECT (s.n - 1)::int AS n, s.product_id, s.size_id, s.name, s.category, s.sub_category, s.size
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (product_id uuid, size_id uuid, name text,
                           category text, sub_category text, size text))
              WITH ORDINALITY AS s(product_id, size_id, name, category, sub_category, size, n)`,
    [
      JSON.stringify(
        o.sizes.map((s) => ({
          product_id: s.productId,
          size_id: s.sizeId,
          name: s.name,
          category: s.category,
          sub_category: s.subCategory,
          size: s.size,
        })),
      ),
    ],
  );
  // i = 1 is the newest order. The heavy school takes every other order among the newest.
  await client.query(
    `CREATE TEMP TABLE load_orders ON COMMIT DROP AS
     WITH base AS (
       SELECT i, gen_random_uuid() AS id, $2::bigint + ($1::int - i) AS order_number,
              $3::timestamptz - make_interval(secs => (i - 1)::double precision * $4) AS created_at,
              ${STATUS_SQL} AS status,
              CASE WHEN i % 2 = 0 AND i / 2 <= $5::int THEN 0
                   ELSE 1 + i % ((SELECT count(*) FROM load_schools)::int - 1) END AS school
         FROM generate_series(1, $1::int) AS i
     )
     SELECT b.i, b.id, b.order_number, b.created_at, b.status,
            CASE b.status WHEN 'Processing' THEN 1 WHEN 'Delivered' THEN 3 ELSE 2 END AS version,
            -- When staff took it out of Processing: before any delivery, never after the newest order.
            least(b.created_at + interval '2 hours', $3::timestamptz) AS processed_at,
            CASE WHEN b.status = 'Delivered'
                 THEN least(b.created_at + make_interval(hours => 6 + b.i % 60), $3::timestamptz) END
              AS delivered_at,
            s.id AS user_id, s.name AS user_name, s.login_id AS user_login_id,
            'S' || (b.i % $6::int) || '_' || (6 + b.i % 12) || '_' || (ARRAY['Male', 'Female', 'NA'])[1 + b.i % 3]
              AS receiving_person,
            'Teacher ' || (b.i % 7) AS teacher
       FROM base b JOIN load_schools s ON s.n = b.school`,
    [
      o.count,
      o.firstNumber,
      o.newestAt.toISOString(),
      o.spacingSeconds,
      o.heavySchoolOrders,
      o.students,
    ],
  );
  // Distinct sizes within an order: the k-th line is `stride` rows further in the size list.
  await client.query(
    `CREATE TEMP TABLE load_lines ON COMMIT DROP AS
     SELECT o.id AS order_id, gen_random_uuid() AS line_id, k AS position, z.product_id, z.size_id,
            z.name, z.category, z.sub_category, z.size, 1 + (o.i + k) % 3 AS quantity,
            o.status <> 'Processing' AS committed
       FROM load_orders o
       CROSS JOIN generate_series(0, $1::int - 1) AS k
       JOIN load_sizes z
         ON z.n = ((o.i::bigint * 7919) + k * ((SELECT count(*) FROM load_sizes) / $1::int))
                  % (SELECT count(*) FROM load_sizes)`,
    [o.linesPerOrder],
  );
}

async function fillOrders(client, staff) {
  await client.query(
    `INSERT INTO orders.orders (id, order_number, user_id, user_name, user_login_id, status,
       shipping_info, created_at, delivered_at, version)
     SELECT id, order_number, user_id, user_name, user_login_id, status,
            jsonb_build_object('userName', user_name, 'receivingPersonName', receiving_person,
              'additionalComments', '', 'userLoggedInDesignation', teacher, 'userAddress', '|',
              'orderDate', '', 'phoneNo', '', 'Email', 'school@example.org'),
            created_at, delivered_at, version
       FROM load_orders ORDER BY created_at, order_number`,
  );
  await client.query(
    `INSERT INTO orders.order_lines (id, order_id, position, product_id, name, category,
       sub_category, size, requested_quantity, quantity, image)
     SELECT l.line_id, l.order_id, l.position, l.product_id, l.name, l.category, l.sub_category,
            l.size, l.quantity, l.quantity, '/media/placeholder/' || lower(l.category) || '.svg'
       FROM load_lines l JOIN load_orders o ON o.id = l.order_id
      ORDER BY o.created_at, o.order_number, l.position`,
  );
  // Placed by the school; then moved by staff to its status (Delivered by way of Printed).
  await client.query(
    `WITH quantities AS (
       SELECT order_id, jsonb_agg(quantity ORDER BY position) AS q FROM load_lines GROUP BY order_id
     )
     INSERT INTO orders.order_status_history (order_id, at, actor_id, actor_name, from_status,
       to_status, quantities, reason)
     SELECT o.id, step.at, step.actor_id, step.actor_name, step.from_status, step.to_status, q.q, NULL
       FROM load_orders o JOIN quantities q ON q.order_id = o.id
       CROSS JOIN LATERAL (VALUES
         (1, o.created_at, o.user_id, o.user_name, NULL, 'Processing'),
         (2, o.processed_at, $1::uuid, $2::text, 'Processing',
            CASE o.status WHEN 'Delivered' THEN 'Printed' ELSE o.status END),
         (3, o.delivered_at, $1::uuid, $2::text, 'Printed', 'Delivered')
       ) AS step(v, at, actor_id, actor_name, from_status, to_status)
      WHERE step.v <= o.version
      ORDER BY o.created_at, o.order_number, step.v`,
    [staff.id, staff.name],
  );
  await client.query(
    `SELECT setval('orders.orders_order_number_seq',
                   greatest((SELECT max(order_number) FROM orders.orders),
                            (SELECT last_value FROM orders.orders_order_number_seq)))`,
  );
}

async function fillCatalog(client, staff) {
  const margin = 100;
  // What the committed lines take per size, brought in first.
  await client.query(
    `CREATE TEMP TABLE load_taken ON COMMIT DROP AS
     SELECT product_id, size_id, min(size) AS size, sum(quantity)::int AS taken
       FROM load_lines WHERE committed GROUP BY product_id, size_id`,
  );
  await client.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason, actor_id,
       actor_name, created_at)
     SELECT product_id, size_id, size, taken + $1::int, 'restock', $2::uuid, $3::text,
            (SELECT min(created_at) FROM load_orders) - interval '1 day'
       FROM load_taken ORDER BY size_id`,
    [margin, staff.id, staff.name],
  );
  await client.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason, order_id,
       event_id, actor_id, actor_name, created_at)
     SELECT l.product_id, l.size_id, l.size, -l.quantity, 'order-commit', l.order_id,
            gen_random_uuid(), $1::uuid, $2::text, o.processed_at
       FROM load_lines l JOIN load_orders o ON o.id = l.order_id
      WHERE l.committed
      ORDER BY o.created_at, o.order_number, l.position`,
    [staff.id, staff.name],
  );
  await client.query(
    `UPDATE catalog.product_sizes s SET stock = s.stock + $1::int FROM load_taken t WHERE s.id = t.size_id`,
    [margin],
  );
  await client.query(
    `UPDATE catalog.products p SET version = version + 1, updated_at = now()
      WHERE id IN (SELECT DISTINCT product_id FROM load_taken)`,
  );
  await client.query(
    `INSERT INTO catalog.order_commitments (order_id, version, committed, deleted, last_status, updated_at)
     SELECT id, version, true, false, status, coalesce(delivered_at, processed_at)
       FROM load_orders WHERE status <> 'Processing'`,
  );
}

async function fillReporting(client) {
  await client.query(
    // The read model keeps a student key, never the person (reporting migration 005): the bench's
    // made-up person stands in for the fingerprint.
    `INSERT INTO reporting.report_orders (order_id, version, order_number, user_id, school_name,
       student_key, status, created_at, delivered_at)
     SELECT id, version,
            'LR-' || CASE WHEN length(order_number::text) >= 6 THEN order_number::text
                          ELSE lpad(order_number::text, 6, '0') END,
            user_id, user_name, receiving_person, status, created_at, delivered_at
       FROM load_orders ORDER BY created_at, order_number`,
  );
  await client.query(
    `INSERT INTO reporting.report_order_lines (order_id, line_id, position, product_id, name,
       category, sub_category, size, quantity, requested_quantity)
     SELECT l.order_id, l.line_id, l.position, l.product_id, l.name, l.category, l.sub_category,
            l.size, l.quantity, l.quantity
       FROM load_lines l JOIN load_orders o ON o.id = l.order_id
      ORDER BY o.created_at, o.order_number, l.position`,
  );
}

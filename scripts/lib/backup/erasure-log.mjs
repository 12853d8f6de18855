/**
 * The erasure log (`orders.personal_data_erasures`: order ids and times, no personal data) of the
 * database a restore replaces is carried over to the restored one, so erasures made after the
 * backup are not undone: the orders service erases every listed order that still holds personal
 * data on its first retention run after start.
 */

const TABLE = 'orders.personal_data_erasures';

/** The rows of the current log; none when the table does not exist (a version before it). */
export async function readErasureLog(pool) {
  const { rows } = await pool
    .query(`SELECT order_id, erased_at, reason FROM ${TABLE}`)
    .catch((error) => {
      if (error.code === '42P01' || error.code === '3F000') return { rows: [] };
      throw error;
    });
  return rows;
}

/**
 * Adds the carried rows to the restored log. A backup from before the log existed gets the table
 * here, as its migration creates it (which then finds it there).
 */
export async function carryErasureLog(pool, rows) {
  if (rows.length === 0) return 0;
  await pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    order_id uuid PRIMARY KEY,
    erased_at timestamptz NOT NULL,
    reason text NOT NULL
  )`);
  const result = await pool.query(
    `INSERT INTO ${TABLE} (order_id, erased_at, reason)
     SELECT order_id, erased_at, reason
     FROM jsonb_to_recordset($1::jsonb) AS e(order_id uuid, erased_at timestamptz, reason text)
     ON CONFLICT (order_id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return result.rowCount ?? 0;
}

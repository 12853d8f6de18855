/**
 * After a restore: an outbox row that the database snapshot shows as sent, but whose event is not in
 * the restored streams, went out after the backup cut its streams (stream-dump.mjs). It is marked
 * unsent, so the service's relay sends it again when it starts, after everything the streams hold;
 * consumers skip it where their processed-events tables say they applied it already.
 */

/** The schemas whose outbox feeds a stream (reporting publishes no events). */
const OUTBOX_SCHEMAS = ['auth', 'catalog', 'orders'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Marks unsent every sent outbox row whose event id is not among `streamEventIdChunks` (an async
 * iterable of id arrays, as `eventIdsOf` gives them); returns how many.
 */
export async function resendEventsAfterCut(pool, streamEventIdChunks) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'CREATE TEMP TABLE restored_event_ids (event_id uuid PRIMARY KEY) ON COMMIT DROP',
    );
    for await (const chunk of streamEventIdChunks) {
      const ids = chunk.filter((id) => UUID.test(id));
      if (ids.length === 0) continue;
      await client.query(
        'INSERT INTO restored_event_ids SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING',
        [ids],
      );
    }
    let marked = 0;
    for (const schema of OUTBOX_SCHEMAS) {
      const { rows } = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [
        `${schema}.outbox`,
      ]);
      if (!rows[0].present) continue;
      const { rowCount } = await client.query(
        `UPDATE ${schema}.outbox o SET sent_at = NULL
          WHERE o.sent_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM restored_event_ids r WHERE r.event_id = o.event_id)`,
      );
      marked += rowCount;
    }
    await client.query('COMMIT');
    return marked;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

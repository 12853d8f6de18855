/**
 * Demo data of the reporting service. The read model holds nothing of its own: it is filled from
 * the ORDERS stream, so demo orders seeded by the orders service (through its outbox) show up in
 * the report by themselves. Kept so the start script can treat every service alike.
 */
import type pg from 'pg';

export async function seedDemoData(_pool: pg.Pool): Promise<number> {
  if (process.env.NODE_ENV === 'production') return 0;
  return 0;
}

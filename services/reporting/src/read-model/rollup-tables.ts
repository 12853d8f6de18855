/**
 * A set of rollup tables that are recomputed as a whole from the read model (after a rebuild, on
 * start when never computed, or after a change of the report's time zone): emptied first, then
 * marked with the time zone their days were computed in, and given fresh statistics.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '@lr/nest-kit';

export class RollupTables {
  /**
   * `tables` live in the `reporting` schema; `timeZoneKey` is the `report_meta` key that says in
   * which time zone they were last computed.
   */
  constructor(
    private readonly tables: readonly string[],
    private readonly timeZoneKey: string,
    private readonly timeZone: string,
  ) {}

  /** True when the tables were computed in another time zone, or never (an upgrade). */
  async stale(exec: Executor): Promise<boolean> {
    const { rows } = await exec.execute<{ value: string }>(
      sql`SELECT value FROM reporting.report_meta WHERE key = ${this.timeZoneKey}`,
    );
    return rows[0]?.value !== this.timeZone;
  }

  async clear(exec: Executor): Promise<void> {
    for (const table of this.tables) {
      await exec.execute(sql`DELETE FROM ${sql.identifier('reporting')}.${sql.identifier(table)}`);
    }
  }

  /**
   * After the tables were refilled: records the time zone they were computed in, and analyses
   * them. Refilled wholesale, a rollup without statistics has the planner read a range of days by
   * scanning all days, until autovacuum (off on some machines, minutes away on others) analyses it.
   */
  async markComputed(exec: Executor): Promise<void> {
    await exec.execute(sql`
      INSERT INTO reporting.report_meta (key, value) VALUES (${this.timeZoneKey}, ${this.timeZone})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    await exec.execute(
      sql.raw(`ANALYZE ${this.tables.map((table) => `reporting.${table}`).join(', ')}`),
    );
  }
}

/**
 * Demo data for the embedded/demo mode (never in a production deploy): each service's own seed
 * function fills its schema when its tables are empty. Runs after the services applied migrations.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT, SERVICES } from './paths.mjs';

export async function seedDemoData({ databaseUrl, demoCode, log }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    for (const service of SERVICES) {
      const file = path.join(ROOT, `services/${service}/dist/seed/demo-data.js`);
      if (!existsSync(file)) continue;
      const module = await import(pathToFileURL(file).href);
      if (typeof module.seedDemoData !== 'function') continue;
      const result = await module.seedDemoData(pool, { demoCode });
      if (result)
        log(
          `Demo data (${service}): ${typeof result === 'string' ? result : JSON.stringify(result)}`,
        );
    }
  } finally {
    await pool.end();
  }
}

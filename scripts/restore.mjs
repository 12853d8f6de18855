#!/usr/bin/env node
/**
 * `npm run restore <archive> [-- --replace]`: brings a stopped or empty deployment back to exactly
 * the state in the archive: database schemas (created by the same migrations, then loaded),
 * streams (republished in order), local media. Refuses to merge into existing data unless
 * --replace, which deletes the current schemas, streams and media first. Stop the services before
 * restoring; they resume from the restored state when started.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './stack/build.mjs';
import { ROOT } from './stack/paths.mjs';
import { readArchive } from './lib/backup/archive.mjs';
import {
  assertDatabaseEmpty,
  countRows,
  dropSchemas,
  loadDatabase,
} from './lib/backup/database-dump.mjs';
import { resolveEndpoints } from './lib/backup/endpoints.mjs';
import { carryErasureLog, readErasureLog } from './lib/backup/erasure-log.mjs';
import { assertMediaEmpty, copyMediaIn } from './lib/backup/media-copy.mjs';
import { progressReporter } from './lib/backup/progress.mjs';
import { resendEventsAfterCut } from './lib/backup/outbox-resend.mjs';
import {
  assertStreamsEmpty,
  deleteStreams,
  eventIdsOf,
  loadStreams,
} from './lib/backup/stream-dump.mjs';

const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith('--'));
const replace = args.includes('--replace');
if (!archive || !existsSync(archive)) {
  process.stderr.write('Usage: npm run restore <archive.tar.gz> [-- --replace]\n');
  process.exit(2);
}

const progress = progressReporter();
ensureBuilt({ log: progress.line });
const { connectNats, ensureStreams, runMigrations } =
  await import('../libs/nest-kit/dist/index.js');

/** Creates a schema with exactly the migrations the backup had; newer ones run when services start. */
async function createSchema(pool, schema, migrations) {
  const dir = await mkdtemp(path.join(tmpdir(), `lr-migrations-${schema}-`));
  try {
    for (const name of migrations) {
      // The kit's own migrations (000-kit...) always run; they are no files of the service.
      if (name.startsWith('000-kit')) continue;
      const source = path.join(ROOT, 'services', schema, 'migrations', name);
      if (!existsSync(source))
        throw new Error(`The archive needs migration ${schema}/${name}, which this version lacks`);
      await copyFile(source, path.join(dir, name));
    }
    await runMigrations(pool, schema, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const { staging, manifest } = await readArchive(path.resolve(archive));
const endpoints = await resolveEndpoints(process.env, progress.line);
const pool = new pg.Pool({ connectionString: endpoints.databaseUrl, max: 2 });
let nc;
try {
  nc = await connectNats(endpoints.natsUrl, 'restore', undefined, endpoints.natsAuth);
  const localMedia = endpoints.mediaStorage === 'local';
  // Erasures of personal data made since the backup must survive it (orders re-applies them).
  const erasures = replace ? await readErasureLog(pool) : [];
  if (replace) {
    progress.line('Deleting the current data (--replace) ...');
    await dropSchemas(pool);
    await deleteStreams(nc, endpoints.namespace);
  } else {
    await assertDatabaseEmpty(pool);
    await assertStreamsEmpty(nc, endpoints.namespace);
    if (localMedia) await assertMediaEmpty(endpoints.mediaDir);
  }
  progress.line(`Restoring the backup of ${manifest.createdAt} ...`);
  await loadDatabase(
    pool,
    path.join(staging, 'database'),
    manifest.database,
    (schema, migrations) => createSchema(pool, schema, migrations),
    progress,
  );
  await ensureStreams(
    nc,
    endpoints.namespace,
    undefined,
    undefined,
    Number(process.env.NATS_STREAM_REPLICAS ?? 1),
  );
  const streams = await loadStreams(nc, endpoints.namespace, staging, manifest.streams, progress);
  const media = localMedia ? await copyMediaIn(staging, endpoints.mediaDir) : { files: 0 };

  const counts = await countRows(pool, manifest.database);
  const wrong = [
    ...Object.entries(counts)
      .filter(([name, n]) => {
        const [schema, table] = name.split('.');
        return manifest.database[schema].tables[table].rows !== n;
      })
      .map(([name, n]) => `${name}: ${n} rows`),
    ...Object.entries(streams)
      .filter(([stream, n]) => (manifest.streams[stream] ?? 0) !== n)
      .map(([stream, n]) => `stream ${stream}: ${n} events`),
  ];
  if (localMedia && media.files !== manifest.media.files) wrong.push(`media: ${media.files} files`);
  if (wrong.length > 0)
    throw new Error(`Restored figures differ from the archive: ${wrong.join('; ')}`);
  const resent = await resendEventsAfterCut(pool, eventIdsOf(staging));
  if (resent > 0)
    progress.line(
      `${resent} events sent while the backup was taken are sent again when the services start.`,
    );
  const carried = await carryErasureLog(pool, erasures);
  if (carried > 0)
    progress.line(
      `${carried} erasures of personal data made after the backup are kept; orders re-applies them on start.`,
    );
  progress.line(
    `Restored: ${Object.values(counts).reduce((a, b) => a + b, 0)} rows, ` +
      `${Object.values(streams).reduce((a, b) => a + b, 0)} events, ${media.files} media files. ` +
      'Start the services to resume.',
  );
} catch (error) {
  process.stderr.write(`Restore failed: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await rm(staging, { recursive: true, force: true });
  await nc?.drain().catch(() => undefined);
  await pool.end();
  await endpoints.stop();
}

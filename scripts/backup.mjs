#!/usr/bin/env node
/**
 * `npm run backup [-- --out <file>]`: one archive of the deployment: every service schema of the
 * database (one consistent snapshot), the JetStream streams' messages, the local media folder and a
 * manifest with versions and counts. Works on the embedded stack (running or not) and on
 * DATABASE_URL / NATS_URL deployments. Restore with `npm run restore <archive>`.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './stack/build.mjs';
import { FORMAT, FORMAT_VERSION, stagingFolder, writeArchive } from './lib/backup/archive.mjs';
import { dumpDatabase } from './lib/backup/database-dump.mjs';
import { resolveEndpoints } from './lib/backup/endpoints.mjs';
import { copyMediaOut } from './lib/backup/media-copy.mjs';
import { progressReporter } from './lib/backup/progress.mjs';
import { dumpStreams, streamCut } from './lib/backup/stream-dump.mjs';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(
  outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : `backups/lockerroom-${stamp}.tar.gz`,
);

const progress = progressReporter();
ensureBuilt({ log: progress.line });
const { connectNats } = await import('../libs/nest-kit/dist/index.js');

const endpoints = await resolveEndpoints(process.env, progress.line);
const pool = new pg.Pool({ connectionString: endpoints.databaseUrl, max: 2 });
let nc;
const staging = await stagingFolder();
try {
  nc = await connectNats(endpoints.natsUrl, 'backup', undefined, endpoints.natsAuth);
  await mkdir(path.join(staging, 'streams'), { recursive: true });
  // Cut first: the streams must hold nothing the database snapshot has not seen (stream-dump.mjs).
  const cut = await streamCut(nc, endpoints.namespace);
  progress.line('Dumping the database (one snapshot of every service schema) ...');
  const database = await dumpDatabase(pool, path.join(staging, 'database'), progress);
  progress.line('Copying the event streams ...');
  const streams = await dumpStreams(nc, endpoints.namespace, staging, progress, cut);
  if (endpoints.mediaStorage !== 'local')
    progress.line('Media are in object storage (MEDIA_STORAGE=s3): back up the bucket separately.');
  const media =
    endpoints.mediaStorage === 'local'
      ? await copyMediaOut(endpoints.mediaDir, staging)
      : { files: 0, bytes: 0, external: endpoints.mediaStorage };
  const { rows } = await pool.query('SHOW server_version');
  const manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    versions: { postgres: rows[0].server_version, nats: nc.info?.version, node: process.version },
    namespace: endpoints.namespace,
    database,
    streams,
    media,
  };
  await mkdir(path.dirname(out), { recursive: true });
  progress.line('Writing the archive ...');
  await writeArchive(staging, out, manifest);
  const size = (await stat(out)).size;
  const rowsTotal = Object.values(database)
    .flatMap((schema) => Object.values(schema.tables))
    .reduce((sum, table) => sum + table.rows, 0);
  progress.line(
    `Backup written: ${out} (${(size / 1024).toFixed(0)} KiB; ${rowsTotal} rows, ` +
      `${Object.values(streams).reduce((a, b) => a + b, 0)} events, ${media.files} media files)`,
  );
} catch (error) {
  process.stderr.write(`Backup failed: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await rm(staging, { recursive: true, force: true });
  await nc?.drain().catch(() => undefined);
  await pool.end();
  await endpoints.stop();
}

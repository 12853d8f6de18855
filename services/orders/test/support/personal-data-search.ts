/**
 * Where personal data could hide, read as raw text so that a search finds it in any shape: every
 * table of a schema, every message of a stream (its bytes, headers included), a backup archive;
 * and the backup and restore scripts run against a test's database and namespace.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventsInMessage, namespacedStream, type StreamName } from '@lr/contracts';
import { runOperatorScript, type TestEnv } from '@lr/testing';

/** Every row of every table of the schema, as JSON text. */
export async function schemaText(env: TestEnv, schema: string): Promise<string> {
  const { rows: tables } = await env.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [schema],
  );
  let text = '';
  for (const { table_name: table } of tables) {
    const { rows } = await env.pool.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM "${schema}"."${table}" t`,
    );
    text += `${table}: ${rows[0]?.rows ?? '[]'}\n`;
  }
  return text;
}

/**
 * Every message of the stream, its headers and data bytes, and how many events they held (a
 * message holds one or several).
 */
export async function streamText(
  nc: NatsConnection,
  namespace: string,
  stream: StreamName,
): Promise<{ text: string; events: number }> {
  const jsm = await jetstreamManager(nc);
  const name = namespacedStream(namespace, stream);
  const info = await jsm.streams.info(name);
  const parts: Buffer[] = [];
  let events = 0;
  if (info.state.messages > 0) {
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const msg = await jsm.streams.getMessage(name, { seq }).catch(() => null);
      if (!msg) continue;
      events += eventsInMessage(msg.string()).length;
      parts.push(Buffer.from(msg.subject), Buffer.from(msg.header?.toString() ?? ''));
      parts.push(Buffer.from(msg.data));
    }
  }
  return { text: Buffer.concat(parts).toString('utf8'), events };
}

/** Runs `npm run backup` (scripts/backup.mjs) against the test's database and NATS namespace. */
export function runBackup(env: TestEnv, out: string): Promise<void> {
  return runScript(env, 'backup.mjs', ['--out', out]);
}

/** Runs `npm run restore <archive> -- --replace` (scripts/restore.mjs), services stopped. */
export function runRestoreReplacing(env: TestEnv, archive: string): Promise<void> {
  return runScript(env, 'restore.mjs', [archive, '--replace']);
}

async function runScript(env: TestEnv, script: string, args: string[]): Promise<void> {
  const run = await runOperatorScript(env, script, args);
  if (run.code !== 0) throw new Error(run.stderr);
}

/** The archive's tar bytes (the files inside are plain text: COPY dumps and JSON lines). */
export async function backupText(file: string): Promise<string> {
  return gunzipSync(await readFile(file)).toString('utf8');
}

/**
 * Where the backup tools find the deployment: DATABASE_URL and NATS_URL when set (a deployment's own
 * servers), else the embedded PostgreSQL and local nats-server of `npm start` under DATA_DIR, used
 * while the stack runs or started for the duration of the command when it does not.
 *
 * On NATS the tools act as the unrestricted admin identity (they read and recreate every stream):
 * NATS_NKEY_SEED_ADMIN for a server started elsewhere, the key `npm start` keeps under DATA_DIR for
 * its own server. A server without authorization ignores the key.
 */
import path from 'node:path';
import { ROOT } from '../../stack/paths.mjs';
import { postgresAnswers, startEmbeddedPostgres } from '../../stack/postgres.mjs';
import {
  embeddedNatsPort,
  localNatsKeyPairs,
  reachable,
  startLocalNats,
} from '../../stack/nats.mjs';

const EMBEDDED_PASSWORD = 'lockerroom-local';

export async function resolveEndpoints(env, log) {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const stops = [];

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
    const running = `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/lockerroom`;
    if (await postgresAnswers(running)) {
      databaseUrl = running;
    } else {
      log(`Starting the embedded PostgreSQL under ${dataDir} for this command ...`);
      const server = await startEmbeddedPostgres({ dataDir, port, log });
      databaseUrl = server.url;
      stops.push(server.stop);
    }
  }

  const natsPort = embeddedNatsPort(env);
  let natsUrl = env.NATS_URL ?? `nats://127.0.0.1:${natsPort}`;
  let adminSeed = env.NATS_NKEY_SEED_ADMIN;
  if (!(await reachable(natsUrl))) {
    if (env.NATS_URL) throw new Error(`No NATS server answers at ${natsUrl}`);
    log(`Starting nats-server with the store under ${dataDir} for this command ...`);
    const nats = await startLocalNats({ dataDir, port: natsPort, log });
    natsUrl = nats.url;
    adminSeed = nats.seeds.admin;
    stops.push(nats.stop);
  } else if (!adminSeed && !env.NATS_URL) {
    adminSeed = (await localNatsKeyPairs(dataDir)).admin?.seed;
  }

  return {
    databaseUrl,
    natsUrl,
    natsAuth: { identity: 'admin', seed: adminSeed },
    namespace: env.NATS_NAMESPACE ?? '',
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    mediaStorage: env.MEDIA_STORAGE ?? 'local',
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}

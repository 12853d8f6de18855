/**
 * The whole product on one machine: PostgreSQL (given or embedded), NATS (given or started), the
 * four services and the gateway as separate processes. Used by `npm start`, the smoke test, the
 * browser journeys and the chaos scripts.
 */
import path from 'node:path';
import { ensureBuilt } from './build.mjs';
import { waitForHealthy } from './health.mjs';
import {
  embeddedNatsPort,
  portTaken,
  reachable,
  seedsFromEnv,
  startLocalNats,
  unauthenticatedWarning,
} from './nats.mjs';
import { ROOT, SERVICES, serviceEntry } from './paths.mjs';
import { ensureListenersFree } from './ports.mjs';
import { startEmbeddedPostgres, waitForDatabase } from './postgres.mjs';
import { seedDemoData } from './seed.mjs';
import { Supervisor } from './supervisor.mjs';

/** The ports the stack's processes will listen on, with the setting that moves each. */
function ourListeners(port, options) {
  const listeners = [
    {
      port,
      // As the gateway will read it: the stack's env over this process's (the supervisor's order).
      host: options.env?.HOST ?? process.env.HOST ?? '0.0.0.0',
      name: 'the gateway',
      setting: 'PORT',
    },
  ];
  if (options.metricsPortBase) {
    for (const [index, name] of [...SERVICES, 'gateway'].entries())
      listeners.push({
        port: options.metricsPortBase + index,
        host: '127.0.0.1',
        name: `the ${name} process's metrics`,
        setting: 'METRICS_PORT_BASE (0: none)',
      });
  }
  return listeners;
}

/**
 * @param {object} options
 * @param {number} [options.port] gateway port (0 is not supported: pass a free port)
 * @param {string} [options.dataDir]
 * @param {string} [options.databaseUrl] use this database instead of the embedded server
 * @param {string} [options.natsUrl] a NATS server run elsewhere; unset: start our own, with
 *   authorization, on 127.0.0.1:<natsPort> with its store under dataDir
 * @param {number} [options.natsPort] default EMBEDDED_NATS_PORT or 4229
 * @param {string} [options.namespace] NATS namespace (tests)
 * @param {Record<string,string>} [options.natsSeeds] NKEY seed of each process (identity -> seed)
 *   for a server started elsewhere; default NATS_NKEY_SEED_<IDENTITY> from the environment
 * @param {boolean} [options.seed] seed demo data (default: when the database is embedded)
 * @param {boolean} [options.quiet] keep service logs to crashes only
 * @param {boolean} [options.build] build what is missing first (default true)
 * @param {Record<string,string>} [options.env] extra environment for every process
 * @param {number} [options.metricsPortBase] serve each process's /metrics on its own port: auth on
 *   this one, then catalog, orders, reporting and the gateway on the next ones (default: none)
 */
export async function startStack(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const dataDir = path.resolve(options.dataDir ?? path.join(ROOT, 'data'));
  const port = options.port ?? 3000;
  const cleanups = [];

  try {
    if (options.build !== false) ensureBuilt({ log });
    await ensureListenersFree(ourListeners(port, options));

    let databaseUrl = options.databaseUrl;
    let embedded = false;
    if (!databaseUrl) {
      const pgServer = await startEmbeddedPostgres({
        dataDir,
        port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
        log,
      });
      cleanups.push(() => pgServer.stop());
      databaseUrl = pgServer.url;
      embedded = true;
    } else {
      await waitForDatabase(databaseUrl);
    }

    // A NATS server we did not start is used only when named: joining whatever answers on the
    // usual port would let anyone on this machine send the processes forged messages.
    let natsUrl = options.natsUrl;
    let natsSeeds = options.natsSeeds ?? seedsFromEnv();
    if (!natsUrl) {
      const natsPort = options.natsPort ?? embeddedNatsPort();
      if (await reachable(`nats://127.0.0.1:${natsPort}`)) throw portTaken(natsPort);
      const nats = await startLocalNats({
        dataDir,
        port: natsPort,
        log,
        namespace: options.namespace ?? '',
      });
      cleanups.push(() => nats.stop());
      natsUrl = nats.url;
      natsSeeds = nats.seeds;
    } else if (Object.keys(natsSeeds).length === 0) {
      log(unauthenticatedWarning(natsUrl));
    }
    // Each process its own identity (none given: connect without credentials).
    const natsEnv = (identity) =>
      natsSeeds[identity] ? { NATS_NKEY_SEED: natsSeeds[identity] } : {};
    // One METRICS_PORT shared by every process would make all but one fail to listen; each gets
    // its own, on the loopback interface only.
    const metricsEnv = (index) => ({
      METRICS_PORT: options.metricsPortBase ? String(options.metricsPortBase + index) : '',
      METRICS_HOST: '127.0.0.1',
    });

    const publicUrl = options.publicUrl ?? `http://localhost:${port}`;
    const env = {
      NODE_ENV: options.nodeEnv ?? 'development',
      LOG_LEVEL: options.logLevel ?? 'info',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      NATS_NAMESPACE: options.namespace ?? '',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      PORT: String(port),
      ...options.env,
    };
    const supervisor = new Supervisor({ env, log, quiet: options.quiet });
    for (const [index, service] of SERVICES.entries())
      supervisor.start(service, serviceEntry(service), {
        ...natsEnv(service),
        ...metricsEnv(index),
      });
    supervisor.start('gateway', serviceEntry('gateway'), {
      ...natsEnv('gateway'),
      ...metricsEnv(SERVICES.length),
    });
    cleanups.push(() => supervisor.stopAll());

    await waitForHealthy(
      publicUrl.replace('localhost', '127.0.0.1'),
      options.healthTimeoutMs ?? 120_000,
      () => supervisor.explainUnhealthy(),
    );
    if (options.seed ?? embedded) await seedDemoData({ databaseUrl, demoCode: env.DEMO_CODE, log });

    let stopped = false;
    return {
      url: publicUrl,
      databaseUrl,
      metricsUrls: options.metricsPortBase
        ? [...SERVICES, 'gateway'].map(
            (name, index) => `${name} http://127.0.0.1:${options.metricsPortBase + index}/metrics`,
          )
        : [],
      natsUrl,
      natsSeeds,
      supervisor,
      embedded,
      async stop() {
        if (stopped) return;
        stopped = true;
        for (const cleanup of cleanups.reverse()) await cleanup().catch?.(() => undefined);
      },
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve(cleanup()).catch(() => undefined);
    throw error;
  }
}

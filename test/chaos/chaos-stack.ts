/**
 * A stack for fault injection: its own embedded PostgreSQL and its own nats-server (so both can be
 * restarted or killed without touching the machine's shared servers), the four services and the
 * gateway as supervised processes, demo data seeded.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { nkeyAuthenticator, type ConnectionOptions } from '@nats-io/transport-node';
import { freePortRun } from '@lr/testing';
// @ts-expect-error plain ES modules without types
import { startStack } from '../../scripts/stack/stack.mjs';
// @ts-expect-error plain ES modules without types
import { startEmbeddedPostgres } from '../../scripts/stack/postgres.mjs';
// @ts-expect-error plain ES modules without types
import { startLocalNats } from '../../scripts/stack/nats.mjs';

interface Stoppable {
  url: string;
  /** NKEY seed of each NATS identity (nats-server only; kept across its restarts). */
  seeds: Record<string, string>;
  stop(): Promise<void>;
  child?: {
    kill(signal: string): void;
    once(event: string, cb: () => void): void;
    exitCode: number | null;
  };
}

interface Supervisor {
  kill(name: string, signal?: string): void;
  restart(name: string): void;
}

export interface ChaosStack {
  url: string;
  /** How test code connects to the stack's nats-server: its url, as the unrestricted admin. */
  nats: ConnectionOptions;
  pool: pg.Pool;
  supervisor: Supervisor;
  restartPostgres(): Promise<void>;
  restartNats(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

export async function startChaosStack(): Promise<ChaosStack> {
  const dataDir = `/tmp/lockerroom-chaos/${randomBytes(4).toString('hex')}`;
  const log = () => undefined;
  // Below the kernel's ephemeral range: PostgreSQL and NATS are started again on their ports while
  // the services keep dialling them, and an outgoing connection could take a port in that range
  // meanwhile (or, dialling a closed one, connect to itself).
  const firstPort = await freePortRun(3);
  const [pgPort, natsPort, port] = [firstPort, firstPort + 1, firstPort + 2];
  let postgres = (await startEmbeddedPostgres({ dataDir, port: pgPort, log })) as Stoppable;
  let nats = (await startLocalNats({ dataDir, port: natsPort, log })) as Stoppable;
  const stack = (await startStack({
    port,
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    natsSeeds: nats.seeds,
    dataDir,
    seed: true,
    quiet: true,
    build: false,
    logLevel: 'warn',
    publicUrl: `http://127.0.0.1:${port}`,
    // The load places many orders from each school: no hourly limit here.
    env: { LOGIN_FAILURE_DELAY_MS: '0', ORDERS_PER_SCHOOL_PER_HOUR: '0' },
    log,
  })) as { url: string; supervisor: Supervisor; stop(): Promise<void> };
  const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  pool.on('error', () => undefined);

  return {
    url: stack.url,
    nats: {
      servers: nats.url,
      authenticator: nkeyAuthenticator(new TextEncoder().encode(nats.seeds.admin as string)),
    },
    pool,
    supervisor: stack.supervisor,
    async restartPostgres() {
      await postgres.stop();
      await new Promise((r) => setTimeout(r, 1500));
      postgres = (await startEmbeddedPostgres({ dataDir, port: pgPort, log })) as Stoppable;
    },
    async restartNats(signal = 'SIGTERM') {
      if (signal === 'SIGKILL' && nats.child) {
        const child = nats.child;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      } else {
        await nats.stop();
      }
      await new Promise((r) => setTimeout(r, 1000));
      nats = (await startLocalNats({ dataDir, port: natsPort, log })) as Stoppable;
    },
    async stop() {
      await pool.end().catch(() => undefined);
      await stack.stop();
      await nats.stop().catch(() => undefined);
      await postgres.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm start`'s launcher: when it dies, even by kill -9, no service outlives it (an orphan would go
 * on answering the next run's requests in the shared queue groups).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS, SERVICE_NAMES } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import {
  connectTestNats,
  createTestDatabase,
  testStackNatsEnv,
  waitFor,
  type TestDatabase,
} from '@lr/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the npm start launcher', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('lrlaunch');
  });
  afterAll(() => database.drop());

  it('takes its services down with it when killed -9', async () => {
    const namespace = `launch${randomBytes(3).toString('hex')}`;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        ...testStackNatsEnv(),
        NATS_NAMESPACE: namespace,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: `/tmp/lockerroom-launch/${namespace}`,
        LOG_LEVEL: 'warn',
        // No metrics listeners: their default ports may be taken by another run on this machine.
        METRICS_PORT_BASE: '0',
      },
      stdio: 'ignore',
    });
    const nc = await connectTestNats();
    const rpc = new RpcClient(nc, namespace, 1000);
    const answering = async () => {
      const results = await Promise.all(
        SERVICE_NAMES.map((service) =>
          rpc.call(OPERATIONS[service].health, {}).then(
            () => true,
            () => false,
          ),
        ),
      );
      return results.filter(Boolean).length;
    };
    try {
      await waitFor(async () => (await answering()) === 4, {
        timeoutMs: 120_000,
        intervalMs: 500,
        message: 'all four services up',
      });
      launcher.kill('SIGKILL');
      await waitFor(async () => (await answering()) === 0, {
        timeoutMs: 30_000,
        intervalMs: 500,
        message: 'every service gone',
      });
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      launcher.kill('SIGKILL');
      await nc.drain();
    }
  }, 180_000);

  it('stops a service whose launcher died while the service was still starting', async () => {
    // The launcher is killed while it restarts a service: the new process finds its IPC channel
    // already closed before its code runs, so no 'disconnect' event will come. It must stop anyway.
    const namespace = `launch${randomBytes(3).toString('hex')}`;
    const child = spawn(process.execPath, [path.join(root, 'services/auth/dist/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        ...testStackNatsEnv(),
        NATS_NAMESPACE: namespace,
        DATA_DIR: `/tmp/lockerroom-launch/${namespace}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    child.disconnect();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 30_000).unref(),
    );
    try {
      expect(await Promise.race([exited, timeout])).not.toBe('still running');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

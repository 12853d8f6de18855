/**
 * `npm start`'s launcher: when it dies, even by kill -9, no service outlives it (an orphan would go
 * on answering the next run's requests in the shared queue groups).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS, SERVICE_NAMES } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import {
  connectTestNats,
  createTestDatabase,
  freePort,
  freePortRun,
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

  /** The launcher's environment: the test database and NATS, `namespace` for its own, `extra`. */
  function launcherEnv(
    extra: Record<string, string>,
    namespace = `launch${randomBytes(3).toString('hex')}`,
  ): Record<string, string | undefined> {
    return {
      ...process.env,
      DATABASE_URL: database.url,
      ...testStackNatsEnv(),
      NATS_NAMESPACE: namespace,
      DATA_DIR: `/tmp/lockerroom-launch/${namespace}`,
      LOG_LEVEL: 'warn',
      ...extra,
    };
  }

  it('takes its services down with it when killed -9', async () => {
    const namespace = `launch${randomBytes(3).toString('hex')}`;
    const port = await freePort();
    const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: launcherEnv(
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          // No metrics listeners: their default ports may be taken by another run on this machine.
          METRICS_PORT_BASE: '0',
        },
        namespace,
      ),
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

  /** Runs the launcher with `env` until it exits; its exit code and everything it printed. */
  function runLauncher(
    env: Record<string, string>,
  ): Promise<{ code: number | null; output: string }> {
    const launcher = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: launcherEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => launcher.kill('SIGKILL'), 60_000);
    return new Promise((resolve) =>
      launcher.once('exit', (code) => {
        clearTimeout(killer);
        resolve({ code, output });
      }),
    );
  }

  /** Something else listening on `port` of 127.0.0.1 while `run` runs. */
  async function whileHeld<T>(port: number, run: () => Promise<T>): Promise<T> {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      return await run();
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }

  it('stops at once, in one line, when the gateway port is taken (no service restarted for ever)', async () => {
    const port = await freePort();
    const { code, output } = await whileHeld(port, () =>
      runLauncher({ PORT: String(port), METRICS_PORT_BASE: '0' }),
    );
    expect(code).toBe(1);
    expect(output).toContain(
      `Port ${port} is taken: the gateway listens there. Stop what listens on it (a Locker Room left running?) or set PORT to another port.`,
    );
    expect(output).not.toContain('restarting');
  }, 90_000);

  it("says which process's metrics port is taken", async () => {
    const [port, metricsBase] = [await freePort(), await freePortRun(5)];
    const { code, output } = await whileHeld(metricsBase + 2, () =>
      runLauncher({ PORT: String(port), METRICS_PORT_BASE: String(metricsBase) }),
    );
    expect(code).toBe(1);
    expect(output).toContain(
      `Port ${metricsBase + 2} is taken: the orders process's metrics listens there.`,
    );
    expect(output).toContain('METRICS_PORT_BASE (0: none)');
  }, 90_000);
});

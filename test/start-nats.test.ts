/**
 * `npm start` never joins an open NATS server without saying so: unless NATS_URL is set it runs its
 * own nats-server with authorization (and each process's /metrics on loopback ports it prints); with
 * NATS_URL set and no credentials it warns in one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import {
  createTestDatabase,
  freePort,
  freePortRun,
  testNatsUrl,
  type TestDatabase,
} from '@lr/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm start`'s script; `output()` is what it printed so far. */
function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('NATS_')),
  );
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: { ...clean, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text };
}

/**
 * Resolves once the launcher printed `text`; fails at once if it exited first, and with everything it
 * printed when `timeoutMs` passes (the failure says where it stopped).
 */
function untilPrinted(
  launched: { child: ChildProcess; output: () => string },
  text: string,
  timeoutMs: number,
): Promise<void> {
  const { child, output } = launched;
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (output().includes(text)) finish();
      else if (child.exitCode !== null || child.signalCode !== null) {
        finish(new Error(`npm start exited (${child.exitCode ?? child.signalCode}):\n${output()}`));
      }
    }, 200);
    const timer = setTimeout(
      () => finish(new Error(`"${text}" not printed in ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    function finish(error?: Error): void {
      clearInterval(poll);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    }
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('npm start and NATS', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('lrstartnats');
  });
  afterAll(() => database.drop());

  it('without NATS_URL runs its own authorized nats-server, and prints loopback metrics ports', async () => {
    const [port, natsPort, metricsBase] = [await freePort(), await freePort(), await freePortRun(5)];
    const dataDir = `/tmp/lockerroom-start-nats/${randomBytes(4).toString('hex')}`;
    const launched = launch({
      DATABASE_URL: database.url,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_NATS_PORT: String(natsPort),
      METRICS_PORT_BASE: String(metricsBase),
      DATA_DIR: dataDir,
    });
    const { child, output } = launched;
    try {
      await untilPrinted(launched, 'Press Ctrl-C to stop.', 150_000);
      // Its own server: a connection without an identity is refused.
      await expect(
        connect({ servers: `nats://127.0.0.1:${natsPort}`, timeout: 3000, reconnect: false }),
      ).rejects.toThrow(/authorization/i);
      // Each process's metrics on its own loopback port, printed at start.
      for (const [index, name] of ['auth', 'catalog', 'orders', 'reporting', 'gateway'].entries()) {
        const url = `http://127.0.0.1:${metricsBase + index}/metrics`;
        expect(output()).toContain(`${name} ${url}`);
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('lr_process_cpu_seconds_total');
      }
      expect(output()).not.toContain('Warning: NATS_URL');
    } finally {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 200_000);

  it('with NATS_URL set and no credentials, warns in one clear line', async () => {
    const port = await freePort();
    const launched = launch({
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT_BASE: '0',
      DATA_DIR: `/tmp/lockerroom-start-nats/${randomBytes(4).toString('hex')}`,
    });
    const { child, output } = launched;
    try {
      await untilPrinted(launched, 'Warning: NATS_URL', 60_000);
      const warnings = output()
        .split('\n')
        .filter((line) => line.includes('NATS_URL is set without credentials'));
      expect(warnings).toEqual([
        `Warning: NATS_URL is set without credentials (NATS_NKEY_SEED_<PROCESS>): every process connects to ${testNatsUrl()} unauthenticated, and anyone who reaches it can send them forged messages.`,
      ]);
    } finally {
      await stop(child);
    }
  }, 90_000);
});

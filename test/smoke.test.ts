/**
 * Smoke test: starts the whole stack the way `npm start` does (services and gateway as separate
 * processes, on a fresh database and NATS namespace) and gets a healthy /health.
 */
import { randomBytes } from 'node:crypto';
import { createTestDatabase, freePort, testStackNats, type TestDatabase } from '@lr/testing';
// @ts-expect-error plain ES module without types
import { startStack } from '../scripts/stack/stack.mjs';

interface Stack {
  url: string;
  stop(): Promise<void>;
}

describe('the whole stack', () => {
  let database: TestDatabase;
  let stack: Stack | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('lrsmoke');
  });
  afterAll(async () => {
    await stack?.stop();
    await database.drop();
  });

  it('starts and reports every service and dependency healthy', async () => {
    const port = await freePort();
    const namespace = `smoke${randomBytes(3).toString('hex')}`;
    stack = (await startStack({
      port,
      databaseUrl: database.url,
      ...testStackNats(),
      namespace,
      dataDir: `/tmp/lockerroom-smoke/${namespace}`,
      seed: true,
      quiet: true,
      build: false,
      logLevel: 'warn',
      publicUrl: `http://127.0.0.1:${port}`,
      log: () => undefined,
    })) as Stack;
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      services: Record<string, { status: string; checks: Record<string, { status: string }> }>;
    };
    expect(body.status).toBe('up');
    expect(Object.keys(body.services).sort()).toEqual(['auth', 'catalog', 'orders', 'reporting']);
    for (const service of Object.values(body.services)) {
      expect(service.checks.postgres?.status).toBe('up');
      expect(service.checks.nats?.status).toBe('up');
      expect(service.checks.jetstream?.status).toBe('up');
    }
  }, 180_000);
});

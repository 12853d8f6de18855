/**
 * TestEnv: one per test file. A fresh database, a NATS namespace, a config for services under test,
 * a request-reply client, and teardown of everything it started.
 *
 *   const env = await TestEnv.create();
 *   await env.startService('catalog', CatalogAppModule.register(env.config('catalog')));
 *   const product = await env.rpc.call(catalogOps.getProduct, { id }, { actor: env.actors.admin });
 *   ...
 *   await env.close();
 */
import { randomUUID } from 'node:crypto';
import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import { pino } from 'pino';
import type { Actor, NatsIdentity, ServiceName } from '@lr/contracts';
import {
  baseConfigSchema,
  parseConfig,
  RpcClient,
  startService,
  type BaseConfig,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import { createTestDatabase, type TestDatabase } from './database.js';
import {
  connectTestNats,
  deleteNamespaceStreams,
  testNatsSeed,
  testNatsUrl,
  uniqueNamespace,
} from './nats.js';

export class TestEnv {
  readonly apps = new Map<string, INestMicroservice>();
  readonly pool: pg.Pool;
  readonly rpc: RpcClient;
  readonly logger: Logger;

  private constructor(
    readonly database: TestDatabase,
    readonly namespace: string,
    readonly nc: NatsConnection,
    readonly dataDir: string,
  ) {
    this.pool = new pg.Pool({ connectionString: database.url, max: 4 });
    // Dropping the database at the end terminates idle connections; that is expected.
    this.pool.on('error', () => undefined);
    this.rpc = new RpcClient(nc, namespace, 15_000);
    this.logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  }

  static async create(): Promise<TestEnv> {
    const database = await createTestDatabase();
    const nc = await connectTestNats();
    const namespace = uniqueNamespace();
    const dataDir = `/tmp/lockerroom-test/${namespace}`;
    return new TestEnv(database, namespace, nc, dataDir);
  }

  /**
   * Environment the process `identity` (a service or the gateway) is configured from, with its own
   * NATS credentials; extra keys for service-specific vars.
   */
  envVars(identity: NatsIdentity, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: this.database.url,
      NATS_URL: testNatsUrl(),
      NATS_NKEY_SEED: testNatsSeed(identity),
      NATS_NAMESPACE: this.namespace,
      DATA_DIR: this.dataDir,
      ...extra,
    };
  }

  /** The base config (for services whose schema extends the base one, parse `envVars()` yourself). */
  config(identity: NatsIdentity, extra: Record<string, string> = {}): BaseConfig {
    return parseConfig(baseConfigSchema, this.envVars(identity, extra));
  }

  /**
   * Starts a service exactly as main.ts does, under this env's database and namespace; `config`
   * (and the module's) must carry the service's own NATS identity: `envVars(service)`.
   */
  async startService(
    service: ServiceName,
    module: DynamicModule,
    config: BaseConfig = this.config(service),
  ): Promise<INestMicroservice> {
    if (config.NATS_NKEY_SEED !== testNatsSeed(service)) {
      throw new Error(
        `${service} must be configured with its own NATS identity: envVars('${service}')`,
      );
    }
    const app = await startService({
      service,
      module,
      config,
      logger: this.logger,
      shutdownHooks: false,
    });
    this.apps.set(service, app);
    return app;
  }

  async stopService(service: ServiceName): Promise<void> {
    const app = this.apps.get(service);
    this.apps.delete(service);
    await app?.close();
  }

  /** Stops every service, drops the database and deletes this namespace's streams. */
  async close(): Promise<void> {
    for (const service of [...this.apps.keys()]) await this.stopService(service as ServiceName);
    await this.pool.end();
    await deleteNamespaceStreams(this.nc, this.namespace).catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
    await this.database.drop();
  }

  /** Ready-made actors for calling services directly (ids are random; no user rows exist). */
  static actor(role: Actor['role'], name = `Test ${role}`): Actor {
    return { id: randomUUID(), role, name, loginId: name };
  }
}

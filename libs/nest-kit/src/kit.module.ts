/**
 * KitModule wires the platform pieces every service needs: config, logger, PostgreSQL (migrated at
 * start), NATS (streams ensured), the request-reply client, the outbox writer and relay, durable
 * consumers, mail and the health answer. Services import `KitModule.forService(...)` once.
 */
import {
  Controller,
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type pg from 'pg';
import { NATS_GRANTS, OPERATIONS, type ServiceName } from '@lr/contracts';
import type { BaseConfig } from './config.js';
import { createDatabase, createPool, runMigrations, type Database } from './db.js';
import { EventConsumers } from './event-consumers.js';
import { Handles } from './handles.js';
import { checkServiceHealth } from './health.js';
import { createLogger, type Logger } from './logger.js';
import { Mailer } from './mailer.js';
import { metrics, poolSamples } from './metrics.js';
import { connectNats, ensureStreams, natsAuth, type NatsConnection } from './nats.js';
import { countUnsent, OutboxRelay } from './outbox.js';
import { OutboxWriter } from './outbox-writer.js';
import { OutboxPruner } from './outbox-pruner.js';
import { RecordedReplies } from './recorded-replies.js';
import { RecordedRepliesPruner } from './recorded-replies-pruner.js';
import { DEFAULT_RESEND_POLICY } from './resend-policy.js';
import { RpcClient } from './rpc-client.js';
import { shutdownTracing } from './tracing.js';
import { DATABASE, KIT_CONFIG, KIT_OPTIONS, LOGGER, NATS_CONNECTION, PG_POOL } from './tokens.js';

export type KitConfig = BaseConfig;

export interface KitOptions {
  service: ServiceName;
  /** The PostgreSQL schema this service owns. */
  schema: string;
  /** Absolute path of the service's committed SQL migrations. */
  migrationsDir: string;
  config: KitConfig;
  /** Supply a logger (tests pass a silent one); otherwise one is made from the config. */
  logger?: Logger;
  /** Start the outbox relay (default true). */
  relay?: boolean;
}

@Injectable()
class KitLifecycle
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  /** Removes this service's sampled metric sources on shutdown. */
  private readonly metricSources: (() => void)[] = [];

  constructor(
    @Inject(KIT_OPTIONS) private readonly options: KitOptions,
    private readonly relay: OutboxRelay,
    private readonly pruner: OutboxPruner,
    private readonly repliesPruner: RecordedRepliesPruner,
    private readonly consumers: EventConsumers,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.relay !== false) {
      await this.relay.start();
      this.pruner.start();
    }
    this.repliesPruner.start();
    await this.consumers.startAll();
    this.addMetricSources();
  }

  private addMetricSources(): void {
    const { schema } = this.options;
    this.metricSources.push(
      metrics.pg.pool.addSource(() => poolSamples(this.options.service, this.pool)),
      metrics.outbox.unsent.addSource(async () => [
        { labels: { schema }, value: await countUnsent(this.pool, schema) },
      ]),
      ...this.consumers
        .list()
        .map((consumer) => metrics.consumer.pending.addSource(() => consumer.pendingSamples())),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const remove of this.metricSources.splice(0)) remove();
    await this.consumers.stopAll();
    await this.relay.stop();
    await this.pruner.stop();
    await this.repliesPruner.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
    // Spans still buffered for the OTLP exporter go out before the process exits.
    await shutdownTracing();
  }
}

function healthController(service: ServiceName): new (...args: never[]) => unknown {
  @Controller()
  class HealthController {
    constructor(
      @Inject(PG_POOL) private readonly pool: pg.Pool,
      @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
      @Inject(KIT_OPTIONS) private readonly options: KitOptions,
    ) {}

    @Handles(OPERATIONS[service].health)
    health() {
      return checkServiceHealth(service, this.pool, this.nc, this.options.schema);
    }
  }
  return HealthController;
}

@Global()
@Module({})
export class KitModule {
  static forService(options: KitOptions): DynamicModule {
    const { config } = options;
    const providers: Provider[] = [
      { provide: KIT_OPTIONS, useValue: options },
      { provide: KIT_CONFIG, useValue: config },
      {
        provide: LOGGER,
        useValue:
          options.logger ??
          createLogger({
            service: options.service,
            level: config.LOG_LEVEL,
            pretty: config.NODE_ENV === 'development',
          }),
      },
      {
        provide: PG_POOL,
        inject: [LOGGER],
        useFactory: async (logger: Logger) => {
          const pool = createPool(config.DATABASE_URL, 10, `lockerroom-${options.service}`);
          await runMigrations(pool, options.schema, options.migrationsDir, logger);
          return pool;
        },
      },
      { provide: DATABASE, inject: [PG_POOL], useFactory: (pool: pg.Pool) => createDatabase(pool) },
      {
        provide: NATS_CONNECTION,
        inject: [LOGGER],
        useFactory: async (logger: Logger) => {
          const nc = await connectNats(
            config.NATS_URL,
            options.service,
            logger,
            natsAuth(config, options.service),
          );
          const grants = NATS_GRANTS[options.service];
          await ensureStreams(
            nc,
            config.NATS_NAMESPACE,
            grants.ownsStreams ?? [],
            grants.readsStreams ?? [],
            config.NATS_STREAM_REPLICAS,
          );
          return nc;
        },
      },
      {
        provide: RpcClient,
        inject: [NATS_CONNECTION],
        useFactory: (nc: NatsConnection) =>
          new RpcClient(nc, config.NATS_NAMESPACE, config.RPC_TIMEOUT_MS, options.service, {
            ...DEFAULT_RESEND_POLICY,
            attemptTimeoutMs: config.RPC_ATTEMPT_TIMEOUT_MS,
          }),
      },
      { provide: RecordedReplies, useValue: new RecordedReplies(options.schema) },
      {
        provide: RecordedRepliesPruner,
        inject: [PG_POOL, LOGGER],
        useFactory: (pool: pg.Pool, logger: Logger) =>
          new RecordedRepliesPruner({
            pool,
            schema: options.schema,
            logger: logger.child({ context: 'RecordedRepliesPruner' }),
          }),
      },
      { provide: OutboxWriter, useValue: new OutboxWriter(options.schema) },
      {
        provide: OutboxRelay,
        inject: [PG_POOL, NATS_CONNECTION, LOGGER, OutboxWriter],
        useFactory: (pool: pg.Pool, nc: NatsConnection, logger: Logger, writer: OutboxWriter) => {
          const relay = new OutboxRelay({
            pool,
            nc,
            schema: options.schema,
            namespace: config.NATS_NAMESPACE,
            logger: logger.child({ context: 'OutboxRelay' }),
            publishWindowMs: config.OUTBOX_PUBLISH_WINDOW_MS,
          });
          // Events committed by this process go to its relay directly (OutboxWriter.written).
          writer.useRelay((events) => relay.handOver(events));
          return relay;
        },
      },
      {
        provide: OutboxPruner,
        inject: [PG_POOL, LOGGER],
        useFactory: (pool: pg.Pool, logger: Logger) =>
          new OutboxPruner({
            pool,
            schema: options.schema,
            retentionDays: config.OUTBOX_RETENTION_DAYS,
            logger: logger.child({ context: 'OutboxPruner' }),
          }),
      },
      {
        provide: EventConsumers,
        inject: [NATS_CONNECTION, DATABASE, LOGGER],
        useFactory: (nc: NatsConnection, db: Database, logger: Logger) =>
          new EventConsumers(nc, db, config.NATS_NAMESPACE, logger),
      },
      {
        provide: Mailer,
        inject: [LOGGER],
        useFactory: (logger: Logger) =>
          new Mailer({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            dataDir: config.DATA_DIR,
            logger: logger.child({ context: 'Mailer' }),
          }),
      },
      KitLifecycle,
    ];
    return {
      module: KitModule,
      controllers: [healthController(options.service)],
      providers,
      exports: providers.filter((p) => p !== KitLifecycle),
    };
  }
}

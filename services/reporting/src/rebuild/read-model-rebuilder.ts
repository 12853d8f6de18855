/**
 * Rebuilds the read model from scratch: empties it and replays the ORDERS stream (orders) and the
 * CATALOG stream (donations and stock counts) from their first message with an ephemeral consumer,
 * applying the same code as live consumption.
 *
 * It all happens in ONE transaction holding the read model's lock exclusively: readers keep the old
 * figures until the new ones commit, and live events wait, then apply under the usual version guard
 * (so nothing is lost and nothing goes backwards). Events are replayed in batches (folded per order
 * with the same rule as live events, then written at once); the rollups are recomputed at the end.
 * Plain class (no Nest DI), built by `createReadModelRebuilder` for both of its users: the console's
 * button (RebuildService) and `npm run report:rebuild`, which must not start the service.
 */
import { sql } from 'drizzle-orm';
import {
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  type JsMsg,
  type StreamInfo,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AppError,
  EVENT_SCHEMAS,
  eventEnvelopeSchema,
  eventsInMessage,
  namespaced,
  namespacedStream,
  type RebuildResult,
  type RebuildStatus,
  type StreamName,
} from '@lr/contracts';
import type { Database, Logger } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { OrderEventApplier } from '../read-model/order-events.applier.js';
import { isOrderEventType, type OrderEvent } from '../read-model/order-state-rule.js';
import { lockWholeModel } from '../read-model/read-model-locks.js';
import { ReadModelRepository } from '../read-model/read-model.repository.js';
import { RollupsRepository } from '../read-model/rollups.repository.js';
import {
  isStockIntakeEventType,
  StockIntakeApplier,
  type StockIntakeEvent,
} from '../read-model/stock-intake.applier.js';
import { StockIntakeRepository } from '../read-model/stock-intake.repository.js';
import { DemandRequestedRepository } from '../read-model/demand-requested.repository.js';
import {
  DemandStockApplier,
  isDemandStockEventType,
  type DemandStockEvent,
} from '../read-model/demand-stock.applier.js';
import {
  ImpactApplier,
  isImpactCatalogEventType,
  type ImpactCatalogEvent,
} from '../read-model/impact.applier.js';
import { ImpactIntakeRepository } from '../read-model/impact-intake.repository.js';
import { ImpactRollupsRepository } from '../read-model/impact-rollups.repository.js';

type ReplayedEvent = OrderEvent | StockIntakeEvent | ImpactCatalogEvent | DemandStockEvent;

const ORDER_SUBJECTS = 'orders.order.>';
/** One rebuild at a time, across replicas: the transaction-scoped advisory lock's key. */
const REBUILD_LOCK_KEY = sql`hashtext('reporting:rebuild')::bigint`;
const CATALOG_SUBJECTS = 'catalog.>';
const FETCH_BATCH = 500;
const FETCH_EXPIRES_MS = 2000;

/**
 * The rebuilder with its own repositories and appliers: they hold no state, so these behave exactly
 * like the live consumers' instances.
 */
export function createReadModelRebuilder(
  db: Database,
  nc: NatsConnection,
  config: Pick<ReportingConfig, 'NATS_NAMESPACE' | 'REPORT_TIME_ZONE'>,
  logger: Logger,
): ReadModelRebuilder {
  const repository = new ReadModelRepository(db);
  const rollups = new RollupsRepository(config);
  const intakeRepository = new StockIntakeRepository(db);
  const impactRollups = new ImpactRollupsRepository(config);
  const impactIntake = new ImpactIntakeRepository();
  const demand = new DemandRequestedRepository();
  return new ReadModelRebuilder(
    db,
    nc,
    config.NATS_NAMESPACE,
    repository,
    rollups,
    new OrderEventApplier(repository, rollups, impactRollups, demand),
    logger,
    { repository: intakeRepository, applier: new StockIntakeApplier(intakeRepository, config) },
    {
      intake: impactIntake,
      rollups: impactRollups,
      applier: new ImpactApplier(impactIntake, impactRollups),
    },
    { requested: demand, stock: new DemandStockApplier() },
  );
}

export class ReadModelRebuilder {
  constructor(
    private readonly db: Database,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly repository: ReadModelRepository,
    private readonly rollups: RollupsRepository,
    private readonly applier: OrderEventApplier,
    private readonly logger: Logger,
    private readonly intake: { repository: StockIntakeRepository; applier: StockIntakeApplier },
    private readonly impact: {
      intake: ImpactIntakeRepository;
      rollups: ImpactRollupsRepository;
      applier: ImpactApplier;
    },
    private readonly demand: { requested: DemandRequestedRepository; stock: DemandStockApplier },
  ) {}

  async rebuild(): Promise<RebuildResult> {
    const started = performance.now();
    let ran = false;
    const result = await this.db
      .transaction(async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(
          sql`SELECT pg_try_advisory_xact_lock(${REBUILD_LOCK_KEY}) AS locked`,
        );
        if (!lock.rows[0]?.locked)
          throw AppError.conflict('A rebuild of the report is already running');
        ran = true;
        await this.reportProgress({ running: true, replayed: 0, total: 0, starting: true });
        // Live events wait until the rebuild commits, then apply under the usual version guard.
        await lockWholeModel(tx);
        await this.repository.clear(tx);
        await this.intake.repository.clear(tx);
        await this.impact.intake.clear(tx);
        await this.demand.stock.clear(tx);
        const orders = await this.streamInfo('ORDERS');
        const catalog = await this.streamInfo('CATALOG');
        // One figure for the console across both streams.
        const progress = {
          replayed: 0,
          total: (orders?.state.messages ?? 0) + (catalog?.state.messages ?? 0),
        };
        await this.reportProgress({ total: progress.total });
        const orderEvents = await this.replay(orders, ORDER_SUBJECTS, progress, (events) =>
          this.applier.applyReplayBatch(tx, events as OrderEvent[]),
        );
        const intakeEvents = await this.replay(
          catalog,
          CATALOG_SUBJECTS,
          progress,
          async (events) => {
            await this.impact.applier.apply(tx, events, { live: false });
            await this.intake.applier.apply(
              tx,
              events.filter((e): e is StockIntakeEvent => isStockIntakeEventType(e.type)),
            );
            await this.demand.stock.apply(
              tx,
              events.filter((e): e is DemandStockEvent => isDemandStockEventType(e.type)),
            );
          },
        );
        const eventsApplied = orderEvents + intakeEvents;
        await this.rollups.recomputeAll(tx);
        await this.impact.rollups.recomputeAll(tx);
        await this.demand.requested.recomputeAll(tx);
        const ordersApplied = await this.repository.countLiveOrders(tx);
        return { eventsApplied, ordersApplied };
      })
      .finally(async () => {
        // Only the rebuild that held the lock ends the progress; a refused one leaves it running.
        if (ran) await this.reportProgress({ running: false }).catch(() => undefined);
      });
    const durationMs = Math.round(performance.now() - started);
    this.logger.info({ ...result, durationMs }, 'report read model rebuilt from the ORDERS stream');
    return { ...result, durationMs };
  }

  /** The stream's state, or null when it does not exist yet (nothing was ever published). */
  private async streamInfo(streamName: StreamName): Promise<StreamInfo | null> {
    const jsm = await jetstreamManager(this.nc);
    return jsm.streams
      .info(namespacedStream(this.namespace, streamName))
      .catch((error: unknown) => {
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) {
          return null;
        }
        throw error;
      });
  }

  private async replay(
    info: StreamInfo | null,
    subjects: string,
    progress: { replayed: number; total: number },
    apply: (events: ReplayedEvent[]) => Promise<void>,
  ): Promise<number> {
    // No stream or no message: nothing to replay, the rebuilt part is simply empty.
    if (!info || info.state.messages === 0) return 0;
    const stream = info.config.name;
    const lastSeq = info.state.last_seq;

    const consumer = await jetstream(this.nc).consumers.get(stream, {
      // One filter (nats-server 2.9 knows no more); other order event types are skipped on parse.
      filter_subjects: namespaced(this.namespace, subjects),
      deliver_policy: DeliverPolicy.All,
    });
    let applied = 0;
    try {
      for (;;) {
        const batch = await consumer.fetch({
          max_messages: FETCH_BATCH,
          expires: FETCH_EXPIRES_MS,
        });
        let received = 0;
        let caughtUp = false;
        const events: ReplayedEvent[] = [];
        for await (const msg of batch) {
          received += 1;
          events.push(...this.parse(msg));
          // Events published after the rebuild started are applied by the live consumer anyway.
          if (msg.seq >= lastSeq || msg.info.pending === 0) {
            caughtUp = true;
            break;
          }
        }
        await apply(events);
        applied += events.length;
        progress.replayed += received;
        await this.reportProgress({ replayed: Math.min(progress.replayed, progress.total) });
        if (caughtUp || received === 0) break;
      }
    } finally {
      await consumer.delete().catch(() => undefined);
    }
    return applied;
  }

  /** The rebuild's progress as the console shows it (any replica answers from the database). */
  async status(): Promise<RebuildStatus> {
    const { rows } = await this.db.execute<{
      running: boolean;
      replayed: number;
      total: number;
      started_at: Date | string | null;
      updated_at: Date | string;
    }>(
      // Running only while a rebuild holds its lock: a rebuild that died with its process left the
      // row saying "running", and the console must not wait for it forever. (A bigint advisory key
      // shows in pg_locks as classid = high 32 bits, objid = low 32 bits, objsubid = 1.)
      sql`SELECT p.running AND EXISTS (
                SELECT 1 FROM pg_locks l
                WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
                  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND ((l.classid::bigint << 32) | l.objid::bigint) = ${REBUILD_LOCK_KEY}
              ) AS running,
              p.replayed, p.total, p.started_at, p.updated_at
            FROM reporting.rebuild_progress p WHERE p.id = 1`,
    );
    const row = rows[0];
    const iso = (value: Date | string | number) => new Date(value).toISOString();
    if (!row) return { running: false, replayed: 0, total: 0, startedAt: null, updatedAt: iso(0) };
    return {
      running: row.running,
      replayed: row.replayed,
      total: row.total,
      startedAt: row.started_at === null ? null : iso(row.started_at),
      updatedAt: iso(row.updated_at),
    };
  }

  /**
   * Written on the pool, outside the rebuild's transaction, so others see it while the rebuild runs.
   * Progress is for people: a failed write is logged and the rebuild goes on.
   */
  private async reportProgress(change: {
    running?: boolean;
    replayed?: number;
    total?: number;
    starting?: boolean;
  }): Promise<void> {
    await this.db
      .execute(
        sql`UPDATE reporting.rebuild_progress SET
              running = COALESCE(${change.running ?? null}::boolean, running),
              replayed = COALESCE(${change.replayed ?? null}::integer, replayed),
              total = COALESCE(${change.total ?? null}::integer, total),
              started_at = CASE WHEN ${change.starting ?? false}::boolean THEN now() ELSE started_at END,
              updated_at = now()
            WHERE id = 1`,
      )
      .catch((error: unknown) =>
        this.logger.warn({ err: (error as Error).message }, 'rebuild progress not recorded'),
      );
  }

  /**
   * The report's events of a message (one, or several published together). One that is not a
   * valid order or stock intake event is skipped (the live consumer dead-letters it); other
   * catalog events are not the report's.
   */
  private parse(msg: JsMsg): ReplayedEvent[] {
    let values: unknown[];
    try {
      values = eventsInMessage(msg.string());
    } catch (error) {
      this.logger.warn(
        { seq: msg.seq, err: (error as Error).message },
        'rebuild skipped a message',
      );
      return [];
    }
    const events: ReplayedEvent[] = [];
    for (const value of values) {
      const event = this.parseEvent(msg.seq, value);
      if (event) events.push(event);
    }
    return events;
  }

  private parseEvent(seq: number, value: unknown): ReplayedEvent | null {
    try {
      const envelope = eventEnvelopeSchema.parse(value);
      if (isOrderEventType(envelope.type)) {
        const data = EVENT_SCHEMAS[envelope.type].parse(envelope.data);
        return { ...envelope, data } as OrderEvent;
      }
      // Product events carry the values the impact report keeps; stock movements demand's stock.
      if (
        !isStockIntakeEventType(envelope.type) &&
        !isImpactCatalogEventType(envelope.type) &&
        !isDemandStockEventType(envelope.type)
      ) {
        return null;
      }
      const data = EVENT_SCHEMAS[envelope.type].parse(envelope.data);
      return { ...envelope, data } as StockIntakeEvent | ImpactCatalogEvent | DemandStockEvent;
    } catch (error) {
      this.logger.warn({ seq, err: (error as Error).message }, 'rebuild skipped an invalid event');
      return null;
    }
  }
}

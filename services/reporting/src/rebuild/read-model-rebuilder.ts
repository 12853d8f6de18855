/**
 * Rebuilds the read model from scratch: empties it and replays the ORDERS stream from its first
 * message with an ephemeral ordered consumer, applying the same code as live consumption.
 *
 * It all happens in ONE transaction holding the read model's lock exclusively: readers keep the old
 * figures until the new ones commit, and live events wait, then apply under the usual version guard
 * (so nothing is lost and nothing goes backwards). Events are replayed in batches (folded per order
 * with the same rule as live events, then written at once); the rollups are recomputed at the end. Plain class (no Nest DI) so
 * that `npm run report:rebuild` can run it without starting the service.
 */
import { sql } from 'drizzle-orm';
import {
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  type JsMsg,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AppError,
  EVENT_SCHEMAS,
  eventEnvelopeSchema,
  namespaced,
  namespacedStream,
  type RebuildResult,
  type RebuildStatus,
} from '@lr/contracts';
import type { Database, Executor, Logger } from '@lr/nest-kit';
import type { OrderEventApplier } from '../read-model/order-event-applier.js';
import { isOrderEventType, type OrderEvent } from '../read-model/order-state-rule.js';
import { lockWholeModel } from '../read-model/read-model-locks.js';
import type { ReadModelRepository } from '../read-model/read-model.repository.js';
import type { RollupsRepository } from '../read-model/rollups.repository.js';

const ORDER_SUBJECTS = 'orders.order.>';
/** One rebuild at a time, across replicas: the transaction-scoped advisory lock's key. */
const REBUILD_LOCK_KEY = sql`hashtext('reporting:rebuild')::bigint`;
const FETCH_BATCH = 500;
const FETCH_EXPIRES_MS = 2000;

export class ReadModelRebuilder {
  constructor(
    private readonly db: Database,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly repository: ReadModelRepository,
    private readonly rollups: RollupsRepository,
    private readonly applier: OrderEventApplier,
    private readonly logger: Logger,
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
        const eventsApplied = await this.replay(tx);
        await this.rollups.recomputeAll(tx);
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

  private async replay(tx: Executor): Promise<number> {
    const stream = namespacedStream(this.namespace, 'ORDERS');
    const info = await (
      await jetstreamManager(this.nc)
    ).streams
      .info(stream)
      .catch((error: unknown) => {
        // No stream yet (nothing was ever published): the rebuilt model is simply empty.
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) {
          return null;
        }
        throw error;
      });
    if (!info || info.state.messages === 0) return 0;
    const lastSeq = info.state.last_seq;
    const total = info.state.messages;
    await this.reportProgress({ replayed: 0, total });
    let replayed = 0;

    const consumer = await jetstream(this.nc).consumers.get(stream, {
      // One filter (nats-server 2.9 knows no more); other order event types are skipped on parse.
      filter_subjects: namespaced(this.namespace, ORDER_SUBJECTS),
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
        const events: OrderEvent[] = [];
        for await (const msg of batch) {
          received += 1;
          const event = this.parse(msg);
          if (event) events.push(event);
          // Events published after the rebuild started are applied by the live consumer anyway.
          if (msg.seq >= lastSeq || msg.info.pending === 0) {
            caughtUp = true;
            break;
          }
        }
        await this.applier.applyReplayBatch(tx, events);
        applied += events.length;
        replayed += received;
        await this.reportProgress({ replayed: Math.min(replayed, total) });
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

  /** A message that is not a valid order event is skipped (the live consumer dead-letters it). */
  private parse(msg: JsMsg): OrderEvent | null {
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(msg.string()));
      if (!isOrderEventType(envelope.type)) return null;
      const data = EVENT_SCHEMAS[envelope.type].parse(envelope.data);
      return { ...envelope, data } as OrderEvent;
    } catch (error) {
      this.logger.warn(
        { seq: msg.seq, err: (error as Error).message },
        'rebuild skipped an invalid event',
      );
      return null;
    }
  }
}

/**
 * Rebuilds the read model from scratch: empties it and replays the ORDERS stream (orders) and the
 * CATALOG stream (donations and stock counts) from their first message with an ephemeral consumer,
 * applying the same code as live consumption.
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
  type StreamName,
} from '@lr/contracts';
import type { Database, Executor, Logger } from '@lr/nest-kit';
import type { OrderEventApplier } from '../read-model/order-event-applier.js';
import { isOrderEventType, type OrderEvent } from '../read-model/order-state-rule.js';
import { lockWholeModel } from '../read-model/read-model-locks.js';
import type { ReadModelRepository } from '../read-model/read-model.repository.js';
import type { RollupsRepository } from '../read-model/rollups.repository.js';
import {
  isStockIntakeEventType,
  type StockIntakeApplier,
  type StockIntakeEvent,
} from '../read-model/stock-intake.applier.js';
import type { StockIntakeRepository } from '../read-model/stock-intake.repository.js';

const ORDER_SUBJECTS = 'orders.order.>';
const CATALOG_SUBJECTS = 'catalog.>';
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
    private readonly intake: { repository: StockIntakeRepository; applier: StockIntakeApplier },
  ) {}

  async rebuild(): Promise<RebuildResult> {
    const started = performance.now();
    const result = await this.db.transaction(async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(hashtext('reporting:rebuild')) AS locked`,
      );
      if (!lock.rows[0]?.locked)
        throw AppError.conflict('A rebuild of the report is already running');
      // Live events wait until the rebuild commits, then apply under the usual version guard.
      await lockWholeModel(tx);
      await this.repository.clear(tx);
      await this.intake.repository.clear(tx);
      const orderEvents = await this.replay(tx, 'ORDERS', ORDER_SUBJECTS, (events) =>
        this.applier.applyReplayBatch(tx, events as OrderEvent[]),
      );
      const intakeEvents = await this.replay(tx, 'CATALOG', CATALOG_SUBJECTS, (events) =>
        this.intake.applier.apply(tx, events as StockIntakeEvent[]),
      );
      const eventsApplied = orderEvents + intakeEvents;
      await this.rollups.recomputeAll(tx);
      const ordersApplied = await this.repository.countLiveOrders(tx);
      return { eventsApplied, ordersApplied };
    });
    const durationMs = Math.round(performance.now() - started);
    this.logger.info({ ...result, durationMs }, 'report read model rebuilt from the ORDERS stream');
    return { ...result, durationMs };
  }

  private async replay(
    tx: Executor,
    streamName: StreamName,
    subjects: string,
    apply: (events: (OrderEvent | StockIntakeEvent)[]) => Promise<void>,
  ): Promise<number> {
    const stream = namespacedStream(this.namespace, streamName);
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
        const events: (OrderEvent | StockIntakeEvent)[] = [];
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
        await apply(events);
        applied += events.length;
        if (caughtUp || received === 0) break;
      }
    } finally {
      await consumer.delete().catch(() => undefined);
    }
    return applied;
  }

  /**
   * A message that is not a valid order or stock intake event is skipped (the live consumer
   * dead-letters it); other catalog events are not the report's.
   */
  private parse(msg: JsMsg): OrderEvent | StockIntakeEvent | null {
    try {
      const envelope = eventEnvelopeSchema.parse(JSON.parse(msg.string()));
      if (isOrderEventType(envelope.type)) {
        const data = EVENT_SCHEMAS[envelope.type].parse(envelope.data);
        return { ...envelope, data } as OrderEvent;
      }
      if (!isStockIntakeEventType(envelope.type)) return null;
      const data = EVENT_SCHEMAS[envelope.type].parse(envelope.data);
      return { ...envelope, data } as StockIntakeEvent;
    } catch (error) {
      this.logger.warn(
        { seq: msg.seq, err: (error as Error).message },
        'rebuild skipped an invalid event',
      );
      return null;
    }
  }
}

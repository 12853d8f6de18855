/**
 * Applies order events to stock. Runs inside the consumer's transaction,
 * together with the processed-event record, so each event takes effect exactly once.
 *
 * Per order, `order_commitments` records the last order version applied and whether the order holds
 * stock. An event older than (or as old as) the recorded version is skipped. The effect is the one
 * `inventoryEffectOf(from, to)` names, reconciled with what the order actually holds: a commit
 * applies only if the order holds nothing, a release gives back exactly what the ledger says this
 * order took and has not yet got back. So a late or missed event can never deduct twice, and a
 * release after a rejected commit gives back nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  EVENTS,
  inventoryEffectOf,
  isCommittedStatus,
  type EventDataMap,
  type EventEnvelope,
  type OrderSnapshot,
} from '@lr/contracts';
import { LOGGER, OutboxWriter, withSpan, type Executor, type Logger } from '@lr/nest-kit';
import type { CommitmentState } from './inventory.repository.js';
import { StockLedger } from './stock-ledger.js';
import { StockPlan, type WantedLine } from './stock-plan.js';

type StatusChanged = EventEnvelope<EventDataMap[typeof EVENTS.ordersOrderStatusChanged]>;
type OrderDeleted = EventEnvelope<EventDataMap[typeof EVENTS.ordersOrderDeleted]>;
type ActorRef = { id: string; name: string } | null;

/** Lines with something to give, merged by product and size. */
export function wantedLines(order: OrderSnapshot): WantedLine[] {
  const merged = new Map<string, WantedLine>();
  for (const line of order.lines) {
    if (line.quantity <= 0) continue;
    const key = `${line.productId}\u0000${line.size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else
      merged.set(key, {
        productId: line.productId,
        size: line.size,
        name: line.name,
        quantity: line.quantity,
      });
  }
  return [...merged.values()];
}

@Injectable()
export class OrderInventoryHandler {
  private readonly logger: Logger;

  constructor(
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxWriter,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'OrderInventoryHandler' });
  }

  /**
   * A consumer batch, in stream order. Two statements whatever its size: one locks what the batch
   * decides on (the orders' commitment rows, created when missing; what they hold; the products
   * they name or hold and their sizes); each event is then decided in memory (StockPlan), and the
   * ledger writes every movement, event and commitment row at the end, in one statement.
   */
  async onBatch(tx: Executor, events: readonly (StatusChanged | OrderDeleted)[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.order.id))];
    const productIds = new Set<string>();
    for (const event of events) {
      for (const line of event.data.order.lines) productIds.add(line.productId);
    }
    const { states, stock, held } = await this.ledger.lockOrderBatch(tx, ids, [...productIds]);
    const plan = new StockPlan(stock, held);
    const outboxEvents: EventEnvelope[] = [];

    const changed = new Set<string>();
    for (const event of events) {
      const state = states.get(event.data.order.id);
      if (!state) throw new Error(`order commitment ${event.data.order.id} missing`);
      const before = plan.movements.length;
      const applied =
        event.type === EVENTS.ordersOrderDeleted
          ? this.onDeleted(plan, event as OrderDeleted, state)
          : this.onStatusChanged(plan, event as StatusChanged, state, outboxEvents);
      if (applied) changed.add(state.orderId);
      for (const movement of plan.movements.slice(before)) {
        outboxEvents.push(this.ledger.adjustedEvent(movement));
      }
    }
    const saved = [...changed].map((id) => states.get(id) as CommitmentState);
    await withSpan('catalog', 'stock movements', () =>
      this.ledger.write(tx, plan.movements, outboxEvents, saved),
    );
  }

  /** Applies one status change to `state` (and to the plan); false when it was stale. */
  private onStatusChanged(
    plan: StockPlan,
    event: StatusChanged,
    state: CommitmentState,
    outboxEvents: EventEnvelope[],
  ): boolean {
    const { order, from, to, changedBy } = event.data;
    if (state.deleted || state.version >= order.version) {
      this.logger.info(
        { orderId: order.id, version: order.version, applied: state.version },
        'stale order event skipped',
      );
      return false;
    }
    const effect = inventoryEffectOf(from, to);
    let committed = state.committed;
    if (isCommittedStatus(to) && !state.committed) {
      if (effect !== 'commit')
        this.logger.warn(
          { orderId: order.id, from, to },
          'order holds no stock yet: committing now',
        );
      const shortLines = plan.commit(
        order.id,
        wantedLines(order),
        event.eventId,
        changedBy,
        order.version,
      );
      committed = shortLines.length === 0;
      if (!committed) {
        outboxEvents.push(
          this.outbox.envelope(
            EVENTS.catalogInventoryCommitRejected,
            {
              orderId: order.id,
              orderVersion: order.version,
              sourceEventId: event.eventId,
              shortLines,
            },
            order.version,
          ),
        );
        this.logger.warn(
          { orderId: order.id, shortLines },
          'order commit rejected: not enough stock',
        );
      }
    } else if (!isCommittedStatus(to) && state.committed) {
      this.release(plan, order.id, event.eventId, changedBy, order.version);
      committed = false;
    }
    Object.assign(state, { version: order.version, committed, deleted: false, lastStatus: to });
    return true;
  }

  /** Applies a deletion to `state` (and to the plan); false when the order was already deleted. */
  private onDeleted(plan: StockPlan, event: OrderDeleted, state: CommitmentState): boolean {
    const { order, deletedBy } = event.data;
    if (state.deleted) return false;
    // Deletions come through their own consumer (see inventory.consumer.ts), so one may arrive
    // before the status changes that preceded it. A Delivered order keeps its stock after deletion:
    // if its delivery has not been applied here yet, take the stock now, as that delivery would
    // have; the status changes arriving later are skipped (the order is deleted).
    if (order.status === 'Delivered' && state.lastStatus !== 'Delivered' && !state.committed) {
      const shortLines = plan.commit(order.id, wantedLines(order), event.eventId, deletedBy);
      state.committed = shortLines.length === 0;
      if (!state.committed)
        this.logger.warn(
          { orderId: order.id, shortLines },
          'deleted Delivered order: not enough stock to take what it delivered',
        );
    }
    // A delivered order's stock left the building; anything else it holds comes back.
    if (state.committed && order.status !== 'Delivered')
      this.release(plan, order.id, event.eventId, deletedBy);
    Object.assign(state, {
      version: Math.max(state.version, order.version),
      committed: state.committed && order.status === 'Delivered',
      deleted: true,
      lastStatus: order.status,
    });
    return true;
  }

  /** Gives back exactly what the ledger says this order still holds. */
  private release(
    plan: StockPlan,
    orderId: string,
    eventId: string,
    actor: ActorRef,
    orderVersion: number | null = null,
  ): void {
    for (const sizeId of plan.release(orderId, eventId, actor, orderVersion)) {
      this.logger.warn(
        { orderId, sizeId },
        'size deleted since the commit: nothing to give back to',
      );
    }
  }
}

/**
 * Applies order events to stock (ARCHITECTURE.md section 2). Runs inside the consumer's transaction,
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
  type ShortLine,
} from '@lr/contracts';
import { LOGGER, OutboxWriter, type Executor, type Logger } from '@lr/nest-kit';
import { InventoryRepository, type CommitmentState } from './inventory.repository.js';
import { StockLedger } from './stock-ledger.js';

type StatusChanged = EventEnvelope<EventDataMap[typeof EVENTS.ordersOrderStatusChanged]>;
type OrderDeleted = EventEnvelope<EventDataMap[typeof EVENTS.ordersOrderDeleted]>;
type ActorRef = { id: string; name: string } | null;

interface WantedLine {
  productId: string;
  size: string;
  name: string;
  quantity: number;
}

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
    private readonly repository: InventoryRepository,
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxWriter,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'OrderInventoryHandler' });
  }

  /**
   * A consumer batch, in stream order: the orders' commitment rows are created and locked in one
   * statement, each event is decided on them in memory (only stock movements touch the database),
   * and the changed rows are saved in one statement.
   */
  async onBatch(tx: Executor, events: readonly (StatusChanged | OrderDeleted)[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.order.id))];
    const states = await this.repository.lockCommitments(tx, ids);
    const changed = new Set<string>();
    for (const event of events) {
      const state = states.get(event.data.order.id);
      if (!state) throw new Error(`order commitment ${event.data.order.id} missing`);
      const applied =
        event.type === EVENTS.ordersOrderDeleted
          ? await this.onDeleted(tx, event as OrderDeleted, state)
          : await this.onStatusChanged(tx, event as StatusChanged, state);
      if (applied) changed.add(state.orderId);
    }
    await this.repository.saveCommitments(
      tx,
      [...changed].map((id) => states.get(id) as CommitmentState),
    );
  }

  /** Applies one status change to `state` (and to stock); false when it was stale. */
  private async onStatusChanged(
    tx: Executor,
    event: StatusChanged,
    state: CommitmentState,
  ): Promise<boolean> {
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
      committed = await this.commit(tx, order, event.eventId, changedBy);
    } else if (!isCommittedStatus(to) && state.committed) {
      await this.release(tx, order.id, event.eventId, changedBy);
      committed = false;
    }
    Object.assign(state, { version: order.version, committed, deleted: false, lastStatus: to });
    return true;
  }

  /** Applies a deletion to `state` (and to stock); false when the order was already deleted. */
  private async onDeleted(
    tx: Executor,
    event: OrderDeleted,
    state: CommitmentState,
  ): Promise<boolean> {
    const { order, deletedBy } = event.data;
    if (state.deleted) return false;
    // A delivered order's stock left the building; anything else it holds comes back.
    if (state.committed && order.status !== 'Delivered')
      await this.release(tx, order.id, event.eventId, deletedBy);
    Object.assign(state, {
      version: Math.max(state.version, order.version),
      committed: state.committed && order.status === 'Delivered',
      deleted: true,
      lastStatus: order.status,
    });
    return true;
  }

  /** Takes every line or nothing; returns false (and publishes commit-rejected) when a line is short. */
  private async commit(
    tx: Executor,
    order: OrderSnapshot,
    eventId: string,
    actor: ActorRef,
  ): Promise<boolean> {
    const lines = wantedLines(order);
    const sizes = await this.repository.lockSizesOf(
      tx,
      lines.map((l) => l.productId),
    );
    const shortLines: ShortLine[] = [];
    const plan: { line: WantedLine; sizeId: string }[] = [];
    for (const line of lines) {
      const size = sizes.find((s) => s.productId === line.productId && s.size === line.size);
      if (!size || size.stock < line.quantity) {
        shortLines.push({
          productId: line.productId,
          size: line.size,
          name: size?.name ?? line.name,
          requested: line.quantity,
          available: size?.stock ?? 0,
        });
      } else {
        plan.push({ line, sizeId: size.sizeId });
      }
    }
    if (shortLines.length > 0) {
      await this.outbox.write(
        tx,
        EVENTS.catalogInventoryCommitRejected,
        { orderId: order.id, orderVersion: order.version, sourceEventId: eventId, shortLines },
        order.version,
      );
      this.logger.warn(
        { orderId: order.id, shortLines },
        'order commit rejected: not enough stock',
      );
      return false;
    }
    for (const { line, sizeId } of plan) {
      await this.ledger.apply(tx, {
        productId: line.productId,
        sizeId,
        size: line.size,
        delta: -line.quantity,
        reason: 'order-commit',
        orderId: order.id,
        eventId,
        actor,
      });
    }
    return true;
  }

  /** Gives back exactly what the ledger says this order still holds. */
  private async release(
    tx: Executor,
    orderId: string,
    eventId: string,
    actor: ActorRef,
  ): Promise<void> {
    const held = await this.repository.heldByOrder(tx, orderId);
    const sizes = await this.repository.lockSizesOf(
      tx,
      held.map((h) => h.productId),
    );
    for (const h of held) {
      if (!sizes.some((s) => s.sizeId === h.sizeId)) {
        this.logger.warn(
          { orderId, sizeId: h.sizeId },
          'size deleted since the commit: nothing to give back to',
        );
        continue;
      }
      await this.ledger.apply(tx, {
        productId: h.productId,
        sizeId: h.sizeId,
        size: h.size,
        delta: h.held,
        reason: 'order-release',
        orderId,
        eventId,
        actor,
      });
    }
  }
}

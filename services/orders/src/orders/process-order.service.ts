/**
 * The fulfilment workflow: the status transitions of ORDER_TRANSITIONS (libs/contracts)
 * enforced here, given quantities while Processing, the fail-fast stock check before a commit, and
 * one transaction per change holding the order, its lines, its history and its outbox events.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  LIMITS,
  ORDER_TRANSITIONS,
  UI_MESSAGES,
  inventoryEffectOf,
  type Actor,
  type OrderSnapshot,
  type OrderStatus,
  type ShortLine,
  type UpdateOrderInput,
} from '@lr/contracts';
import {
  LOGGER,
  RecordedReplies,
  metrics,
  withSpan,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import { CatalogClient } from '../clients/catalog.client.js';
import type { OrderLineRow } from '../db/schema.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import { PickupOnStatusChange } from '../pickups/pickup-on-status-change.js';
import { OrderWriter } from './order-writer.js';
import { OrderReadsRepository } from './order-reads.repository.js';

/** Validates `newQuantity` against the order; returns the given quantity per line. */
function resolveQuantities(
  status: OrderStatus,
  lines: OrderLineRow[],
  newQuantity: number[] | null | undefined,
): number[] {
  const current = lines.map((l) => l.quantity);
  if (newQuantity === null || newQuantity === undefined || newQuantity.length === 0) return current;
  const unchanged =
    newQuantity.length === current.length && newQuantity.every((q, i) => q === current[i]);
  if (status !== 'Processing') {
    // The old console sends the quantities back with every update: accept them when nothing changes.
    if (unchanged) return current;
    throw AppError.badRequest(
      'newQuantity: quantities can only be changed while the order is Processing',
    );
  }
  if (newQuantity.length !== lines.length) {
    throw AppError.badRequest(`newQuantity: expected ${lines.length} quantities, one per item`);
  }
  newQuantity.forEach((q, i) => {
    if (!Number.isInteger(q) || q < LIMITS.adminMinQuantity || q > LIMITS.adminMaxQuantity) {
      throw AppError.badRequest(
        `newQuantity.${i}: must be a whole number from ${LIMITS.adminMinQuantity} to ${LIMITS.adminMaxQuantity}`,
      );
    }
  });
  return newQuantity;
}

@Injectable()
export class ProcessOrderService {
  private readonly logger: Logger;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly writer: OrderWriter,
    private readonly catalog: CatalogClient,
    private readonly mailer: OrderMailer,
    private readonly replies: RecordedReplies,
    private readonly pickups: PickupOnStatusChange,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: ProcessOrderService.name });
  }

  /**
   * `replyKey`: the request's key when the caller may resend it. The reply is recorded with the
   * change; a resend whose first run changed the order (its transition now looks forbidden, or the
   * version moved) gets that reply and changes nothing.
   */
  async update(
    actor: Actor,
    input: UpdateOrderInput,
    replyKey: ReplyKey | null = null,
  ): Promise<OrderSnapshot> {
    try {
      return await this.change(actor, input, replyKey);
    } catch (error) {
      return this.replies.replayOr(this.reads.db, replyKey, error);
    }
  }

  private async change(
    actor: Actor,
    input: UpdateOrderInput,
    replyKey: ReplyKey | null,
  ): Promise<OrderSnapshot> {
    const found = await this.reads.findWithLines(this.reads.db, input.id);
    if (!found) throw AppError.notFound('Order not found with this Id');
    const { order, lines } = found;
    const from = order.status;
    const to = input.status;

    // Staying in Processing only saves quantities (docs/adr/0033-transitions-and-versions.md); any other move must be in the table.
    const adjustOnly = from === 'Processing' && to === 'Processing';
    if (!adjustOnly && !ORDER_TRANSITIONS[from].includes(to)) {
      const allowed = ORDER_TRANSITIONS[from];
      throw AppError.conflict(
        `An order in status ${from} cannot move to ${to}; allowed: ${allowed.join(', ')}`,
        { allowed },
      );
    }
    const quantities = resolveQuantities(from, lines, input.newQuantity);

    const effect = inventoryEffectOf(from, to);
    if (effect === 'commit') await this.assertStockCovers(actor, lines, quantities);

    // One statement guarded by the version read above: a change made meanwhile refuses this one.
    // Entering Ready for Pickup books the order's time in the same transaction (pickups/).
    const result = await withSpan('orders', 'pg update order', () =>
      this.pickups.around(order, to, input.pickup, (exec, changed) =>
        this.writer.applyChange(
          exec,
          changed,
          lines,
          { to, quantities, actor, reason: null },
          replyKey,
        ),
      ),
    );
    if (result.statusChanged) metrics.orders.statusChanges.inc({ from, to });
    if (result.statusChanged) this.mailer.statusChanged(result.snapshot, to);
    this.logger.info({ orderId: order.id, from, to, effect }, 'order updated');
    return result.snapshot;
  }

  /**
   * Catalog could not commit the order's stock (a race left too little): return the order to
   * Processing with the reason, but only if it is still at the version that was rejected.
   */
  async returnRejectedCommit(
    tx: Executor,
    input: { orderId: string; orderVersion: number; shortLines: ShortLine[] },
  ): Promise<boolean> {
    const order = await this.reads.findById(tx, input.orderId, { lock: true });
    if (!order || order.version !== input.orderVersion || order.status === 'Processing')
      return false;
    const lines = (await this.reads.linesOf(tx, [order.id])).get(order.id) ?? [];
    const reason = `${UI_MESSAGES.inventoryBelowZero} ${input.shortLines
      .map((s) => `${s.name} (${s.size}): ${s.requested} given, ${s.available} in stock`)
      .join('; ')}`;
    await this.writer.applyChange(tx, order, lines, {
      to: 'Processing',
      quantities: lines.map((l) => l.quantity),
      actor: null,
      reason,
    });
    await this.pickups.release(tx, order.id);
    metrics.orders.statusChanges.inc({ from: order.status, to: 'Processing' });
    this.logger.warn(
      { orderId: order.id, version: order.version },
      'commit rejected by catalog; order back to Processing',
    );
    return true;
  }

  private async assertStockCovers(
    actor: Actor,
    lines: OrderLineRow[],
    quantities: number[],
  ): Promise<void> {
    const short = await this.catalog.shortLines(
      lines.map((line, i) => ({
        productId: line.productId,
        size: line.size,
        quantity: quantities[i] ?? 0,
      })),
      actor,
      // A product hidden after the request was placed can still be given from stock.
      true,
    );
    if (short.length > 0) throw AppError.conflict(UI_MESSAGES.inventoryBelowZero, { lines: short });
  }
}

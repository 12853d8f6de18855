/**
 * Every stock change goes through here: a guarded update of the size (never below zero), a movement
 * row in the ledger and a `catalog.inventory.adjusted.v1` event, all in the caller's transaction.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError, EVENTS, UI_MESSAGES, type MovementReason } from '@lr/contracts';
import { LOGGER, OutboxWriter, type Executor, type Logger } from '@lr/nest-kit';
import { InventoryRepository } from './inventory.repository.js';

export interface StockChange {
  productId: string;
  sizeId: string;
  size: string;
  delta: number;
  reason: MovementReason;
  orderId?: string | null;
  eventId?: string | null;
  actor?: { id: string; name: string } | null;
  /** The donation or stock count the movement belongs to. */
  donationId?: string | null;
  countId?: string | null;
}

@Injectable()
export class StockLedger {
  private readonly logger: Logger;

  constructor(
    private readonly repository: InventoryRepository,
    private readonly outbox: OutboxWriter,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'StockLedger' });
  }

  /** Applies one change; returns the new stock. Throws CONFLICT (nothing applied) if it would go below zero. */
  async apply(tx: Executor, change: StockChange): Promise<number> {
    if (change.delta === 0) throw new Error('a stock movement needs a non-zero delta');
    const applied = await this.repository.applyStockChange(tx, {
      productId: change.productId,
      sizeId: change.sizeId,
      size: change.size,
      delta: change.delta,
      reason: change.reason,
      orderId: change.orderId ?? null,
      eventId: change.eventId ?? null,
      actorId: change.actor?.id ?? null,
      actorName: change.actor?.name ?? null,
      donationId: change.donationId ?? null,
      countId: change.countId ?? null,
    });
    if (applied === null) {
      throw AppError.conflict(UI_MESSAGES.inventoryBelowZero, {
        lines: [{ productId: change.productId, size: change.size, requested: -change.delta }],
      });
    }
    const { stock, version } = applied;
    await this.outbox.write(
      tx,
      EVENTS.catalogInventoryAdjusted,
      {
        productId: change.productId,
        size: change.size,
        stock,
        delta: change.delta,
        reason: change.reason,
        orderId: change.orderId ?? null,
      },
      version,
    );
    this.logger.debug({ ...change, stock }, 'stock changed');
    return stock;
  }
}

/**
 * Stock decisions in memory, on rows the transaction has locked: each size's stock and each
 * product's version, moved one movement at a time. Every stock writer decides through here and writes
 * what it decided with StockLedger.write (the rule is stated once, in stock-ledger.ts).
 */
import { AppError, UI_MESSAGES, type MovementReason } from '@lr/contracts';
import type { StockMovementRow } from '../db/schema.js';

/** A size row as locked for a stock decision, with what its product says about it. */
export interface SizeWithProduct {
  sizeId: string;
  productId: string;
  size: string;
  stock: number;
  name: string;
  isShow: boolean;
}

/** Who and what a movement belongs to (all optional: a restock has no order). */
export interface MovementRefs {
  reason: MovementReason;
  orderId?: string | null;
  eventId?: string | null;
  /** The order version whose event this movement applies (its adjusted event says it). */
  orderVersion?: number | null;
  actor?: { id: string; name: string } | null;
  /** The donation or stock count the movement belongs to. */
  donationId?: string | null;
  countId?: string | null;
}

/** One ledger row as decided (the row without its id and time), with what it leaves behind. */
export type Movement = Omit<StockMovementRow, 'id' | 'reason' | 'createdAt'> & {
  reason: MovementReason;
  /** The size's stock after this movement. */
  stock: number;
  /** The product's version after this movement (each movement bumps it). */
  version: number;
  orderVersion?: number | null;
};

export class LockedStock {
  private readonly sizes = new Map<string, SizeWithProduct>();
  private readonly stock = new Map<string, number>();
  private readonly versions: Map<string, number>;
  readonly movements: Movement[] = [];

  constructor(sizes: readonly SizeWithProduct[], versions: ReadonlyMap<string, number>) {
    for (const size of sizes) {
      this.sizes.set(size.sizeId, size);
      this.stock.set(size.sizeId, size.stock);
    }
    this.versions = new Map(versions);
  }

  /** A locked size by id (undefined: not locked, or deleted). */
  size(sizeId: string): SizeWithProduct | undefined {
    return this.sizes.get(sizeId);
  }

  /** A locked size by product and size name. */
  findSize(productId: string, size: string): SizeWithProduct | undefined {
    for (const candidate of this.sizes.values()) {
      if (candidate.productId === productId && candidate.size === size) return candidate;
    }
    return undefined;
  }

  /** The size's stock with the movements so far (0 for a size that is not locked). */
  available(sizeId: string): number {
    return this.stock.get(sizeId) ?? 0;
  }

  /**
   * Records one movement of a locked size. Throws CONFLICT, recording nothing, when it would take
   * the size below zero.
   */
  move(size: SizeWithProduct, delta: number, refs: MovementRefs): Movement {
    if (delta === 0) throw new Error('a stock movement needs a non-zero delta');
    if (!this.sizes.has(size.sizeId)) throw new Error(`size ${size.sizeId} is not locked`);
    const stock = this.available(size.sizeId) + delta;
    if (stock < 0) {
      throw AppError.conflict(UI_MESSAGES.inventoryBelowZero, {
        lines: [{ productId: size.productId, size: size.size, requested: -delta }],
      });
    }
    this.stock.set(size.sizeId, stock);
    const version = (this.versions.get(size.productId) ?? 1) + 1;
    this.versions.set(size.productId, version);
    const movement: Movement = {
      productId: size.productId,
      sizeId: size.sizeId,
      size: size.size,
      delta,
      reason: refs.reason,
      orderId: refs.orderId ?? null,
      eventId: refs.eventId ?? null,
      actorId: refs.actor?.id ?? null,
      actorName: refs.actor?.name ?? null,
      donationId: refs.donationId ?? null,
      countId: refs.countId ?? null,
      orderVersion: refs.orderVersion ?? null,
      stock,
      version,
    };
    this.movements.push(movement);
    return movement;
  }
}

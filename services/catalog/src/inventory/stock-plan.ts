/**
 * Stock movements of one consumer batch, decided in memory on rows the transaction has locked: the
 * sizes' stock, the products' versions and what each order holds per size. The inventory consumer
 * asks it to commit or release orders in stream order, then writes every movement, stock level,
 * version and event it produced in one statement (InventoryRepository.recordMovements). The rules
 * are the ledger's: stock never goes below zero, a commit takes every line or nothing, a release
 * gives back exactly what the order still holds.
 */
import type { ShortLine } from '@lr/contracts';
import type { HeldStock, SizeWithProduct } from './inventory.repository.js';

export type MovementReason = 'order-commit' | 'order-release';

export interface PlannedMovement {
  productId: string;
  sizeId: string;
  size: string;
  delta: number;
  reason: MovementReason;
  orderId: string;
  eventId: string;
  actorId: string | null;
  actorName: string | null;
  /** The size's stock after this movement. */
  stock: number;
  /** The product's version after this movement (each movement bumps it). */
  version: number;
}

export interface WantedLine {
  productId: string;
  size: string;
  name: string;
  quantity: number;
}

type ActorRef = { id: string; name: string } | null;

export class StockPlan {
  private readonly sizes = new Map<string, SizeWithProduct>();
  private readonly stock = new Map<string, number>();
  private readonly versions: Map<string, number>;
  private readonly held: Map<string, Map<string, HeldStock>>;
  readonly movements: PlannedMovement[] = [];

  constructor(
    sizes: readonly SizeWithProduct[],
    versions: ReadonlyMap<string, number>,
    heldByOrder: ReadonlyMap<string, readonly HeldStock[]>,
  ) {
    for (const size of sizes) {
      this.sizes.set(size.sizeId, size);
      this.stock.set(size.sizeId, size.stock);
    }
    this.versions = new Map(versions);
    this.held = new Map(
      [...heldByOrder].map(([orderId, rows]) => [
        orderId,
        new Map(rows.map((row) => [row.sizeId, { ...row }])),
      ]),
    );
  }

  /** Takes every line or nothing; returns the short lines (nothing taken) or an empty list. */
  commit(
    orderId: string,
    lines: readonly WantedLine[],
    eventId: string,
    actor: ActorRef,
  ): ShortLine[] {
    const short: ShortLine[] = [];
    const plan: { line: WantedLine; size: SizeWithProduct }[] = [];
    for (const line of lines) {
      const size = this.findSize(line.productId, line.size);
      const available = size ? (this.stock.get(size.sizeId) ?? 0) : 0;
      if (!size || available < line.quantity) {
        short.push({
          productId: line.productId,
          size: line.size,
          name: size?.name ?? line.name,
          requested: line.quantity,
          available,
        });
      } else {
        plan.push({ line, size });
      }
    }
    if (short.length > 0) return short;
    for (const { line, size } of plan) {
      this.move(size, -line.quantity, 'order-commit', orderId, eventId, actor);
    }
    return [];
  }

  /**
   * Gives back what the order holds; returns the held sizes that no longer exist (deleted since the
   * commit: nothing to give back to).
   */
  release(orderId: string, eventId: string, actor: ActorRef): string[] {
    const gone: string[] = [];
    for (const held of this.held.get(orderId)?.values() ?? []) {
      if (held.held <= 0) continue;
      const size = this.sizes.get(held.sizeId);
      if (!size) {
        gone.push(held.sizeId);
        continue;
      }
      this.move(size, held.held, 'order-release', orderId, eventId, actor);
    }
    return gone;
  }

  /** The final stock of every size that moved. */
  finalStock(): { sizeId: string; stock: number }[] {
    const moved = new Set(this.movements.map((m) => m.sizeId));
    return [...moved].map((sizeId) => ({ sizeId, stock: this.stock.get(sizeId) as number }));
  }

  /** The final version of every product that moved. */
  finalVersions(): { productId: string; version: number }[] {
    const moved = new Set(this.movements.map((m) => m.productId));
    return [...moved].map((productId) => ({
      productId,
      version: this.versions.get(productId) as number,
    }));
  }

  private findSize(productId: string, size: string): SizeWithProduct | undefined {
    for (const candidate of this.sizes.values()) {
      if (candidate.productId === productId && candidate.size === size) return candidate;
    }
    return undefined;
  }

  private move(
    size: SizeWithProduct,
    delta: number,
    reason: MovementReason,
    orderId: string,
    eventId: string,
    actor: ActorRef,
  ): void {
    const stock = (this.stock.get(size.sizeId) ?? 0) + delta;
    if (stock < 0) throw new Error(`stock of size ${size.sizeId} would go below zero`);
    this.stock.set(size.sizeId, stock);
    const version = (this.versions.get(size.productId) ?? 1) + 1;
    this.versions.set(size.productId, version);
    const orderHeld = this.held.get(orderId) ?? new Map<string, HeldStock>();
    this.held.set(orderId, orderHeld);
    const entry = orderHeld.get(size.sizeId) ?? {
      sizeId: size.sizeId,
      productId: size.productId,
      size: size.size,
      held: 0,
    };
    entry.held -= delta;
    orderHeld.set(size.sizeId, entry);
    this.movements.push({
      productId: size.productId,
      sizeId: size.sizeId,
      size: size.size,
      delta,
      reason,
      orderId,
      eventId,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      stock,
      version,
    });
  }
}

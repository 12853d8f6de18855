/**
 * The stock movements of one inventory consumer batch, decided in memory on the locked stock
 * (LockedStock) together with what each order holds per size. The inventory consumer asks it to
 * commit or release orders in stream order; the ledger then writes every movement it produced in
 * one statement (StockLedger.write). A commit takes every line or nothing, a release gives back
 * exactly what the order still holds.
 */
import type { MovementReason, ShortLine } from '@lr/contracts';
import type { HeldStock } from './inventory.repository.js';
import type { LockedStock, Movement, SizeWithProduct } from './locked-stock.js';

export interface WantedLine {
  productId: string;
  size: string;
  name: string;
  quantity: number;
}

type ActorRef = { id: string; name: string } | null;

export class StockPlan {
  private readonly held: Map<string, Map<string, HeldStock>>;

  constructor(
    private readonly stock: LockedStock,
    heldByOrder: ReadonlyMap<string, readonly HeldStock[]>,
  ) {
    this.held = new Map(
      [...heldByOrder].map(([orderId, rows]) => [
        orderId,
        new Map(rows.map((row) => [row.sizeId, { ...row }])),
      ]),
    );
  }

  /** Every movement planned so far, in order. */
  get movements(): readonly Movement[] {
    return this.stock.movements;
  }

  /** Takes every line or nothing; returns the short lines (nothing taken) or an empty list. */
  commit(
    orderId: string,
    lines: readonly WantedLine[],
    eventId: string,
    actor: ActorRef,
    /** The version of the order event being applied (stated on the adjusted events). */
    orderVersion: number | null = null,
  ): ShortLine[] {
    const short: ShortLine[] = [];
    const plan: { line: WantedLine; size: SizeWithProduct }[] = [];
    for (const line of lines) {
      const size = this.stock.findSize(line.productId, line.size);
      const available = size ? this.stock.available(size.sizeId) : 0;
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
      this.move(size, -line.quantity, 'order-commit', orderId, eventId, actor, orderVersion);
    }
    return [];
  }

  /**
   * Gives back what the order holds; returns the held sizes that no longer exist (deleted since the
   * commit: nothing to give back to).
   */
  release(
    orderId: string,
    eventId: string,
    actor: ActorRef,
    orderVersion: number | null = null,
  ): string[] {
    const gone: string[] = [];
    for (const held of this.held.get(orderId)?.values() ?? []) {
      if (held.held <= 0) continue;
      const size = this.stock.size(held.sizeId);
      if (!size) {
        gone.push(held.sizeId);
        continue;
      }
      this.move(size, held.held, 'order-release', orderId, eventId, actor, orderVersion);
    }
    return gone;
  }

  private move(
    size: SizeWithProduct,
    delta: number,
    reason: Extract<MovementReason, 'order-commit' | 'order-release'>,
    orderId: string,
    eventId: string,
    actor: ActorRef,
    orderVersion: number | null,
  ): void {
    this.stock.move(size, delta, { reason, orderId, eventId, actor, orderVersion });
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
  }
}

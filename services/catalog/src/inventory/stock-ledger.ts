/**
 * Every stock change goes through here, by one rule (docs/adr/0023-stock-one-rule.md, "Stock: one rule for every
 * writer"):
 *
 * 1. Lock, then decide: the products moved are locked in id order, then their sizes (`lock`); the
 *    movements are decided in memory on those locked values (LockedStock), so a take that would
 *    leave a size below zero is refused before anything is written, and each movement knows the
 *    stock and product version it leaves behind.
 * 2. Write what was decided (`write`), in one statement in the caller's transaction: each size's
 *    deltas added to its stock, the movement rows of the ledger, each product's version bumped once
 *    per movement, and a `catalog.inventory.adjusted.v1` event per movement (with other events of
 *    the caller, in the caller's order). The rows must end exactly where the decision said: a writer
 *    that decided without the locks fails (the transaction rolls back) instead of publishing figures
 *    read before someone else's change. The CHECK constraint (stock >= 0) is the last guard.
 *
 * So the stock of a size always equals the sum of its movements, and never goes below zero.
 * Product edits, donations and stock counts use `apply`; the inventory consumer plans a whole batch
 * (StockPlan) on `lock`'s result and hands it to `write`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { EVENTS, type EventEnvelope } from '@lr/contracts';
import { LOGGER, OutboxWriter, type Executor, type Logger } from '@lr/nest-kit';
import {
  InventoryRepository,
  type CommitmentState,
  type HeldStock,
} from './inventory.repository.js';
import { LockedStock, type Movement, type MovementRefs } from './locked-stock.js';

export interface StockChange extends MovementRefs {
  productId: string;
  sizeId: string;
  delta: number;
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

  /** Locks the products (in id order) and their sizes: the stock to decide movements on. */
  async lock(tx: Executor, productIds: readonly string[]): Promise<LockedStock> {
    const { sizes, versions } = await this.repository.lockProductsAndSizes(tx, productIds);
    return new LockedStock(sizes, versions);
  }

  /**
   * For an inventory consumer batch: its orders' commitment states (rows created when missing and
   * locked), what each order still holds, and the stock to decide on, locked as `lock` does, of
   * the products named by its events and of those its orders hold.
   */
  async lockOrderBatch(
    tx: Executor,
    orderIds: readonly string[],
    productIds: readonly string[],
  ): Promise<{
    states: Map<string, CommitmentState>;
    stock: LockedStock;
    held: Map<string, HeldStock[]>;
  }> {
    const { states, held, sizes, versions } = await this.repository.lockOrderBatch(
      tx,
      orderIds,
      productIds,
    );
    return { states, stock: new LockedStock(sizes, versions), held };
  }

  /** Applies one change; returns the new stock. Throws CONFLICT (nothing applied) below zero. */
  async apply(tx: Executor, change: StockChange): Promise<number> {
    const [stock] = await this.applyAll(tx, [change]);
    return stock as number;
  }

  /**
   * Applies changes in order, all or none; returns each size's stock after its change. Throws
   * CONFLICT (nothing applied) when one would take a size below zero.
   */
  async applyAll(tx: Executor, changes: readonly StockChange[]): Promise<number[]> {
    if (changes.length === 0) return [];
    const stock = await this.lock(tx, [...new Set(changes.map((c) => c.productId))]);
    const after = changes.map((change) => {
      const size = stock.size(change.sizeId);
      if (!size || size.productId !== change.productId)
        throw new Error(`size ${change.sizeId} of product ${change.productId} does not exist`);
      return stock.move(size, change.delta, change).stock;
    });
    await this.write(
      tx,
      stock.movements,
      stock.movements.map((m) => this.adjustedEvent(m)),
    );
    return after;
  }

  /**
   * Writes movements decided on locked stock with `events` (their adjusted events among them, see
   * `adjustedEvent`) in the order given, and the inventory consumer's order `commitments` (in the
   * same statement).
   */
  async write(
    tx: Executor,
    movements: readonly Movement[],
    events: readonly EventEnvelope[],
    commitments: readonly CommitmentState[] = [],
  ): Promise<void> {
    const ended = await this.repository.applyMovements(
      tx,
      movements,
      events,
      this.outbox,
      commitments,
    );
    const drifted = [
      ...lastOf(movements, (m) => m.sizeId)
        .filter((m) => ended.stock.get(m.sizeId) !== m.stock)
        .map((m) => `size ${m.sizeId}: ${ended.stock.get(m.sizeId)} instead of ${m.stock}`),
      ...lastOf(movements, (m) => m.productId)
        .filter((m) => ended.versions.get(m.productId) !== m.version)
        .map((m) => `product ${m.productId}: version ${ended.versions.get(m.productId)}`),
    ];
    if (drifted.length > 0)
      throw new Error(`stock moved without its rows locked: ${drifted.join('; ')}`);
    if (events.length > 0) await this.outbox.written(tx, events);
    for (const movement of movements) this.logger.debug(movement, 'stock changed');
  }

  /** `catalog.inventory.adjusted.v1` for one movement (the product's version after it). */
  adjustedEvent(movement: Movement): EventEnvelope {
    return this.outbox.envelope(
      EVENTS.catalogInventoryAdjusted,
      {
        productId: movement.productId,
        size: movement.size,
        stock: movement.stock,
        delta: movement.delta,
        reason: movement.reason,
        orderId: movement.orderId,
        ...(movement.orderVersion ? { orderVersion: movement.orderVersion } : {}),
      },
      movement.version,
    );
  }
}

/** The last movement of each key (a size or a product), in first-seen order. */
function lastOf(movements: readonly Movement[], key: (m: Movement) => string): Movement[] {
  const last = new Map<string, Movement>();
  for (const movement of movements) last.set(key(movement), movement);
  return [...last.values()];
}

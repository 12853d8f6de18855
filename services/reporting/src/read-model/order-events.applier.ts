/**
 * Applies order events to the read model with the rule of order-state-rule.ts, in batches (a few
 * statements per batch, not per event): live batches keep the rollups in step; the rebuild replays
 * and recomputes the rollups once at the end.
 */
import { Injectable } from '@nestjs/common';
import type { BatchEventHandler, Executor } from '@lr/nest-kit';
import { lockOrdersForEvents } from './read-model-locks.js';
import { ReadModelRepository, type OrderWrite } from './read-model.repository.js';
import { RollupsRepository } from './rollups.repository.js';
import { ImpactRollupsRepository } from './impact-rollups.repository.js';
import { DemandRequestedRepository } from './demand-requested.repository.js';
import { nextState, type OrderEvent, type OrderState } from './order-state-rule.js';

@Injectable()
export class OrderEventApplier {
  constructor(
    private readonly orders: ReadModelRepository,
    private readonly rollups: RollupsRepository,
    private readonly impact: ImpactRollupsRepository,
    private readonly demand: DemandRequestedRepository,
  ) {}

  /**
   * Live events (a consumer batch, in stream order): the orders' locks, their stored states, the
   * events folded per order with the rule, then the changed orders' rollup contributions taken out,
   * their rows written and their contributions put back. A few statements per batch, not per event.
   */
  async applyLive(exec: Executor, events: readonly OrderEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.order.id))];
    await lockOrdersForEvents(exec, ids);
    const stored = await this.orders.storedStates(exec, ids, { lock: true });
    const writes = this.fold(stored, events);
    if (writes.size === 0) return;
    const changed = [...writes.keys()];
    const before = changed.filter((id) => stored.has(id));
    await this.rollups.applyOrders(exec, before, -1);
    await this.impact.applyOrders(exec, before, -1);
    await this.demand.applyOrders(exec, before, -1);
    await this.orders.write(exec, [...writes.values()]);
    // A tombstone contributes nothing (the rollups read only orders that are not deleted).
    await this.rollups.applyOrders(exec, changed, 1);
    await this.impact.applyOrders(exec, changed, 1);
    await this.demand.applyOrders(exec, changed, 1);
  }

  /**
   * A batch of replayed events, in stream order, folded per order in memory with the same rule,
   * then written at once. The rebuild holds the model's lock and recomputes the rollups after.
   */
  async applyReplayBatch(exec: Executor, events: readonly OrderEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.order.id))];
    const stored = await this.orders.storedStates(exec, ids, { lock: false });
    await this.orders.write(exec, [...this.fold(stored, events).values()]);
  }

  /** The events applied in order to the stored states: what to write per changed order. */
  private fold(
    stored: ReadonlyMap<string, OrderState>,
    events: readonly OrderEvent[],
  ): Map<string, OrderWrite> {
    const states = new Map<string, OrderState>(stored);
    const writes = new Map<string, OrderWrite>();
    for (const event of events) {
      const id = event.data.order.id;
      const next = nextState(states.get(id), event);
      if (!next) continue;
      states.set(id, next);
      writes.set(id, { order: event.data.order, ...next });
    }
    return writes;
  }

  /** The batch handler the kit's durable consumer calls (only order events are subscribed). */
  batchHandler(): BatchEventHandler {
    return (tx, events) => this.applyLive(tx, events as readonly OrderEvent[]);
  }
}

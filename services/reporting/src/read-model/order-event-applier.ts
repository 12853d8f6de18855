/**
 * Applies order events to the read model with the rule of order-state-rule.ts. Live events come
 * one at a time and keep the rollups in step; the rebuild replays in batches (a few statements per
 * batch, not per event) and recomputes the rollups once at the end.
 */
import { Injectable } from '@nestjs/common';
import type { EventHandlers, Executor } from '@lr/nest-kit';
import { lockOrderForEvent } from './read-model-locks.js';
import { ReadModelRepository, type OrderWrite } from './read-model.repository.js';
import { RollupsRepository } from './rollups.repository.js';
import {
  nextState,
  ORDER_EVENT_TYPES,
  type OrderEvent,
  type OrderState,
} from './order-state-rule.js';

@Injectable()
export class OrderEventApplier {
  constructor(
    private readonly orders: ReadModelRepository,
    private readonly rollups: RollupsRepository,
  ) {}

  /**
   * A live event: returns true when it changed the read model. The caller holds the order's lock;
   * the order's rollup contribution is taken out before the change and put back after it.
   */
  async applyLive(exec: Executor, event: OrderEvent): Promise<boolean> {
    const orderId = event.data.order.id;
    const stored = (await this.orders.storedStates(exec, [orderId], { lock: true })).get(orderId);
    const next = nextState(stored, event);
    if (!next) return false;
    if (stored) await this.rollups.applyOrder(exec, orderId, -1);
    await this.orders.write(exec, [{ order: event.data.order, ...next }]);
    if (!next.deleted) await this.rollups.applyOrder(exec, orderId, 1);
    return true;
  }

  /**
   * A batch of replayed events, in stream order, folded per order in memory with the same rule,
   * then written at once. The rebuild holds the model's lock and recomputes the rollups after.
   */
  async applyReplayBatch(exec: Executor, events: readonly OrderEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.data.order.id))];
    const states = new Map<string, OrderState>(
      await this.orders.storedStates(exec, ids, { lock: false }),
    );
    const writes = new Map<string, OrderWrite>();
    for (const event of events) {
      const id = event.data.order.id;
      const next = nextState(states.get(id), event);
      if (!next) continue;
      states.set(id, next);
      writes.set(id, { order: event.data.order, ...next });
    }
    await this.orders.write(exec, [...writes.values()]);
  }

  /** Handlers in the shape the kit's durable consumer expects (order-locked, live). */
  handlers(): EventHandlers {
    const handle = async (tx: Executor, event: OrderEvent) => {
      await lockOrderForEvent(tx, event.data.order.id);
      await this.applyLive(tx, event);
    };
    return Object.fromEntries(ORDER_EVENT_TYPES.map((type) => [type, handle])) as EventHandlers;
  }
}

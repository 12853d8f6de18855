/**
 * Applies one order event to the read model. Shared by the live durable consumer and the rebuild,
 * so a replay produces exactly what live consumption produced.
 *
 * Rules: an order's state only moves to a higher version; deletion is final (a tombstone keeps
 * the order's id and version so that a late, older event cannot bring it back).
 */
import { Injectable } from '@nestjs/common';
import { EVENTS, type EventDataMap, type EventEnvelope, type OrderSnapshot } from '@lr/contracts';
import type { EventHandlers, Executor } from '@lr/nest-kit';
import { lockOrderForEvent } from './read-model-locks.js';
import { ReadModelRepository } from './read-model.repository.js';
import { RollupsRepository } from './rollups.repository.js';

/** The order events the report is built from (un-namespaced subjects). */
export const ORDER_EVENT_TYPES = [
  EVENTS.ordersOrderPlaced,
  EVENTS.ordersOrderStatusChanged,
  EVENTS.ordersOrderItemsAdjusted,
  EVENTS.ordersOrderDeleted,
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export type OrderEvent = EventEnvelope<EventDataMap[OrderEventType]>;

export function isOrderEventType(type: string): type is OrderEventType {
  return (ORDER_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * The version a snapshot event is ordered by: the snapshot's own version (what we store), never
 * below the envelope's entity version.
 */
function versionOf(event: EventEnvelope<{ order: OrderSnapshot }>): number {
  return Math.max(event.version, event.data.order.version);
}

/**
 * `live`: keep the day rollups in step, order by order. `replay` (rebuild): write the order rows
 * only; the rebuild recomputes the rollups once at the end, far faster than order by order.
 */
export type ApplyMode = 'live' | 'replay';

@Injectable()
export class OrderEventApplier {
  constructor(
    private readonly orders: ReadModelRepository,
    private readonly rollups: RollupsRepository,
  ) {}

  /** Returns true when the event changed the read model. The caller holds the needed locks. */
  async apply(exec: Executor, event: OrderEvent, mode: ApplyMode): Promise<boolean> {
    const order = event.data.order;
    const version = versionOf(event);
    const stored = await this.orders.storedState(exec, order.id);
    if (stored?.deleted) return false;
    const deletion = event.type === EVENTS.ordersOrderDeleted;
    if (!deletion && stored && stored.version >= version) return false;

    const live = mode === 'live';
    if (live && stored) await this.rollups.applyOrder(exec, order.id, -1);
    if (deletion) {
      await this.orders.writeTombstone(exec, order, Math.max(version, stored?.version ?? 0));
    } else {
      await this.orders.writeSnapshot(exec, order, version);
      if (live) await this.rollups.applyOrder(exec, order.id, 1);
    }
    return true;
  }

  /** Handlers in the shape the kit's durable consumer expects (live mode, order-locked). */
  handlers(): EventHandlers {
    const handle = async (tx: Executor, event: OrderEvent) => {
      await lockOrderForEvent(tx, event.data.order.id);
      await this.apply(tx, event, 'live');
    };
    return Object.fromEntries(ORDER_EVENT_TYPES.map((type) => [type, handle])) as EventHandlers;
  }
}

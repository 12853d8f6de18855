/**
 * Applies one order event to the read model. Shared by the live durable consumer and the rebuild,
 * so a replay produces exactly what live consumption produced.
 */
import { Injectable } from '@nestjs/common';
import { EVENTS, type EventDataMap, type EventEnvelope, type OrderSnapshot } from '@lr/contracts';
import type { EventHandlers, Executor } from '@lr/nest-kit';
import { ReadModelRepository } from './read-model.repository.js';

/** The order events the report is built from (un-namespaced subjects). */
export const ORDER_EVENT_TYPES = [
  EVENTS.ordersOrderPlaced,
  EVENTS.ordersOrderStatusChanged,
  EVENTS.ordersOrderItemsAdjusted,
  EVENTS.ordersOrderDeleted,
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

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

@Injectable()
export class OrderEventApplier {
  constructor(private readonly repository: ReadModelRepository) {}

  /** Returns true when the event changed the read model. */
  async apply(
    exec: Executor,
    event: EventEnvelope<EventDataMap[OrderEventType]>,
  ): Promise<boolean> {
    if (event.type === EVENTS.ordersOrderDeleted) {
      return this.repository.markDeleted(exec, event.data.order, versionOf(event));
    }
    return this.repository.upsertSnapshot(exec, event.data.order, versionOf(event));
  }

  /** Handlers in the shape the kit's durable consumer expects. */
  handlers(): EventHandlers {
    const apply = async (tx: Executor, event: EventEnvelope<EventDataMap[OrderEventType]>) => {
      await this.apply(tx, event);
    };
    return Object.fromEntries(ORDER_EVENT_TYPES.map((type) => [type, apply])) as EventHandlers;
  }
}

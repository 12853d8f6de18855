/** What a durable consumer is told: its name, stream, subjects, effects and delivery limits. */
import type { EventDataMap, EventEnvelope, StreamName } from '@lr/contracts';
import type { Transaction } from './db.js';

export type EventHandler = (tx: Transaction, event: EventEnvelope<unknown>) => Promise<void>;

/** Typed handlers per event type; types not listed are acknowledged and skipped. */
export type EventHandlers = {
  [K in keyof EventDataMap]?: (
    tx: Transaction,
    event: EventEnvelope<EventDataMap[K]>,
  ) => Promise<void>;
};

/**
 * Applies several new events at once, in stream order, inside the batch's transaction (set-based
 * effects: a few statements per batch instead of per event). Duplicates are already filtered out.
 */
export type BatchEventHandler = (
  tx: Transaction,
  events: readonly EventEnvelope<unknown>[],
) => Promise<void>;

export interface DurableConsumerOptions {
  /** Durable name, unique per consuming service and purpose, e.g. `catalog-inventory`. */
  name: string;
  stream: StreamName;
  /** Event types (un-namespaced subjects) to receive. */
  subjects: string[];
  /** One handler per event type; or `batchHandler` for all of them. */
  handlers?: EventHandlers;
  batchHandler?: BatchEventHandler;
  /** Database schema holding this service's processed_events and dead_letters tables. */
  schema: string;
  maxDeliver?: number;
  /** Nak delays by delivery number (the last repeats). */
  backoffMs?: number[];
  /** Most messages applied in one transaction (default 100). */
  batchSize?: number;
  /**
   * How long a message may wait for more to join its batch before the batch is applied, counted
   * from its arrival (default 0: apply what has arrived). A read model that is fine a moment late
   * trades that moment for fewer, larger transactions under load (reporting).
   */
  batchWindowMs?: number;
}

export interface ConsumerStats {
  applied: number;
  duplicates: number;
  failures: number;
  deadLettered: number;
}

/**
 * Catalog's decisions on order commits, as they happen: from the process's core NATS subscription to
 * catalog's events (CatalogEventFeed; no queue group, so every replica sees every decision,
 * whichever replica's durable consumer handles it), `catalog.inventory.adjusted.v1` (an
 * `order-commit` movement: taken) and `catalog.inventory.commit-rejected.v1` (refused, with the
 * short lines). Catalog's outbox relay publishes them once its transaction has committed, so they
 * state what catalog decided.
 *
 * A status change that commits stock watches its order before it writes (`watch`), so a decision
 * published before the writer returns is not missed, then waits for the version it wrote. Decisions
 * are also kept for a while (`recent`) for a console that follows a change answered `pending`.
 * This is a faster path only: the durable consumers stay the source of every effect.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  EVENTS,
  eventEnvelopeSchema,
  eventsInMessage,
  inventoryAdjustedSchema,
  inventoryCommitRejectedSchema,
  type ShortLine,
} from '@lr/contracts';
import { LOGGER, NATS_CONNECTION, type Logger, type NatsConnection } from '@lr/nest-kit';
import { CatalogEventFeed } from '../clients/catalog-event-feed.js';

export type StockDecision =
  | { outcome: 'committed'; version: number }
  | { outcome: 'refused'; version: number; shortLines: ShortLine[] };

/** Decisions kept for followers of a pending change: far more than a busy hour's commits. */
const MAX_RECENT = 2_000;

const decoder = new TextDecoder();

/** The catalog events that carry a decision on an order's stock. */
const DECISION_SUBJECTS: ReadonlySet<string> = new Set([
  EVENTS.catalogInventoryAdjusted,
  EVENTS.catalogInventoryCommitRejected,
]);

/** The decisions on one order seen since `watch`; `until` waits for one version's. */
export interface OrderWatch {
  until(version: number, waitMs: number): Promise<StockDecision | null>;
  close(): void;
}

@Injectable()
export class StockDecisions implements OnModuleInit {
  private readonly logger: Logger;
  private readonly watchers = new Map<string, Set<(decision: StockDecision) => void>>();
  /** `<order id>:<version>` → decision, oldest first (a Map keeps insertion order). */
  private readonly recent = new Map<string, StockDecision>();

  constructor(
    private readonly events: CatalogEventFeed,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: StockDecisions.name });
  }

  async onModuleInit(): Promise<void> {
    this.events.listen((subject, data) => {
      if (DECISION_SUBJECTS.has(subject)) this.received(subject, data);
    });
    // The server knows the subscription before the service answers its first change.
    await this.nc.flush();
  }

  /** Starts collecting the decisions on one order; close it when done. */
  watch(orderId: string): OrderWatch {
    const seen: StockDecision[] = [];
    const listeners = new Set<(decision: StockDecision) => void>();
    const collect = (decision: StockDecision) => {
      seen.push(decision);
      for (const listener of listeners) listener(decision);
    };
    const forOrder = this.watchers.get(orderId) ?? new Set();
    forOrder.add(collect);
    this.watchers.set(orderId, forOrder);
    const close = () => {
      forOrder.delete(collect);
      if (forOrder.size === 0 && this.watchers.get(orderId) === forOrder)
        this.watchers.delete(orderId);
    };
    return {
      close,
      until: (version, waitMs) => {
        const known =
          seen.find((d) => d.version === version) ?? this.recent.get(`${orderId}:${version}`);
        if (known) return Promise.resolve(known);
        return new Promise<StockDecision | null>((resolve) => {
          const timer = setTimeout(() => done(null), waitMs);
          const listener = (decision: StockDecision) => {
            if (decision.version === version) done(decision);
          };
          const done = (decision: StockDecision | null) => {
            clearTimeout(timer);
            listeners.delete(listener);
            resolve(decision);
          };
          listeners.add(listener);
        });
      },
    };
  }

  private received(subject: string, data: Uint8Array): void {
    let events: unknown[];
    try {
      events = eventsInMessage(decoder.decode(data));
    } catch (error) {
      // A malformed message is catalog's to explain; the durable consumers will see it too.
      this.logger.warn({ subject, error: (error as Error).message }, 'unreadable stock decision');
      return;
    }
    for (const event of events) {
      const decided = this.decisionOf(subject, event);
      if (!decided) continue;
      const { orderId, decision } = decided;
      const key = `${orderId}:${decision.version}`;
      // One commit moves several sizes: the first of its movements says it all.
      if (this.recent.has(key)) continue;
      this.recent.set(key, decision);
      if (this.recent.size > MAX_RECENT) this.recent.delete(this.recent.keys().next().value!);
      for (const collect of this.watchers.get(orderId) ?? []) collect(decision);
    }
  }

  private decisionOf(
    subject: string,
    event: unknown,
  ): { orderId: string; decision: StockDecision } | null {
    try {
      const raw = event as { data?: { reason?: unknown } } | null;
      // Only a commit's movements answer a change; releases and restocks are read no further.
      if (subject === EVENTS.catalogInventoryAdjusted && raw?.data?.reason !== 'order-commit')
        return null;
      const envelope = eventEnvelopeSchema.parse(raw);
      if (subject === EVENTS.catalogInventoryCommitRejected) {
        const rejected = inventoryCommitRejectedSchema.parse(envelope.data);
        return {
          orderId: rejected.orderId,
          decision: {
            outcome: 'refused',
            version: rejected.orderVersion,
            shortLines: rejected.shortLines,
          },
        };
      }
      const adjusted = inventoryAdjustedSchema.parse(envelope.data);
      if (adjusted.reason !== 'order-commit' || !adjusted.orderId || !adjusted.orderVersion)
        return null;
      return {
        orderId: adjusted.orderId,
        decision: { outcome: 'committed', version: adjusted.orderVersion },
      };
    } catch (error) {
      // A malformed message is catalog's to explain; the durable consumers will see it too.
      this.logger.warn({ subject, error: (error as Error).message }, 'unreadable stock decision');
      return null;
    }
  }
}

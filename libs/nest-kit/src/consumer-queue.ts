/**
 * The messages a durable consumer has received and not yet handled, in stream order, and how they
 * are taken in batches: what has arrived, or (with a batch window) what arrives within the window
 * of the oldest message. A batch's size counts events, not messages (a message may hold several).
 */
import type { JsMsg } from '@nats-io/jetstream';

/** A received message and when it reached this process (batch window, batch-wait metric). */
export interface Delivered {
  msg: JsMsg;
  deliveredAt: number;
  /** How many events the message holds. */
  events: number;
}

export class DeliveryQueue {
  private readonly items: Delivered[] = [];
  /** The events of the queued messages. */
  private queuedEvents = 0;
  /** The reader has ended: nothing more will be pushed. */
  private closed = false;
  private wake: (() => void) | undefined;

  /** Empties the queue for a new start; anything left is redelivered by JetStream. */
  reset(): void {
    this.items.length = 0;
    this.queuedEvents = 0;
    this.closed = false;
  }

  push(item: Delivered): void {
    this.items.push(item);
    this.queuedEvents += item.events;
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  /**
   * The next batch: messages holding at most `batchSize` events (or one message, if it alone holds
   * more); undefined when stopping, or when the reader has ended and nothing is left (on stop, what
   * is still queued is not taken: it is redelivered).
   */
  async take(
    batchSize: number,
    windowMs: number,
    stopping: () => boolean,
  ): Promise<Delivered[] | undefined> {
    for (;;) {
      if (stopping()) return undefined;
      if (this.items.length === 0) {
        if (this.closed) return undefined;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      if (windowMs > 0 && this.queuedEvents < batchSize && !this.closed) {
        await this.waitForMore(batchSize, windowMs, stopping);
        if (stopping()) return undefined;
      }
      return this.takeUpTo(batchSize);
    }
  }

  private takeUpTo(batchSize: number): Delivered[] {
    let count = 1;
    let events = this.items[0]?.events ?? 0;
    while (count < this.items.length && events + (this.items[count]?.events ?? 0) <= batchSize) {
      events += this.items[count]?.events ?? 0;
      count += 1;
    }
    this.queuedEvents -= events;
    return this.items.splice(0, count);
  }

  /**
   * Resolves when `batchSize` events are queued, `windowMs` after the oldest of them arrived, or
   * when stopping. The window runs from the oldest message's arrival, not from now: messages that
   * arrived while the previous batch was being applied have waited already.
   */
  private async waitForMore(
    batchSize: number,
    windowMs: number,
    stopping: () => boolean,
  ): Promise<void> {
    const until = (this.items[0]?.deliveredAt ?? Date.now()) + windowMs;
    while (this.queuedEvents < batchSize && !stopping() && !this.closed) {
      const left = until - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}

/**
 * Group commit for independent writes: callers submit one item each; items that arrive while
 * earlier writes are in flight are written together, one statement for the group. Alone (low load)
 * an item is written at once, so nothing waits for company; under load one round trip and one
 * commit serve many callers (each statement and each commit costs PostgreSQL and the
 * service far more than a row does).
 *
 * A group that fails is not allowed to fail its members for one bad item: each is then written on
 * its own, so every caller gets exactly the result or error it would have had alone.
 */

/** Writes items in one go; resolves with one result per item, in the same order. */
export type GroupWrite<I, O> = (items: readonly I[]) => Promise<readonly O[]>;

export interface GroupWriterOptions {
  /** Most items in one write (default 64). */
  maxGroup?: number;
  /**
   * Writes in flight at once (default 1: the next group gathers while one is in the database, so
   * groups grow larger and each write carries more; on order placement more writes at once placed
   * fewer orders per second, bench/README.md).
   */
  concurrency?: number;
}

interface Pending<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export class GroupWriter<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private readonly maxGroup: number;
  private readonly concurrency: number;
  /** Groups written and items written (for tests and metrics). */
  readonly stats = { groups: 0, items: 0, retriedAlone: 0 };

  constructor(
    private readonly write: GroupWrite<I, O>,
    options: GroupWriterOptions = {},
  ) {
    this.maxGroup = Math.max(1, options.maxGroup ?? 64);
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Starts groups while there are items and a free slot. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.concurrency) {
      const group = this.queue.splice(0, this.maxGroup);
      this.inFlight += 1;
      void this.writeGroup(group).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async writeGroup(group: Pending<I, O>[]): Promise<void> {
    try {
      const results = await this.write(group.map((p) => p.item));
      if (results.length !== group.length) {
        throw new Error(`group write returned ${results.length} results for ${group.length} items`);
      }
      this.stats.groups += 1;
      this.stats.items += group.length;
      group.forEach((p, i) => p.resolve(results[i] as O));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // Someone's item failed the group (e.g. a repeated idempotency key): each on its own.
      this.stats.retriedAlone += group.length;
      await Promise.all(
        group.map((p) =>
          this.write([p.item]).then(
            (results) => p.resolve(results[0] as O),
            (alone: unknown) => p.reject(alone),
          ),
        ),
      );
    }
  }
}

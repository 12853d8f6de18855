/**
 * The orders this process has just shown staff or changed, each with the row versions it was read
 * at, so that a status change can start from it instead of reading the order again: a volunteer
 * opens an order and then changes it, or moves it on a second time soon after the first change.
 *
 * An entry is never an answer on its own. A change that starts from one writes only if every row
 * it was built from is still the stored one: its statement compares the row versions
 * (PostgreSQL's `xmin` of the order row and of each line, which every update of a row changes,
 * a pickup's, a reminder's or an erasure's included, whatever process or replica makes it). When
 * they differ, nothing is written and the change starts again from the stored order, so a stale
 * entry costs the read the change would have made anyway; a request the entry would refuse, or a
 * change of nothing (which writes nothing to compare), is decided on the stored order too.
 *
 * Entries hold student details, in this process's memory only, usable for a minute and dropped
 * soon after, and never leave it except as the answer to a change they were confirmed by.
 */
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { OrderLineRow, OrderRow } from '../db/schema.js';

/** The versions (PostgreSQL `xmin`, as text) of an order's row and of its lines, in line order. */
export interface RowVersions {
  order: string;
  lines: string[];
}

/** An order as stored when it was read or written, with the versions of its rows then. */
export interface RememberedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  versions: RowVersions;
}

/** A change started from a remembered order found the stored one different: start again. */
export class RememberedOrderOutdated extends Error {
  constructor() {
    super('the remembered order is not the stored one');
  }
}

/**
 * Long enough for a volunteer to look at an order and change it, or to move it on twice in a row;
 * short, because the entries hold student details.
 */
const KEPT_FOR_MS = 60_000;
/** Bounds the memory: beyond it the oldest entries go first. */
const MAX_ENTRIES = 5_000;
/**
 * How often an idle process drops expired entries, as a part of KEPT_FOR_MS: an entry is unusable
 * once expired, and gone from memory a tenth of its time later at the latest.
 */
const SWEEPS_PER_KEEP = 10;

/** The versions as one text, as the change statement builds them from the stored rows. */
export function rowVersionsText(versions: RowVersions): string {
  return `${versions.order}:${versions.lines.join(',')}`;
}

@Injectable()
export class RecentOrders implements OnModuleDestroy {
  /** Oldest first: an entry is re-inserted when remembered again, and all are kept alike long. */
  private readonly entries = new Map<string, { remembered: RememberedOrder; until: number }>();
  /** Drops expired entries when no change or view comes to do it. */
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly keptForMs = KEPT_FOR_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.dropExpired(), keptForMs / SWEEPS_PER_KEEP);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  remember(remembered: RememberedOrder): void {
    const id = remembered.order.id;
    this.entries.delete(id);
    this.entries.set(id, { remembered, until: this.now() + this.keptForMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.dropExpired();
  }

  /** The order as last remembered, removed: a change that uses it remembers what it writes. */
  take(id: string): RememberedOrder | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (entry.until <= this.now()) return undefined;
    return entry.remembered;
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.until > now) return;
      this.entries.delete(id);
    }
  }
}

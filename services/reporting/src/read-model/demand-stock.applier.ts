/**
 * The stock side of "demand against stock", from the CATALOG stream (live through the durable
 * consumer `reporting-catalog`, and in the rebuild's replay: the same code): the stock of each size
 * after its latest movement, deleted products, and the products' names as donations and stock counts
 * carry them now.
 */
import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { EVENTS, type EventDataMap, type EventEnvelope } from '@lr/contracts';
import { executeInBatch, type Executor } from '@lr/nest-kit';

export const DEMAND_STOCK_EVENT_TYPES = [
  EVENTS.catalogInventoryAdjusted,
  EVENTS.catalogProductDeleted,
  EVENTS.catalogDonationReceived,
  EVENTS.catalogDonationCorrected,
  EVENTS.catalogDonationDeleted,
  EVENTS.catalogStockCounted,
] as const;
type DemandStockEventType = (typeof DEMAND_STOCK_EVENT_TYPES)[number];

export function isDemandStockEventType(type: string): type is DemandStockEventType {
  return (DEMAND_STOCK_EVENT_TYPES as readonly string[]).includes(type);
}

export type DemandStockEvent = {
  [K in DemandStockEventType]: EventEnvelope<EventDataMap[K]> & { type: K };
}[DemandStockEventType];

interface StockWrite {
  productId: string;
  size: string;
  stock: number;
  version: number;
}

interface NameWrite {
  productId: string;
  name: string;
  category: string;
}

@Injectable()
export class DemandStockApplier {
  /**
   * Events in stream order; a few statements per batch, whatever its size, each taking its rows in
   * key order (replicas share the consumer: their batches must not lock rows crosswise).
   */
  async apply(exec: Executor, events: readonly DemandStockEvent[]): Promise<void> {
    const stock: StockWrite[] = [];
    const names = new Map<string, NameWrite>();
    const deleted = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case EVENTS.catalogInventoryAdjusted: {
          const { productId, size, stock: level } = event.data;
          stock.push({ productId, size, stock: level, version: event.version });
          break;
        }
        case EVENTS.catalogProductDeleted:
          deleted.add(event.data.productId);
          break;
        case EVENTS.catalogStockCounted:
          for (const a of event.data.adjustments) {
            names.set(a.productId, {
              productId: a.productId,
              name: a.productName,
              category: a.category,
            });
          }
          break;
        case EVENTS.catalogDonationReceived:
        case EVENTS.catalogDonationCorrected:
        case EVENTS.catalogDonationDeleted:
          for (const line of event.data.donation.lines) {
            names.set(line.productId, {
              productId: line.productId,
              name: line.productName,
              category: line.category,
            });
          }
      }
    }
    await this.writeStock(exec, stock);
    await this.writeNames(exec, [...names.values()]);
    await this.writeDeleted(exec, [...deleted]);
  }

  async clear(exec: Executor): Promise<void> {
    // DELETE, not TRUNCATE: readers keep the old figures until the rebuild commits.
    await exec.execute(sql`DELETE FROM reporting.demand_stock`);
    await exec.execute(sql`DELETE FROM reporting.demand_products`);
  }

  /** The latest version of each size wins; an older or repeated event changes nothing. */
  private async writeStock(exec: Executor, writes: readonly StockWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await executeInBatch(
      exec,
      'reporting.demand-stock',
      sql`
      INSERT INTO reporting.demand_stock AS t (product_id, size, stock, version)
      SELECT DISTINCT ON (w."productId", w.size) w."productId", w.size, w.stock, w.version
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(
        "productId" uuid, size text, stock integer, version integer)
      ORDER BY w."productId", w.size, w.version DESC
      ON CONFLICT (product_id, size) DO UPDATE SET stock = excluded.stock, version = excluded.version
      WHERE t.version < excluded.version`,
    );
  }

  /** The catalog's current name and category (an order line's sizing is kept). */
  private async writeNames(exec: Executor, writes: readonly NameWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await executeInBatch(
      exec,
      'reporting.demand-product-names',
      sql`
      INSERT INTO reporting.demand_products AS p (product_id, name, category)
      SELECT w."productId", w.name, w.category
      FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(
        "productId" uuid, name text, category text)
      ORDER BY w."productId"
      ON CONFLICT (product_id) DO UPDATE SET name = excluded.name, category = excluded.category
      WHERE p.name IS DISTINCT FROM excluded.name OR p.category IS DISTINCT FROM excluded.category`,
    );
  }

  private async writeDeleted(exec: Executor, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await executeInBatch(
      exec,
      'reporting.demand-products-deleted',
      sql`
      INSERT INTO reporting.demand_products (product_id, deleted)
      SELECT id, true FROM unnest(${sql.param([...productIds])}::uuid[]) AS id ORDER BY id
      ON CONFLICT (product_id) DO UPDATE SET deleted = true`,
    );
  }
}

/** Test helpers for the catalog: start the service, build order events, read stock and the ledger. */
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import {
  catalogOps,
  type AppError,
  DURABLE_CONSUMERS,
  EVENTS,
  namespaced,
  type CreateProductInput,
  type EventEnvelope,
  type OrderEventSnapshot,
  type OrderSnapshot,
  type OrderStatus,
  type CatalogProduct,
} from '@lr/contracts';
import { eventEnvelope, TestEnv } from '@lr/testing';
import { startCatalogService } from '@lr/testing/services';

export const admin = TestEnv.actor('admin', 'Admin One');

/** The error a call was refused with, or null when it succeeded. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError | null> {
  return (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
}

/** Starts catalog in `env`; `vars` are configuration beyond the test environment's. */
export async function startCatalog(env: TestEnv, vars: Record<string, string> = {}): Promise<void> {
  await startCatalogService(env, vars);
}

export async function createProduct(
  env: TestEnv,
  input: Partial<CreateProductInput> = {},
): Promise<CatalogProduct> {
  return env.rpc.call(
    catalogOps.createProduct,
    {
      name: 'Running Shoes',
      category: 'Footwear',
      SubCategory: "Boy's sizing",
      ProductSize: [
        { size: '5', stock: 3 },
        { size: '6', stock: 1 },
      ],
      ...input,
    },
    { actor: admin },
  );
}

export function sizeId(product: CatalogProduct, size: string): string {
  const found = product.sizes.find((s) => s.size === size);
  if (!found) throw new Error(`no size ${size}`);
  return found.id;
}

export async function stockOf(env: TestEnv, id: string): Promise<number> {
  const { rows } = await env.pool.query<{ stock: number }>(
    'SELECT stock FROM catalog.product_sizes WHERE id = $1',
    [id],
  );
  return rows[0]?.stock ?? -1;
}

/** Sizes whose stock differs from the sum of their movements (the ledger invariant): must be empty. */
export async function ledgerMismatches(env: TestEnv): Promise<unknown[]> {
  const { rows } = await env.pool.query(`
    SELECT s.id, s.stock, coalesce(sum(m.delta), 0)::int AS ledger
    FROM catalog.product_sizes s LEFT JOIN catalog.stock_movements m ON m.size_id = s.id
    GROUP BY s.id, s.stock HAVING s.stock <> coalesce(sum(m.delta), 0)`);
  return rows;
}

/** Order events the inventory's consumers (status changes and deletions) recorded as processed. */
export async function processedCount(env: TestEnv): Promise<number> {
  const { rows } = await env.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM catalog.processed_events WHERE consumer = ANY($1)`,
    [[DURABLE_CONSUMERS.catalogInventory.name, DURABLE_CONSUMERS.catalogInventoryDeleted.name]],
  );
  return rows[0]?.n ?? 0;
}

/** An order as the orders service describes it in its events. */
export class OrderBuilder {
  readonly id = randomUUID();
  version = 1;
  status: OrderStatus = 'Processing';
  readonly lines: OrderSnapshot['lines'];

  constructor(lines: { productId: string; size: string; quantity: number; name?: string }[]) {
    this.lines = lines.map((l) => ({
      lineId: randomUUID(),
      productId: l.productId,
      name: l.name ?? 'Running Shoes',
      category: 'Footwear',
      subCategory: "Boy's sizing",
      size: l.size,
      requestedQuantity: l.quantity,
      quantity: l.quantity,
      image: '',
    }));
  }

  /** The order as its events carry it: no personal data, the student as a fingerprint. */
  snapshot(): OrderEventSnapshot {
    return {
      id: this.id,
      orderNumber: 'LR-000001',
      userId: randomUUID(),
      userName: 'Maple School',
      status: this.status,
      createdAt: new Date().toISOString(),
      deliveredAt: this.status === 'Delivered' ? new Date().toISOString() : null,
      version: this.version,
      shippingInfo: {
        userName: 'Maple School',
        receivingPersonName: '',
        additionalComments: '',
        userLoggedInDesignation: '',
        userAddress: '1 Road|North',
        orderDate: new Date().toISOString(),
        phoneNo: '',
        Email: '',
      },
      studentFingerprint: 'catalog-test-student',
      lines: this.lines,
    };
  }

  /** Moves the order and returns the event the orders service would publish. */
  move(to: OrderStatus): EventEnvelope {
    const from = this.status;
    this.status = to;
    this.version += 1;
    return eventEnvelope(EVENTS.ordersOrderStatusChanged, this.version, {
      order: this.snapshot(),
      from,
      to,
      changedBy: { id: admin.id, name: admin.name },
      reason: null,
    });
  }

  deleted(): EventEnvelope {
    this.version += 1;
    return eventEnvelope(EVENTS.ordersOrderDeleted, this.version, {
      order: this.snapshot(),
      deletedBy: { id: admin.id, name: admin.name },
    });
  }
}

/** Publishes as the orders outbox relay does (msgID = eventId unless a test wants a duplicate through). */
export async function publish(
  env: TestEnv,
  event: EventEnvelope,
  msgID = event.eventId,
): Promise<void> {
  await jetstream(env.nc).publish(namespaced(env.namespace, event.type), JSON.stringify(event), {
    msgID,
  });
}

/** Reads the catalog's outbox events of one type (what it published or is about to). */
export async function outboxEvents<T = unknown>(
  env: TestEnv,
  type: string,
): Promise<EventEnvelope<T>[]> {
  const { rows } = await env.pool.query<{ envelope: EventEnvelope<T> }>(
    'SELECT envelope FROM catalog.outbox WHERE subject = $1 ORDER BY id',
    [type],
  );
  return rows.map((r) => r.envelope);
}

/**
 * The durable consumers of the stack, declared once: each service registers its consumers under
 * these names, and the NATS permissions (`nats-permissions.ts`) grant each service its own and keep
 * every other identity away from them.
 */
import type { StreamName } from './subjects.js';

export interface DurableConsumerName {
  stream: StreamName;
  name: string;
}

export const DURABLE_CONSUMERS = {
  /** catalog: order status changes move stock. */
  catalogInventory: { stream: 'ORDERS', name: 'catalog-inventory' },
  /** catalog: a deleted order gives back what it holds (its own consumer: one subject each). */
  catalogInventoryDeleted: { stream: 'ORDERS', name: 'catalog-inventory-deleted' },
  /** orders: a commit catalog refused sends the order back to Processing. */
  ordersInventory: { stream: 'CATALOG', name: 'orders-inventory' },
  /** reporting: the report's read model of orders. */
  reportingOrders: { stream: 'ORDERS', name: 'reporting-orders' },
  /** reporting: donations and stock-count adjustments for the report. */
  reportingCatalog: { stream: 'CATALOG', name: 'reporting-catalog' },
} as const satisfies Record<string, DurableConsumerName>;

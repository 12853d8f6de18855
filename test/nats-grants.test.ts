/**
 * The permission description names the services' durable consumers; in tests (wildcard namespace)
 * durable names are wildcards, so a renamed durable would only fail in production. This keeps them
 * equal.
 */
import { NATS_GRANTS } from '@lr/contracts';
import {
  INVENTORY_CONSUMER,
  INVENTORY_DELETIONS_CONSUMER,
} from '../services/catalog/src/inventory/inventory.consumer.js';
import { COMMIT_REJECTED_CONSUMER } from '../services/orders/src/inventory/commit-rejected.consumer.js';
import { ORDERS_CONSUMER_NAME } from '../services/reporting/src/read-model/order-events.consumer.js';
import { CATALOG_CONSUMER_NAME } from '../services/reporting/src/read-model/stock-intake.consumer.js';

const named = (identity: keyof typeof NATS_GRANTS) =>
  (NATS_GRANTS[identity].consumers ?? [])
    .filter((c) => c.name !== '*')
    .map((c) => `${c.stream}/${c.name}`)
    .sort();

describe('NATS_GRANTS durables', () => {
  it('are the ones the services register', () => {
    expect(named('catalog')).toEqual(
      [`ORDERS/${INVENTORY_CONSUMER}`, `ORDERS/${INVENTORY_DELETIONS_CONSUMER}`].sort(),
    );
    expect(named('orders')).toEqual([`CATALOG/${COMMIT_REJECTED_CONSUMER}`]);
    expect(named('reporting')).toEqual([
      `CATALOG/${CATALOG_CONSUMER_NAME}`,
      `ORDERS/${ORDERS_CONSUMER_NAME}`,
    ]);
  });
});

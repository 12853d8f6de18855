/**
 * The permissions grant each service the durable consumers it registers: both name them from
 * DURABLE_CONSUMERS. In tests (wildcard namespace) durable names are wildcards, so a durable granted
 * under another name would only fail in production; this keeps the grants to the declared ones.
 */
import { DURABLE_CONSUMERS, NATS_GRANTS, NATS_IDENTITIES } from '@lr/contracts';

const named = (identity: (typeof NATS_IDENTITIES)[number]) =>
  (NATS_GRANTS[identity].consumers ?? [])
    .filter((c) => c.name !== '*')
    .map((c) => `${c.stream}/${c.name}`);

describe('NATS_GRANTS durables', () => {
  it('are the declared durable consumers, each granted to one identity', () => {
    const granted = NATS_IDENTITIES.flatMap(named).sort();
    const declared = Object.values(DURABLE_CONSUMERS)
      .map((c) => `${c.stream}/${c.name}`)
      .sort();
    expect(granted).toEqual(declared);
  });

  it('give each service the durables it consumes', () => {
    expect(named('catalog').sort()).toEqual([
      'ORDERS/catalog-inventory',
      'ORDERS/catalog-inventory-deleted',
    ]);
    expect(named('orders')).toEqual(['CATALOG/orders-inventory']);
    expect(named('reporting').sort()).toEqual([
      'CATALOG/reporting-catalog',
      'ORDERS/reporting-orders',
    ]);
  });
});

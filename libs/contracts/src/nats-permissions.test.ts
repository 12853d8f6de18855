import { authOps } from './operations/auth.js';
import { catalogOps } from './operations/catalog.js';

import { NATS_IDENTITIES, WILDCARD_NAMESPACE, natsPermissions } from './nats-permissions.js';

describe('natsPermissions', () => {
  it('lets the gateway call every RPC and read its own inbox and the hints, and publish nothing else', () => {
    const gateway = natsPermissions('gateway', '');
    expect(gateway.publish.sort()).toEqual(['$JS.API.INFO', 'rpc.*.*']);
    expect(gateway.subscribe).toContain('_INBOX.gateway.>');
    expect(gateway.subscribe).toContain('hint.auth.sessions-changed');
    expect(gateway.subscribe.some((s) => s.startsWith('rpc.'))).toBe(false);
    expect(gateway.allowResponses).toBe(false);
  });

  it('lets a service answer only its own RPCs and publish only into its own stream', () => {
    const catalog = natsPermissions('catalog', '');
    expect(catalog.subscribe).toEqual(
      expect.arrayContaining(['rpc.catalog.*', '_INBOX.catalog.>']),
    );
    expect(catalog.publish).toContain('catalog.>');
    expect(catalog.allowResponses).toBe(true);
    for (const identity of NATS_IDENTITIES) {
      const { publish } = natsPermissions(identity, '');
      for (const stream of ['orders', 'catalog', 'auth']) {
        if (publish.includes(`${stream}.>`)) expect(identity).toBe(stream);
      }
    }
  });

  it('grants the RPCs orders really calls, and no other service any foreign RPC', () => {
    const orders = natsPermissions('orders', '');
    expect(orders.publish).toEqual(
      expect.arrayContaining([authOps.getUser.subject, catalogOps.getProducts.subject]),
    );
    expect(orders.publish).not.toContain(authOps.listUsers.subject);
    // Catalog's decision on a commit comes back with the change: orders asks for no stock check.
    expect(orders.publish).not.toContain(catalogOps.inventoryCheck.subject);
    for (const identity of ['auth', 'catalog', 'reporting'] as const) {
      const rpcs = natsPermissions(identity, '').publish.filter((s) => s.startsWith('rpc.'));
      expect(rpcs).toEqual([`rpc.${identity}.health`]);
    }
  });

  it('updates only owned streams; a reader may create the stream it reads but not update it', () => {
    const catalog = natsPermissions('catalog', '');
    expect(catalog.publish).toEqual(
      expect.arrayContaining([
        '$JS.API.STREAM.UPDATE.CATALOG',
        '$JS.API.STREAM.CREATE.ORDERS',
        '$JS.API.CONSUMER.MSG.NEXT.ORDERS.catalog-inventory',
        '$JS.ACK.ORDERS.catalog-inventory.>',
      ]),
    );
    expect(catalog.publish).not.toContain('$JS.API.STREAM.UPDATE.ORDERS');
    expect(catalog.publish.some((s) => s.includes('.DELETE.'))).toBe(false);
  });

  it('gives the outside reader consumers on ORDERS only, none of the services durables', () => {
    const reader = natsPermissions('orders-reader', '');
    expect(reader.publish.every((s) => s === '$JS.API.INFO' || s.includes('ORDERS'))).toBe(true);
    expect(reader.publish.some((s) => s.includes('STREAM.CREATE') || s.includes('DELETE'))).toBe(
      false,
    );
    expect(reader.publishDeny).toEqual(
      expect.arrayContaining([
        '$JS.API.CONSUMER.*.*.ORDERS.catalog-inventory',
        '$JS.ACK.ORDERS.reporting-orders.>',
      ]),
    );
    expect(reader.subscribe).toEqual(['_INBOX.orders-reader.>']);
  });

  it('prefixes subjects, streams and durables with an exact namespace', () => {
    const catalog = natsPermissions('catalog', 't1');
    expect(catalog.subscribe).toContain('t1.rpc.catalog.*');
    expect(catalog.publish).toEqual(
      expect.arrayContaining(['t1.catalog.>', '$JS.ACK.t1_ORDERS.t1_catalog-inventory.>']),
    );
    // Inboxes are not namespaced: they are per identity.
    expect(catalog.subscribe).toContain('_INBOX.catalog.>');
    expect(natsPermissions('orders-reader', 't1').publishDeny).toContain(
      '$JS.ACK.t1_ORDERS.t1_catalog-inventory.>',
    );
  });

  it('matches any namespace token, stream and durable under the wildcard namespace', () => {
    const catalog = natsPermissions('catalog', WILDCARD_NAMESPACE);
    expect(catalog.subscribe).toContain('*.rpc.catalog.*');
    expect(catalog.publish).toEqual(
      expect.arrayContaining(['*.catalog.>', '$JS.API.STREAM.UPDATE.*', '$JS.ACK.*.*.>']),
    );
    // Deny lists would name whole tokens that are wildcards here: none are generated.
    expect(natsPermissions('orders-reader', WILDCARD_NAMESPACE).publishDeny).toEqual([]);
  });
});

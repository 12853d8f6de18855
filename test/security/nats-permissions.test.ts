/**
 * The broker enforces who may do what (contracts NATS_GRANTS): on the shared test server (generated
 * for a wildcard namespace) and on a server generated for the production namespace, where stream
 * and consumer names are exact. Each refusal has a positive control beside it, so a test fails if
 * the permissions were simply absent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeyAuthenticator, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { authOps, catalogOps, inboxPrefixOf, namespaced, namespacedStream, type NatsIdentity } from '@lr/contracts';
import { createNatsKeyPair, ensureStreams } from '@lr/nest-kit';
import {
  connectTestNats,
  deleteNamespaceStreams,
  freePort,
  testNatsUrl,
  uniqueNamespace,
  waitFor,
} from '@lr/testing';
// @ts-expect-error plain ES modules without types
import { startLocalNats } from '../../scripts/stack/nats.mjs';

const encoder = new TextEncoder();
const FORGED = JSON.stringify({ actor: { id: randomUUID(), role: 'admin' }, input: {} });

/** Messages an admin subscription saw (the broker delivers to it whatever it let through). */
function spy(nc: NatsConnection, subject: string): { sub: Subscription; seen: string[] } {
  const seen: string[] = [];
  const sub = nc.subscribe(subject, {
    callback: (_e, msg) => {
      seen.push(msg.subject);
    },
  });
  return { sub, seen };
}

/** Resolves with the error the server closed `sub` with (a refused subscription), or null. */
async function subscriptionRefusal(sub: Subscription, nc: NatsConnection): Promise<unknown> {
  await nc.flush();
  const closed = await Promise.race([
    sub.closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1_000)),
  ]);
  return closed === 'open' ? null : closed;
}

/** Sends and flushes; then gives the broker a moment to deliver what it let through. */
async function publishAndSettle(nc: NatsConnection, subject: string, data: string): Promise<void> {
  nc.publish(subject, data);
  await nc.flush().catch(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
}


describe('NATS permissions on the shared test server', () => {
  const namespace = uniqueNamespace();
  const ns = (subject: string) => namespaced(namespace, subject);
  let admin: NatsConnection;
  const opened: NatsConnection[] = [];
  const as = async (identity: NatsIdentity) => {
    const nc = await connectTestNats(identity);
    opened.push(nc);
    return nc;
  };

  beforeAll(async () => {
    admin = await connectTestNats();
  });
  afterAll(async () => {
    for (const nc of opened) await nc.close().catch(() => undefined);
    await deleteNamespaceStreams(admin, namespace).catch(() => undefined);
    await admin.close();
  });

  it('refuses a connection without credentials, and one with a key it does not know', async () => {
    await expect(
      connect({ servers: testNatsUrl(), reconnect: false, timeout: 3_000 }),
    ).rejects.toThrow(/Authorization/i);
    const stranger = createNatsKeyPair();
    await expect(
      connect({
        servers: testNatsUrl(),
        reconnect: false,
        timeout: 3_000,
        authenticator: nkeyAuthenticator(encoder.encode(stranger.seed)),
      }),
    ).rejects.toThrow(/Authorization/i);
  });

  it("lets the gateway call auth's admin RPC, but not catalog, which never calls it", async () => {
    const subject = ns(authOps.listUsers.subject);
    // A stand-in responder on the admin connection: it answers whatever reaches it.
    const responder = admin.subscribe(subject, {
      callback: (_e, msg) => {
        msg.respond(JSON.stringify({ ok: true, data: ['every user'] }));
      },
    });
    await admin.flush();
    try {
      const gateway = await as('gateway');
      const reply = await gateway.request(subject, FORGED, { timeout: 3_000 });
      expect(reply.json()).toEqual({ ok: true, data: ['every user'] });

      const catalog = await as('catalog');
      await expect(catalog.request(subject, FORGED, { timeout: 2_000 })).rejects.toThrow();
      // It answers its own RPCs; it does not call them either.
      await expect(
        catalog.request(ns(catalogOps.listProducts.subject), FORGED, { timeout: 1_000 }),
      ).rejects.toThrow();
    } finally {
      responder.unsubscribe();
    }
  });

  it('lets only orders publish orders events, and only catalog catalog events', async () => {
    const seen = spy(admin, ns('>'));
    await admin.flush();
    try {
      const catalog = await as('catalog');
      await publishAndSettle(catalog, ns('orders.order.placed.v1'), '{}');
      await publishAndSettle(catalog, ns('auth.user.created.v1'), '{}');
      const gateway = await as('gateway');
      await publishAndSettle(gateway, ns('catalog.product.deleted.v1'), '{}');
      await publishAndSettle(gateway, ns('hint.auth.sessions-changed'), '{}');
      expect(seen.seen).toEqual([]);

      const orders = await as('orders');
      await publishAndSettle(orders, ns('orders.order.placed.v1'), '{}');
      await publishAndSettle(catalog, ns('catalog.product.deleted.v1'), '{}');
      expect(seen.seen).toEqual([ns('orders.order.placed.v1'), ns('catalog.product.deleted.v1')]);
    } finally {
      seen.sub.unsubscribe();
    }
  });

  it("refuses to let catalog read another identity's replies or answer another's RPCs", async () => {
    const catalog = await as('catalog');
    for (const subject of [
      `${inboxPrefixOf('gateway')}.>`,
      '_INBOX.>',
      '>',
      ns(authOps.login.subject),
      ns('orders.>'),
    ]) {
      const sub = catalog.subscribe(subject);
      expect(await subscriptionRefusal(sub, catalog)).toBeInstanceOf(Error);
    }
    // Its own inbox and RPCs it may subscribe to.
    for (const subject of [`${inboxPrefixOf('catalog')}.x`, ns(catalogOps.getProduct.subject)]) {
      const sub = catalog.subscribe(subject);
      expect(await subscriptionRefusal(sub, catalog)).toBeNull();
      sub.unsubscribe();
    }
  });
});

describe('NATS permissions generated for the production namespace', () => {
  const dataDir = `/tmp/lockerroom-nats-perms/${randomBytes(4).toString('hex')}`;
  let server: { url: string; seeds: Record<string, string>; stop(): Promise<void> };
  const opened: NatsConnection[] = [];
  const as = async (user: string) => {
    const seed = server.seeds[user] as string;
    const nc = await connect({
      servers: server.url,
      authenticator: nkeyAuthenticator(encoder.encode(seed)),
      ...(user === 'admin' ? {} : { inboxPrefix: inboxPrefixOf(user as NatsIdentity) }),
      timeout: 3_000,
    });
    opened.push(nc);
    return nc;
  };

  beforeAll(async () => {
    server = (await startLocalNats({
      dataDir,
      port: await freePort(),
      namespace: '',
      log: () => undefined,
    })) as typeof server;
    // The owners create their streams, as the services do at start.
    await ensureStreams(await as('orders'), '', ['ORDERS']);
    await ensureStreams(await as('catalog'), '', ['CATALOG']);
    const js = jetstream(await as('orders'));
    await js.publish('orders.order.placed.v1', JSON.stringify({ n: 1 }));
  }, 30_000);
  afterAll(async () => {
    for (const nc of opened) await nc.close().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the outside reader create and read a durable on ORDERS, and do nothing else', async () => {
    const reader = await as('orders-reader');
    const jsm = await jetstreamManager(reader);
    await jsm.consumers.add('ORDERS', {
      durable_name: 'school-board',
      ack_policy: AckPolicy.Explicit,
    });
    const consumer = await jetstream(reader).consumers.get('ORDERS', 'school-board');
    const msg = await consumer.next({ expires: 3_000 });
    expect(msg?.json()).toEqual({ n: 1 });
    msg?.ack();
    await reader.flush();
    await waitFor(
      async () => (await jsm.consumers.info('ORDERS', 'school-board')).num_ack_pending === 0,
      { timeoutMs: 5_000, message: 'ack accepted' },
    );

    // Not another stream's consumers, no stream changes, no publishing into ORDERS.
    await expect(
      jsm.consumers.add('CATALOG', { durable_name: 'peek', ack_policy: AckPolicy.Explicit }),
    ).rejects.toThrow();
    await expect(jsm.streams.update('ORDERS', { max_msgs: 1 })).rejects.toThrow();
    await expect(jsm.streams.delete('ORDERS')).rejects.toThrow();
    await expect(
      jetstream(reader).publish('orders.order.deleted.v1', '{}', { timeout: 2_000 }),
    ).rejects.toThrow();
    const adminJsm = await jetstreamManager(await as('admin'));
    expect((await adminJsm.streams.info('ORDERS')).state.messages).toBe(1);

    // Nor the services' own durables: reading or acking those would take events from catalog.
    await adminJsm.consumers.add('ORDERS', {
      durable_name: 'catalog-inventory',
      ack_policy: AckPolicy.Explicit,
    });
    await expect(jsm.consumers.info('ORDERS', 'catalog-inventory')).rejects.toThrow();
    await expect(
      jsm.consumers.add('ORDERS', {
        durable_name: 'catalog-inventory',
        ack_policy: AckPolicy.None,
      }),
    ).rejects.toThrow();
    await expect(jsm.consumers.delete('ORDERS', 'catalog-inventory')).rejects.toThrow();
    await expect(jsm.consumers.delete('ORDERS', 'school-board')).rejects.toThrow();
    expect((await adminJsm.consumers.info('ORDERS', 'catalog-inventory')).config.ack_policy).toBe(
      AckPolicy.Explicit,
    );
  });

  it("lets catalog use its own durables on ORDERS only, and change no stream it doesn't own", async () => {
    const catalog = await as('catalog');
    const jsm = await jetstreamManager(catalog);
    await jsm.consumers.add('ORDERS', {
      durable_name: 'catalog-inventory',
      ack_policy: AckPolicy.Explicit,
      filter_subject: 'orders.order.status-changed.v1',
    });
    await expect(
      jsm.consumers.add('ORDERS', {
        durable_name: 'reporting-orders',
        ack_policy: AckPolicy.Explicit,
      }),
    ).rejects.toThrow();
    await expect(jsm.streams.update('ORDERS', { max_msgs: 1 })).rejects.toThrow();
    // Its own stream it may change.
    await expect(jsm.streams.update('CATALOG', { max_msgs: -1 })).resolves.toBeTruthy();
  });

  it('creates a stream a reader needs before its owner starts, and updates none', async () => {
    const reporting = await as('reporting');
    const adminJsm = await jetstreamManager(await as('admin'));
    await adminJsm.streams.delete('ORDERS');
    await ensureStreams(reporting, '', [], ['ORDERS']);
    expect((await adminJsm.streams.info(namespacedStream('', 'ORDERS'))).config.subjects).toEqual([
      'orders.>',
    ]);
    const jsm = await jetstreamManager(reporting);
    await expect(jsm.streams.update('ORDERS', { max_msgs: 1 })).rejects.toThrow();
  });
});

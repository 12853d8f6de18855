#!/usr/bin/env node
/**
 * A minimal outside consumer of the order events (see docs/events.md).
 *
 *   node examples/consume-orders.mjs            # follow new events; Ctrl-C to stop
 *   node examples/consume-orders.mjs --once     # read what is there, print a summary, exit
 *
 * Environment: NATS_URL (default nats://127.0.0.1:4222), NATS_NAMESPACE (empty in production),
 * DURABLE (consumer name, default example-orders), NATS_NKEY_SEED (the read-only `orders-reader`
 * identity's seed: docs/events.md says where to get it; unset for a server without authorization).
 *
 * It shows the three rules every consumer follows: a durable pull consumer with explicit ack (so
 * nothing is lost while it is down), dedupe by eventId (delivery is at least once), and keep the
 * newest version of each order (an older version may arrive after a newer one).
 *
 * Events hold no personal data: the student, teacher and contact fields of `shippingInfo` are
 * empty, and `order.studentFingerprint` stands for the student (count distinct fingerprints for
 * "students helped"). This example counts them per school year of the events it read.
 */
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';

const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = process.env.NATS_NAMESPACE ?? '';
const durable = process.env.DURABLE ?? 'example-orders';
const once = process.argv.includes('--once');

const prefix = (name, sep) => (namespace ? `${namespace}${sep}${name}` : name);
const stream = prefix('ORDERS', '_');
const subjects = prefix('orders.order.>', '.');

const seed = process.env.NATS_NKEY_SEED?.trim();
const nc = await connect({
  servers: url.split(','),
  name: 'example-orders-consumer',
  ...(seed
    ? {
        authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)),
        // The only inboxes the orders-reader identity may read: replies to its own requests.
        inboxPrefix: '_INBOX.orders-reader',
      }
    : {}),
});
const jsm = await jetstreamManager(nc);

// Create the durable consumer once; later runs continue where the last one acknowledged.
try {
  await jsm.consumers.info(stream, durable);
} catch {
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subjects,
  });
}
const consumer = await jetstream(nc).consumers.get(stream, durable);

/** A real consumer keeps these in its database, in the same transaction as its effect. */
const seenEventIds = new Set();
const orders = new Map(); // order id -> { version, status, deleted, items, student }

function apply(event) {
  const order = event.data.order;
  const known = orders.get(order.id);
  if (event.type === 'orders.order.deleted.v1') {
    orders.set(order.id, {
      version: Math.max(order.version, known?.version ?? 0),
      status: order.status,
      deleted: true,
      items: 0,
    });
    return 'deleted';
  }
  if (known && (known.deleted || known.version >= order.version)) return 'stale, ignored';
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  // Older events (before the privacy upgrade) have no fingerprint: count such an order on its own.
  const student = order.studentFingerprint ?? `order:${order.id}`;
  orders.set(order.id, {
    version: order.version,
    status: order.status,
    deleted: false,
    items,
    student,
  });
  return 'applied';
}

function summary() {
  const live = [...orders.values()].filter((o) => !o.deleted);
  const delivered = live.filter((o) => o.status === 'Delivered').length;
  const items = live.reduce((sum, o) => sum + o.items, 0);
  const students = new Set(live.map((o) => o.student)).size;
  return `${live.length} orders (${delivered} delivered, ${items} items given, ${students} students), ${orders.size - live.length} deleted`;
}

function handle(msg) {
  let event;
  try {
    event = msg.json();
  } catch {
    console.error(`seq ${msg.seq}: not JSON, skipped`);
    msg.term();
    return;
  }
  if (seenEventIds.has(event.eventId)) {
    msg.ack(); // a redelivery: already applied
    return;
  }
  const outcome = apply(event);
  seenEventIds.add(event.eventId);
  msg.ack(); // after the effect is stored: a crash before this means a redelivery, which is safe
  const order = event.data.order;
  console.log(
    `${event.occurredAt} ${event.type} ${order.orderNumber} v${order.version} ${order.status}: ${outcome}`,
  );
}

if (once) {
  // Read in batches until the consumer has nothing pending, then stop.
  let caughtUp = false;
  while (!caughtUp) {
    const batch = await consumer.fetch({ max_messages: 256, expires: 1000 });
    let received = 0;
    for await (const msg of batch) {
      received += 1;
      handle(msg);
      if (msg.info.pending === 0) {
        caughtUp = true;
        break;
      }
    }
    if (received === 0) caughtUp = true;
  }
  console.log(summary());
  await nc.drain();
} else {
  process.on('SIGINT', () => {
    console.log(summary());
    void nc.drain();
  });
  const messages = await consumer.consume({ max_messages: 256 });
  for await (const msg of messages) handle(msg);
}

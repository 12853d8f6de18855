/**
 * The impact report from known events on the real JetStream, consumed by the real service: orders
 * placed and delivered on known days, products with known values (one changed between two
 * deliveries, its event arriving after both were counted), donations recorded, corrected and
 * deleted. Every figure is compared; a rebuild from the streams and an order event written after
 * the student's details were erased leave them as they were.
 */
import { randomUUID } from 'node:crypto';
import {
  DURABLE_CONSUMERS,
  EVENTS,
  impactOps,
  namespacedStream,
  reportingOps,
  type DonationSnapshot,
  type Impact,
  type OrderEventSnapshot,
} from '@lr/contracts';
import {
  eventEnvelope,
  events,
  newOrder,
  nextVersion,
  publish,
  waitFor,
  type TestEnv,
} from '@lr/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { admin, caughtUp, startReporting, volunteer } from './support/reporting-env.js';

const coat = randomUUID(); // Clothing, 10.00 then 12.00 from 2026-03-04
const boots = randomUUID(); // Footwear, 25.50
const scarf = randomUUID(); // Clothing, never valued

const by = { id: admin.id, name: admin.name };

function at<T>(occurredAt: string, envelope: T): T {
  return { ...envelope, occurredAt };
}

function valueEvent(productId: string, version: number, value: string | null, occurredAt: string) {
  return at(
    occurredAt,
    eventEnvelope(EVENTS.catalogProductUpdated, version, { productId, fairMarketValue: value }),
  );
}

/** An order placed at `createdAt` for these products (id, category, quantity). */
function order(
  school: string,
  student: string,
  createdAt: string,
  lines: [string, 'Clothing' | 'Footwear', number][],
): OrderEventSnapshot {
  const placed = newOrder({
    school,
    student,
    createdAt,
    lines: lines.map(([, category, quantity]) => ({ name: 'Item', category, quantity })),
  });
  return {
    ...placed,
    lines: placed.lines.map((line, i) => ({ ...line, productId: lines[i]![0] })),
  };
}

function delivered(placed: OrderEventSnapshot, deliveredAt: string): OrderEventSnapshot {
  return nextVersion(placed, { status: 'Delivered', deliveredAt });
}

function donation(
  receivedOn: string,
  kind: DonationSnapshot['source']['kind'],
  lines: [string, number][],
  version = 1,
  id: string = randomUUID(),
): DonationSnapshot {
  return {
    id,
    receivedOn,
    source: { id: randomUUID(), name: `${kind} source`, kind },
    note: '',
    version,
    lines: lines.map(([productId, quantity]) => ({
      productId,
      productName: 'Item',
      category: 'Clothing',
      size: 'M',
      quantity,
    })),
  };
}

const RANGE = { from: '2026-03-01', to: '2026-03-10' };

/** Every figure of RANGE, as worked out by hand from the events below. */
const EXPECTED: Impact = {
  ...RANGE,
  // A (03-03): coat 2 x 10.00 + boots 1 x 25.50; B (03-05): coat 1 x 12.00;
  // C (03-05): coat 3 x 12.00 + scarf 1 (no value). D is not delivered, E is delivered after.
  ordersDelivered: 3,
  studentsHelped: 3,
  schoolsServed: 2,
  itemsGiven: 8,
  valueGiven: '93.50',
  itemsGivenWithoutValue: 1,
  itemsGivenByCategory: [
    { category: 'Clothing', items: 7, value: '68.00' },
    { category: 'Footwear', items: 1, value: '25.50' },
  ],
  // X: coat 4 (corrected from 5) at 10.00, recorded before the change. Y arrived 03-04 (after the
  // change) and was recorded 03-06: coat 2 x 12.00 + boots 2 x 25.50. Z was deleted.
  donationsReceived: 2,
  itemsReceived: 8,
  valueReceived: '115.00',
  receivedByKind: [
    { kind: 'drive', donations: 1, items: 4, value: '75.00' },
    { kind: 'school', donations: 1, items: 4, value: '40.00' },
  ],
  schools: [
    { school: 'Abbey', orders: 2, studentsHelped: 2, items: 4, value: '57.50' },
    { school: 'Brook', orders: 1, studentsHelped: 1, items: 4, value: '36.00' },
  ],
};

describe('impact report figures', () => {
  let env: TestEnv;
  const impact = () => env.rpc.call(impactOps.impact, RANGE, { actor: admin });
  const catalogCaughtUp = () =>
    waitFor(
      async () => {
        const info = await (
          await jetstreamManager(env.nc)
        ).consumers.info(
          namespacedStream(env.namespace, 'CATALOG'),
          `${env.namespace}_${DURABLE_CONSUMERS.reportingCatalog.name}`,
        );
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { message: 'the catalog consumer to catch up' },
    );

  const a = order('Abbey', 'ABBEY-1_10_Male', '2026-03-02T09:00:00Z', [
    [coat, 'Clothing', 2],
    [boots, 'Footwear', 1],
  ]);
  const b = order('Abbey', 'ABBEY-2_9_NA', '2026-03-04T09:00:00Z', [[coat, 'Clothing', 1]]);
  const c = order('Brook', 'ABBEY-1_12_Female', '2026-03-04T10:00:00Z', [
    [coat, 'Clothing', 3],
    [scarf, 'Clothing', 1],
  ]);
  const d = order('Brook', 'BROOK-9_8_NA', '2026-03-05T10:00:00Z', [[coat, 'Clothing', 5]]);
  const e = order('Abbey', 'ABBEY-1_10_Male', '2026-03-18T09:00:00Z', [[boots, 'Footwear', 1]]);
  const aDelivered = delivered(a, '2026-03-03T15:00:00Z');

  beforeAll(async () => {
    env = await startReporting();
    const x = donation('2026-03-02', 'school', [[coat, 5]]);
    const z = donation('2026-03-03', 'business', [[boots, 9]]);
    await publish(env.nc, env.namespace, [
      valueEvent(coat, 1, '10.00', '2026-03-01T08:00:00Z'),
      valueEvent(boots, 1, '25.50', '2026-03-01T08:00:00Z'),
      // A review's change says nothing about the value: the coat keeps 10.00.
      at(
        '2026-03-01T09:00:00Z',
        eventEnvelope(EVENTS.catalogProductUpdated, 2, { productId: coat }),
      ),
      at(
        '2026-03-02T12:00:00Z',
        eventEnvelope(EVENTS.catalogDonationReceived, 1, { donation: x, recordedBy: by }),
      ),
      at(
        '2026-03-02T13:00:00Z',
        eventEnvelope(EVENTS.catalogDonationCorrected, 2, {
          donation: { ...x, version: 2, lines: x.lines.map((l) => ({ ...l, quantity: 4 })) },
          correctedBy: by,
        }),
      ),
      at(
        '2026-03-03T12:00:00Z',
        eventEnvelope(EVENTS.catalogDonationReceived, 1, { donation: z, recordedBy: by }),
      ),
      at(
        '2026-03-03T13:00:00Z',
        eventEnvelope(EVENTS.catalogDonationDeleted, 2, {
          donation: { ...z, version: 2 },
          deletedBy: by,
        }),
      ),
    ]);
    await catalogCaughtUp();
    await publish(env.nc, env.namespace, [
      events.placed(a),
      events.statusChanged(aDelivered, 'Processing'),
      events.placed(b),
      events.statusChanged(delivered(b, '2026-03-05T11:00:00Z'), 'Processing'),
      events.placed(c),
      events.statusChanged(delivered(c, '2026-03-05T12:00:00Z'), 'Processing'),
      events.placed(d),
      events.placed(e),
      events.statusChanged(delivered(e, '2026-03-20T12:00:00Z'), 'Processing'),
    ]);
    await caughtUp(env);
    // The coat's new value reaches reporting after both deliveries were counted: B and C (delivered
    // after it took effect) are valued again, A is not.
    await publish(env.nc, env.namespace, [
      valueEvent(coat, 3, '12.00', '2026-03-04T00:00:00Z'),
      at(
        '2026-03-06T10:00:00Z',
        eventEnvelope(EVENTS.catalogDonationReceived, 1, {
          donation: donation('2026-03-04', 'drive', [
            [coat, 2],
            [boots, 2],
          ]),
          recordedBy: by,
        }),
      ),
    ]);
    await catalogCaughtUp();
  });
  afterAll(() => env.close());

  it('gives every figure of the range, each delivery at the value in force when it was made', async () => {
    expect(await impact()).toEqual(EXPECTED);
  });

  it('counts by the delivery day and leaves out days outside the range', async () => {
    const later = await env.rpc.call(
      impactOps.impact,
      { from: '2026-03-11', to: '2026-03-31' },
      { actor: admin },
    );
    expect(later).toMatchObject({
      ordersDelivered: 1,
      studentsHelped: 1,
      itemsGiven: 1,
      valueGiven: '25.50',
      donationsReceived: 0,
      valueReceived: '0.00',
    });
    const oneDay = await env.rpc.call(
      impactOps.impact,
      { from: '2026-03-03', to: '2026-03-03' },
      { actor: admin },
    );
    expect(oneDay).toMatchObject({ ordersDelivered: 1, itemsGiven: 3, valueGiven: '45.50' });
  });

  it('writes every table into one CSV, each under its title', async () => {
    const file = await env.rpc.call(impactOps.impactCsv, RANGE, { actor: admin });
    expect(file.filename).toBe('impact_2026-03-01_to_2026-03-10.csv');
    const lines = file.csv.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Value given,93.50',
        'Items given by category',
        'Category,Items,Value',
        'Clothing,7,68.00',
        'Source kind,Donations,Items,Value',
        'drive,1,4,75.00',
        'School,Orders,Students helped,Items,Value',
        'Abbey,2,2,4,57.50',
        'Brook,1,1,4,36.00',
      ]),
    );
  });

  it('is for admins only', async () => {
    await expect(env.rpc.call(impactOps.impact, RANGE, { actor: volunteer })).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
  });

  it('keeps every figure when an order event arrives after the student was erased', async () => {
    // What orders writes for A after erasure: no details, the same fingerprint.
    const erased = nextVersion(aDelivered, {});
    await publish(env.nc, env.namespace, [events.itemsAdjusted(erased, aDelivered)]);
    await caughtUp(env);
    expect(await impact()).toEqual(EXPECTED);
    const { rows } = await env.pool.query<{ dump: string }>(
      `SELECT (SELECT json_agg(s)::text FROM reporting.impact_day_students s) AS dump`,
    );
    expect(rows[0]!.dump).toContain('Abbey');
    expect(rows[0]!.dump).not.toMatch(/ABBEY-1|ABBEY-2|Male|Female/);
  });

  it('gives the same figures after a rebuild from the streams', async () => {
    await env.pool.query('DELETE FROM reporting.impact_day_schools');
    await env.pool.query('DELETE FROM reporting.impact_product_values');
    await env.rpc.call(reportingOps.rebuild, {}, { actor: admin, timeoutMs: 60_000 });
    expect(await impact()).toEqual(EXPECTED);
  });
});

/**
 * Items received and count adjustments in the report, from the catalog's donation and stock-count
 * events published to the real JetStream and consumed by the real service; a rebuild from the
 * streams gives the same figures.
 */
import { randomUUID } from 'node:crypto';
import { reportingOps, EVENTS, type DonationSnapshot } from '@lr/contracts';
import { eventEnvelope as envelope, publish, type TestEnv, waitFor } from '@lr/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { DURABLE_CONSUMERS, namespacedStream } from '@lr/contracts';
import { admin, report, startReporting } from './support/reporting-env.js';

function donation(
  receivedOn: string,
  kind: DonationSnapshot['source']['kind'],
  quantities: number[],
  version = 1,
  id: string = randomUUID(),
): DonationSnapshot {
  return {
    id,
    receivedOn,
    source: { id: randomUUID(), name: `${kind} source`, kind },
    note: '',
    version,
    lines: quantities.map((quantity, i) => ({
      productId: randomUUID(),
      productName: `Item ${i}`,
      category: 'Clothing',
      size: 'M',
      quantity,
    })),
  };
}

describe('report: items received and count adjustments', () => {
  let env: TestEnv;
  const by = { id: admin.id, name: admin.name };

  const caughtUp = () =>
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

  beforeAll(async () => {
    env = await startReporting();
    const school = donation('2026-03-02', 'school', [3, 2]);
    const drive = donation('2026-03-05', 'drive', [10]);
    const corrected = {
      ...drive,
      version: 2,
      lines: drive.lines.map((l) => ({ ...l, quantity: 7 })),
    };
    const gone = donation('2026-03-06', 'business', [4]);
    const outside = donation('2026-04-01', 'individual', [1]);
    await publish(env.nc, env.namespace, [
      envelope(EVENTS.catalogDonationReceived, 1, { donation: school, recordedBy: by }),
      envelope(EVENTS.catalogDonationReceived, 1, { donation: drive, recordedBy: by }),
      envelope(EVENTS.catalogDonationCorrected, 2, { donation: corrected, correctedBy: by }),
      envelope(EVENTS.catalogDonationReceived, 1, { donation: gone, recordedBy: by }),
      envelope(EVENTS.catalogDonationDeleted, 2, {
        donation: { ...gone, version: 2 },
        deletedBy: by,
      }),
      envelope(EVENTS.catalogDonationReceived, 1, { donation: outside, recordedBy: by }),
      envelope(EVENTS.catalogStockCounted, 1, {
        countId: randomUUID(),
        scope: 'all',
        startedAt: '2026-03-09T08:00:00.000Z',
        finalisedAt: '2026-03-10T12:00:00.000Z',
        finalisedBy: by,
        countedSizes: 40,
        adjustments: [
          {
            productId: randomUUID(),
            productName: 'Boots',
            category: 'Footwear',
            size: '5',
            books: 3,
            counted: 1,
            difference: -2,
          },
          {
            productId: randomUUID(),
            productName: 'Coat',
            category: 'Clothing',
            size: 'S',
            books: 1,
            counted: 4,
            difference: 3,
          },
        ],
      }),
    ]);
    // A replayed older version changes nothing.
    await publish(env.nc, env.namespace, [
      envelope(EVENTS.catalogDonationReceived, 1, { donation: drive, recordedBy: by }),
    ]);
    await caughtUp();
  });
  afterAll(() => env.close());

  const march = { from: '2026-03-01', to: '2026-03-31' };

  it('counts items received by source kind in the range, with corrections and deletions', async () => {
    const figures = await report(env, march);
    // school 3 + 2, drive corrected 10 -> 7, business deleted, April out of range.
    expect(figures.itemsReceived).toBe(12);
    expect(figures.itemsReceivedByKind).toEqual([
      { kind: 'drive', items: 7 },
      { kind: 'school', items: 5 },
    ]);
    expect(figures.countAdjustments).toEqual({ counts: 1, adjustedSizes: 2, net: 1, absolute: 5 });
    expect((await report(env, { from: '2026-04-01' })).countAdjustments.counts).toBe(0);
    expect((await report(env)).itemsReceived).toBe(13);
  });

  it('puts them in the report CSV', async () => {
    const file = await env.rpc.call(reportingOps.reportCsv, march, { actor: admin });
    expect(file.csv).toContain('Items received,12\r\n');
    expect(file.csv).toContain('Items received from drive,7\r\n');
    expect(file.csv).toContain('Count adjustments (net),1\r\n');
    expect(file.csv).toContain('Count adjustments (absolute),5\r\n');
  });

  it('gives the same figures after a rebuild from the streams', async () => {
    const before = await report(env, march);
    await env.pool.query('TRUNCATE reporting.donations, reporting.count_adjustments');
    expect((await report(env, march)).itemsReceived).toBe(0);
    const result = await env.rpc.call(reportingOps.rebuild, {}, { actor: admin });
    expect(result.eventsApplied).toBeGreaterThanOrEqual(8);
    expect(await report(env, march)).toEqual(before);
  });
});

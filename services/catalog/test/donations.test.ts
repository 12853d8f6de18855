/**
 * Donations against the real PostgreSQL and NATS: stock movements and events written together,
 * corrections as compensating movements, deletion refused once the stock has left, roles, bad input.
 */
import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  type DonationSnapshot,
  type DonationSourceDto,
  type CatalogProduct,
  catalogOps,
  type Operation,
  type InputOf,
  type Actor,
} from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  admin,
  failureOf,
  createProduct,
  ledgerMismatches,
  outboxEvents,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

const volunteer = TestEnv.actor('volunteer', 'Vol One');
const user = TestEnv.actor('user', 'Maple School');

describe('donations', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let source: DonationSourceDto;

  const call = <Op extends Operation>(op: Op, input: InputOf<Op>, actor: Actor | null = admin) =>
    env.rpc.call(op, input, { actor });
  const movements = async (donationId: string) =>
    (
      await env.pool.query<{ size: string; delta: number; reason: string }>(
        'SELECT size, delta, reason FROM catalog.stock_movements WHERE donation_id = $1 ORDER BY id',
        [donationId],
      )
    ).rows;
  const counts = async () =>
    (
      await env.pool.query<{ donations: number; movements: number }>(
        `SELECT (SELECT count(*)::int FROM catalog.donations) AS donations,
                (SELECT count(*)::int FROM catalog.stock_movements) AS movements`,
      )
    ).rows[0];

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
    source = await call(
      catalogOps.createDonationSource,
      { name: 'Maple PTA drive', kind: 'drive', contact: 'pta@maple.example' },
      volunteer,
    );
  });
  afterAll(() => env.close());

  beforeEach(async () => {
    product = await createProduct(env, { name: `Shoes ${randomUUID().slice(0, 6)}` });
  });
  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('records a donation: one donation movement per line, a new size, and the event, together', async () => {
    const donation = await call(
      catalogOps.recordDonation,
      {
        sourceId: source.id,
        note: 'Back-to-school drive',
        lines: [
          { productId: product.id, size: '5', quantity: 4 },
          { productId: product.id, size: '6', quantity: 2 },
          { productId: product.id, size: '7', quantity: 3, newSize: true },
        ],
      },
      volunteer,
    );
    expect(donation).toMatchObject({
      sourceName: 'Maple PTA drive',
      sourceKind: 'drive',
      items: 9,
      receivedOn: new Date().toISOString().slice(0, 10),
      recordedBy: 'Vol One',
      version: 1,
    });
    const after = await call(catalogOps.getProduct, { id: product.id });
    expect(after.sizes.map((s) => [s.size, s.stock])).toEqual([
      ['5', 7],
      ['6', 3],
      ['7', 3],
    ]);
    expect(await movements(donation.id)).toEqual([
      { size: '5', delta: 4, reason: 'donation' },
      { size: '6', delta: 2, reason: 'donation' },
      { size: '7', delta: 3, reason: 'donation' },
    ]);
    const events = await outboxEvents<{ donation: DonationSnapshot }>(
      env,
      EVENTS.catalogDonationReceived,
    );
    const mine = events.find((e) => e.data.donation.id === donation.id);
    expect(mine?.data.donation).toMatchObject({
      source: { kind: 'drive' },
      lines: [
        { size: '5', quantity: 4, category: 'Footwear' },
        { size: '6', quantity: 2 },
        { size: '7', quantity: 3 },
      ],
    });
  });

  it('corrects with compensating movements and never rewrites the first ones', async () => {
    const donation = await call(catalogOps.recordDonation, {
      sourceId: source.id,
      receivedOn: '2026-01-10',
      lines: [
        { productId: product.id, size: '5', quantity: 4 },
        { productId: product.id, size: '6', quantity: 2 },
      ],
    });
    const corrected = await call(catalogOps.correctDonation, {
      id: donation.id,
      version: 1,
      sourceId: source.id,
      receivedOn: '2026-01-11',
      note: 'recounted',
      lines: [{ productId: product.id, size: '5', quantity: 6 }],
    });
    expect(corrected).toMatchObject({ version: 2, items: 6, receivedOn: '2026-01-11' });
    expect(await movements(donation.id)).toEqual([
      { size: '5', delta: 4, reason: 'donation' },
      { size: '6', delta: 2, reason: 'donation' },
      { size: '5', delta: 2, reason: 'donation-correction' },
      { size: '6', delta: -2, reason: 'donation-correction' },
    ]);
    expect(await stockOf(env, sizeId(product, '5'))).toBe(9);
    expect(await stockOf(env, sizeId(product, '6'))).toBe(1);
    const events = await outboxEvents<{ donation: DonationSnapshot }>(
      env,
      EVENTS.catalogDonationCorrected,
    );
    expect(events.find((e) => e.data.donation.id === donation.id)?.data.donation.version).toBe(2);
    // A stale editor (version 1) is refused.
    const stale = await failureOf(
      call(catalogOps.correctDonation, {
        id: donation.id,
        version: 1,
        sourceId: source.id,
        receivedOn: '2026-01-11',
        lines: [{ productId: product.id, size: '5', quantity: 1 }],
      }),
    );
    expect(stale?.code).toBe('CONFLICT');
  });

  it('deletes only while the stock is still on the shelf, naming the sizes otherwise', async () => {
    const donation = await call(catalogOps.recordDonation, {
      sourceId: source.id,
      lines: [
        { productId: product.id, size: '5', quantity: 2 },
        { productId: product.id, size: '6', quantity: 5 },
      ],
    });
    // Size 6 drops to 3 (an admin's correction): the donation's 5 are no longer all there.
    await call(catalogOps.updateProduct, { id: product.id, setStock: [{ size: '6', stock: 3 }] });
    const before = await counts();
    const refused = await failureOf(call(catalogOps.deleteDonation, { id: donation.id }));
    expect(refused?.code).toBe('CONFLICT');
    expect(refused?.message).toContain(`${product.name} 6 (5 donated, 3 in stock)`);
    expect(refused?.message).not.toContain(`${product.name} 5 `);
    expect(await counts()).toEqual(before);

    await call(catalogOps.updateProduct, { id: product.id, setStock: [{ size: '6', stock: 6 }] });
    const deleted = await call(catalogOps.deleteDonation, { id: donation.id });
    expect(deleted.id).toBe(donation.id);
    expect(await stockOf(env, sizeId(product, '5'))).toBe(3);
    expect(await stockOf(env, sizeId(product, '6'))).toBe(1);
    expect((await movements(donation.id)).slice(2)).toEqual([
      { size: '5', delta: -2, reason: 'donation-correction' },
      { size: '6', delta: -5, reason: 'donation-correction' },
    ]);
    expect((await failureOf(call(catalogOps.getDonation, { id: donation.id })))?.code).toBe(
      'NOT_FOUND',
    );
    const events = await outboxEvents<{ donation: DonationSnapshot }>(
      env,
      EVENTS.catalogDonationDeleted,
    );
    expect(events.some((e) => e.data.donation.id === donation.id)).toBe(true);
  });

  it('lets volunteers record but only admins correct or delete; schools nothing', async () => {
    const donation = await call(
      catalogOps.recordDonation,
      { sourceId: source.id, lines: [{ productId: product.id, size: '5', quantity: 1 }] },
      volunteer,
    );
    const correction = {
      id: donation.id,
      sourceId: source.id,
      receivedOn: donation.receivedOn,
      lines: [{ productId: product.id, size: '5', quantity: 2 }],
    };
    expect((await failureOf(call(catalogOps.correctDonation, correction, volunteer)))?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await failureOf(call(catalogOps.deleteDonation, { id: donation.id }, volunteer)))?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await failureOf(call(catalogOps.listDonations, { range: { start: 0, end: 9 } }, user)))
        ?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await failureOf(call(catalogOps.listDonations, { range: { start: 0, end: 9 } }, null)))
        ?.code,
    ).toBe('UNAUTHORIZED');
    expect(await stockOf(env, sizeId(product, '5'))).toBe(4);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const before = await counts();
    const bad: [unknown, string][] = [
      [{ sourceId: source.id, lines: [] }, 'lines'],
      [
        { sourceId: source.id, lines: [{ productId: product.id, size: '5', quantity: 0 }] },
        'lines.0.quantity',
      ],
      [
        { sourceId: source.id, lines: [{ productId: product.id, size: '5', quantity: 10_001 }] },
        'lines.0.quantity',
      ],
      [
        { sourceId: source.id, lines: [{ productId: product.id, size: '5', quantity: 1.5 }] },
        'lines.0.quantity',
      ],
      [
        {
          sourceId: source.id,
          lines: [
            { productId: product.id, size: '5', quantity: 1 },
            { productId: product.id, size: '9', quantity: 1 },
          ],
        },
        'lines.1.size',
      ],
      [
        { sourceId: source.id, lines: [{ productId: randomUUID(), size: '5', quantity: 1 }] },
        'lines.0.productId',
      ],
      [
        { sourceId: randomUUID(), lines: [{ productId: product.id, size: '5', quantity: 1 }] },
        'sourceId',
      ],
      [
        {
          sourceId: source.id,
          receivedOn: '2026-02-30',
          lines: [{ productId: product.id, size: '5', quantity: 1 }],
        },
        'receivedOn',
      ],
      [
        {
          sourceId: source.id,
          receivedOn: '2999-01-01',
          lines: [{ productId: product.id, size: '5', quantity: 1 }],
        },
        'receivedOn',
      ],
      [
        {
          sourceId: source.id,
          note: 'a\u0000b',
          lines: [{ productId: product.id, size: '5', quantity: 1 }],
        },
        'note',
      ],
    ];
    for (const [input, field] of bad) {
      const error = await failureOf(call(catalogOps.recordDonation, input as never));
      expect([error?.code, error?.message.split(':')[0]]).toEqual(['BAD_REQUEST', field]);
    }
    expect(await counts()).toEqual(before);
    expect(await stockOf(env, sizeId(product, '5'))).toBe(3);
    const sizes = await call(catalogOps.getProduct, { id: product.id });
    expect(sizes.sizes.map((s) => s.size)).toEqual(['5', '6']);
  });

  it('keeps sources unique by name, pages lists with a bounded page, filters by date and source', async () => {
    const duplicate = await failureOf(
      call(catalogOps.createDonationSource, { name: 'maple pta DRIVE', kind: 'school' }),
    );
    expect(duplicate?.code).toBe('CONFLICT');
    const other = await call(catalogOps.createDonationSource, {
      name: `Acme ${randomUUID().slice(0, 4)}`,
      kind: 'business',
    });
    await call(catalogOps.recordDonation, {
      sourceId: other.id,
      receivedOn: '2025-12-01',
      lines: [{ productId: product.id, size: '6', quantity: 1 }],
    });
    const filtered = await call(catalogOps.listDonations, {
      range: { start: 0, end: 9 },
      filter: { from: '2025-11-01', to: '2025-12-31', sourceId: other.id },
    });
    expect(filtered.total).toBe(1);
    expect(filtered.items[0]).toMatchObject({ sourceKind: 'business', items: 1 });
    const tooBig = await failureOf(
      call(catalogOps.listDonations, { range: { start: 0, end: 10_000 } }),
    );
    expect(tooBig?.code).toBe('BAD_REQUEST');
    const choices = await call(
      catalogOps.productChoices,
      { range: { start: 0, end: 9 }, filter: { q: product.name } },
      volunteer,
    );
    expect(choices.items).toEqual([expect.objectContaining({ id: product.id, sizes: ['5', '6'] })]);
    expect(JSON.stringify(choices.items)).not.toContain('stock');
  });
  it('lets an admin rename a source and change its kind; donations show the source as it is now', async () => {
    const typed = await call(
      catalogOps.createDonationSource,
      { name: `St Anne ${randomUUID().slice(0, 4)}`, kind: 'other', contact: 'office@st-anne' },
      volunteer,
    );
    const donation = await call(catalogOps.recordDonation, {
      sourceId: typed.id,
      receivedOn: '2025-12-02',
      lines: [{ productId: product.id, size: '5', quantity: 1 }],
    });
    const refused = await failureOf(
      call(
        catalogOps.updateDonationSource,
        { id: typed.id, name: typed.name, kind: 'school' },
        volunteer,
      ),
    );
    expect(refused?.code).toBe('FORBIDDEN');

    const updated = await call(catalogOps.updateDonationSource, {
      id: typed.id,
      name: `${typed.name} Parish`,
      kind: 'school',
    });
    // The contact is kept when not sent.
    expect(updated).toEqual({ ...typed, name: `${typed.name} Parish`, kind: 'school' });
    const read = await call(catalogOps.getDonation, { id: donation.id });
    expect(read).toMatchObject({ sourceName: `${typed.name} Parish`, sourceKind: 'school' });

    const clash = await failureOf(
      call(catalogOps.updateDonationSource, {
        id: typed.id,
        name: 'MAPLE pta drive',
        kind: 'drive',
      }),
    );
    expect(clash).toMatchObject({
      code: 'CONFLICT',
      message: 'A donation source named "MAPLE pta drive" already exists',
    });
    const unknown = await failureOf(
      call(catalogOps.updateDonationSource, {
        id: randomUUID(),
        name: 'Nobody',
        kind: 'other',
      }),
    );
    expect(unknown?.code).toBe('NOT_FOUND');
    const blank = await failureOf(
      call(catalogOps.updateDonationSource, { id: typed.id, name: '  ', kind: 'other' }),
    );
    expect(blank?.code).toBe('BAD_REQUEST');
  });
});

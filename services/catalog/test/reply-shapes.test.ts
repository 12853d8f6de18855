/**
 * Every catalog reply is exactly what `catalogOps` declares: parsing a raw reply with the
 * operation's output schema changes nothing. A field the schema lacks would be stripped from what
 * callers get (the gateway parses every reply), a field of another type would be refused. Each
 * operation is called with records that fill its optional parts (images, reviews, `next`, short
 * lines, differences, movements since a count started).
 */
import { randomUUID } from 'node:crypto';
import { catalogOps, type Actor, type InputOf, type Operation, type OutputOf } from '@lr/contracts';
import { callWithRequestId, TestEnv } from '@lr/testing';
import { admin, createProduct, sizeId, startCatalog } from './support/catalog-env.js';

const user = TestEnv.actor('user', 'Maple School');
const range = { start: 0, end: 9 };

describe('catalog replies', () => {
  let env: TestEnv;
  const checked = new Set<string>();

  /** Calls `op` past the client's check; the raw reply must survive its output schema unchanged. */
  async function exact<Op extends Operation>(
    op: Op,
    input: InputOf<Op>,
    actor: Actor | null = admin,
  ): Promise<OutputOf<Op>> {
    const reply = await callWithRequestId(env, op.subject, input, {
      actor,
      requestId: randomUUID(),
    });
    if (!reply.ok) throw new Error(`${op.subject} refused: ${JSON.stringify(reply.error)}`);
    expect(op.output.parse(reply.data)).toStrictEqual(reply.data);
    checked.add(op.subject);
    return reply.data as OutputOf<Op>;
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());

  it('answers products, stock and reviews as declared', async () => {
    const shoes = await exact(catalogOps.createProduct, {
      name: `Shape Boots ${randomUUID().slice(0, 6)}`,
      category: 'Footwear',
      SubCategory: "Boy's sizing",
      images: [{ url: '/media/products/a.web.webp', originalUrl: '/media/products/a.png' }],
      ProductSize: [
        { size: '5', stock: 2 },
        { size: '6', stock: 0 },
      ],
    });
    await createProduct(env, { name: `Shape Clogs ${randomUUID().slice(0, 6)}` });
    await exact(catalogOps.health, undefined);
    await exact(catalogOps.updateProduct, {
      id: shoes.id,
      lowStockThreshold: 5,
      sizeLowStock: [{ size: '5', threshold: 3 }],
    });
    const review = await exact(
      catalogOps.upsertReview,
      { productId: shoes.id, rating: 4.5, comment: 'Warm' },
      user,
    );
    const product = await exact(catalogOps.getProduct, { id: shoes.id }, null);
    expect(product.reviews).toHaveLength(1);
    expect(product.images).toHaveLength(1);
    await exact(catalogOps.getProducts, { ids: [shoes.id] });
    expect(
      (await exact(catalogOps.listProducts, { keyword: 'Shape' }, null)).products,
    ).toHaveLength(2);
    expect((await exact(catalogOps.listGroupedProducts, {}, null)).groups.length).toBeGreaterThan(
      0,
    );
    const page = await exact(catalogOps.consoleListProducts, { range: { start: 0, end: 0 } });
    expect(page.next).toEqual(expect.any(String));
    expect((await exact(catalogOps.listMovements, { range })).items.length).toBeGreaterThan(0);
    const availability = await exact(catalogOps.availability, undefined);
    expect(availability.lowStock.length).toBeGreaterThan(0);
    expect(availability.outOfStock.length).toBeGreaterThan(0);
    const check = await exact(catalogOps.inventoryCheck, {
      lines: [{ productId: shoes.id, size: '5', quantity: 9 }],
    });
    expect(check.shortLines).toHaveLength(1);
    expect((await exact(catalogOps.listReviews, { range })).items).toHaveLength(1);
    await exact(catalogOps.deleteReview, { id: review.id });
  });

  it('answers donations and stock counts as declared', async () => {
    const shirt = await createProduct(env, {
      name: `Shape Shirt ${randomUUID().slice(0, 6)}`,
      category: 'Clothing',
      SubCategory: "Men's sizing",
      ProductSize: [{ size: 'M', stock: 4 }],
    });
    const source = await exact(catalogOps.createDonationSource, {
      name: `Shape drive ${randomUUID().slice(0, 6)}`,
      kind: 'drive',
      contact: 'pta@maple.example',
    });
    await exact(catalogOps.updateDonationSource, {
      id: source.id,
      name: source.name,
      kind: 'school',
    });
    await exact(catalogOps.getDonationSource, { id: source.id });
    expect((await exact(catalogOps.listDonationSources, { range })).items.length).toBeGreaterThan(
      0,
    );
    expect((await exact(catalogOps.productChoices, { range })).items.length).toBeGreaterThan(0);

    const count = await exact(catalogOps.startStockCount, { scope: 'Clothing', note: 'Spring' });
    const lines = [{ productId: shirt.id, size: 'M', quantity: 2 }];
    const donation = await exact(catalogOps.recordDonation, { sourceId: source.id, lines });
    const corrected = await exact(catalogOps.correctDonation, {
      id: donation.id,
      sourceId: source.id,
      receivedOn: donation.receivedOn,
      version: donation.version,
      lines: [{ ...lines[0]!, quantity: 3 }],
    });
    await exact(catalogOps.getDonation, { id: corrected.id });
    expect((await exact(catalogOps.listDonations, { range })).items.length).toBeGreaterThan(0);

    await exact(catalogOps.enterStockCounts, {
      id: count.id,
      lines: [{ sizeId: sizeId(shirt, 'M'), counted: 9 }],
    });
    await exact(catalogOps.getStockCount, { id: count.id });
    expect((await exact(catalogOps.listStockCounts, { range })).items.length).toBeGreaterThan(0);
    const review = await exact(catalogOps.reviewStockCount, { id: count.id });
    expect(review.differences.length).toBeGreaterThan(0);
    expect(review.movementsSinceStart.length).toBeGreaterThan(0);
    await exact(catalogOps.finaliseStockCount, { id: count.id });
    const sheet = await exact(catalogOps.listStockCountLines, { id: count.id, range });
    expect(sheet.items.some((line) => line.difference !== null)).toBe(true);

    await exact(catalogOps.deleteDonation, { id: donation.id });
    await exact(catalogOps.deleteProduct, { id: shirt.id });
  });

  it('has checked every catalog operation', () => {
    const declared = Object.values(catalogOps).map((op) => op.subject);
    expect([...checked].sort()).toEqual(declared.sort());
  });
});

/**
 * Donation and stock-count console routes through the real gateway, auth and catalog: the
 * ra-data-simple-rest dialect (Content-Range, getOne, create, update, delete), the CSV export, the
 * count's line entry, review and finalise, roles per route and clear 4xx answers.
 */
import { startCatalog } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('gateway donations and stock counts', () => {
  let h: AuthHarness;
  let admin: string;
  let volunteer: string;
  let user: string;
  let product: Json;

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: unknown,
  ) =>
    h.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    [admin, volunteer, user] = await Promise.all([
      h.loginAs('admin'),
      h.loginAs('volunteer'),
      h.loginAs('TEST USER'),
    ]);
    const created = await request('POST', '/api/console/products', admin, {
      name: 'Winter Coat',
      category: 'Clothing',
      SubCategory: "Girl's sizing",
      ProductSize: [
        { size: 'S', stock: 1 },
        { size: 'M', stock: 0 },
      ],
    });
    expect(created.statusCode).toBe(201);
    product = created.json();
  });
  afterAll(() => h.close());

  it('records, lists, exports, corrects and deletes donations with the roles of each route', async () => {
    const source = await request('POST', '/api/console/donation-sources', volunteer, {
      name: 'Cedar Hill "Coat" Drive',
      kind: 'drive',
    });
    expect(source.statusCode).toBe(201);
    const sourceId = source.json().id;

    const choices = await request(
      'GET',
      `/api/console/donation-products?filter=${encodeURIComponent('{"q":"winter"}')}`,
      volunteer,
    );
    expect(choices.json()).toEqual([
      expect.objectContaining({ id: product.id, sizes: ['S', 'M'] }),
    ]);

    const body = {
      receivedOn: '2026-03-02',
      sourceId,
      note: '=SUM(A1)',
      lines: [
        { productId: product.id, size: 'S', quantity: 2 },
        { productId: product.id, size: 'M', quantity: 5 },
        { productId: product.id, size: 'L', quantity: 1, newSize: true },
      ],
    };
    const recorded = await request('POST', '/api/console/donations', volunteer, body);
    expect(recorded.statusCode).toBe(201);
    const donation = recorded.json();
    expect(donation).toMatchObject({ items: 8, sourceKind: 'drive', version: 1 });

    const list = await request(
      'GET',
      `/api/console/donations?range=[0,9]&filter=${encodeURIComponent(
        JSON.stringify({ from: '2026-03-01', to: '2026-03-31', sourceId }),
      )}`,
      volunteer,
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('donations 0-0/1');
    const outside = await request(
      'GET',
      `/api/console/donations?filter=${encodeURIComponent('{"from":"2026-04-01"}')}`,
      admin,
    );
    expect(outside.headers['content-range']).toBe('donations 0-0/0');

    const csv = await request('GET', '/api/console/donations.csv', volunteer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe(
      `${donation.id},2026-03-02,"Cedar Hill ""Coat"" Drive",drive,Winter Coat,Clothing,S,2,'=SUM(A1),Test volunteer`.replace(
        'Test volunteer',
        donation.recordedBy,
      ),
    );

    const one = await request('GET', `/api/console/donations/${donation.id}`, volunteer);
    expect(one.json().lines.map((l: Json) => [l.size, l.quantity])).toEqual([
      ['S', 2],
      ['M', 5],
      ['L', 1],
    ]);

    // Volunteers record but do not correct or delete.
    const corrected = { ...one.json(), lines: one.json().lines.slice(0, 2) };
    expect(
      (await request('PUT', `/api/console/donations/${donation.id}`, volunteer, corrected))
        .statusCode,
    ).toBe(403);
    expect(
      (await request('DELETE', `/api/console/donations/${donation.id}`, volunteer)).statusCode,
    ).toBe(403);
    expect((await request('GET', '/api/console/donations', user)).statusCode).toBe(403);

    const put = await request('PUT', `/api/console/donations/${donation.id}`, admin, corrected);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ items: 7, version: 2 });

    const stock = await request('GET', `/api/console/products/${product.id}`, admin);
    expect(stock.json().ProductSize.map((s: Json) => [s.size, s.stock])).toEqual([
      ['S', 3],
      ['M', 5],
      ['L', 0],
    ]);

    const deleted = await request('DELETE', `/api/console/donations/${donation.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect((await request('GET', `/api/console/donations/${donation.id}`, admin)).statusCode).toBe(
      404,
    );
  });

  it('lets only admins rename a source or change its kind, and refuses a name taken', async () => {
    const created = await request('POST', '/api/console/donation-sources', volunteer, {
      name: 'Harbour Rotary',
      kind: 'other',
    });
    expect(created.statusCode).toBe(201);
    const source = created.json();
    const taken = await request('POST', '/api/console/donation-sources', admin, {
      name: 'Elm Street Church',
      kind: 'other',
    });
    expect(taken.statusCode).toBe(201);

    for (const cookie of [volunteer, user]) {
      const refused = await request('PUT', `/api/console/donation-sources/${source.id}`, cookie, {
        name: 'Harbour Rotary Club',
        kind: 'business',
      });
      expect(refused.statusCode).toBe(403);
    }
    // react-admin sends the whole record back; id and createdAt in the body are ignored.
    const updated = await request('PUT', `/api/console/donation-sources/${source.id}`, admin, {
      ...source,
      name: 'Harbour Rotary Club',
      kind: 'business',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      ...source,
      name: 'Harbour Rotary Club',
      kind: 'business',
    });
    const read = await request('GET', `/api/console/donation-sources/${source.id}`, volunteer);
    expect(read.json()).toMatchObject({ name: 'Harbour Rotary Club', kind: 'business' });

    const clash = await request('PUT', `/api/console/donation-sources/${source.id}`, admin, {
      name: 'ELM STREET church',
      kind: 'business',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      success: false,
      message: 'A donation source named "ELM STREET church" already exists',
    });
    const badKind = await request('PUT', `/api/console/donation-sources/${source.id}`, admin, {
      name: 'Harbour Rotary Club',
      kind: 'pirates',
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/^kind/);
    const missing = await request(
      'PUT',
      '/api/console/donation-sources/00000000-0000-4000-8000-000000000000',
      admin,
      { name: 'Nobody', kind: 'other' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('answers bad donations with a 400 naming the field', async () => {
    const bad = await request('POST', '/api/console/donations', admin, {
      sourceId: 'nope',
      lines: [{ productId: product.id, size: 'S', quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^lines\.0\.quantity/),
    });
    const notObject = await request('POST', '/api/console/donations', admin, [1, 2]);
    expect(notObject.statusCode).toBe(400);
  });

  it('runs a count: start, blind sheet, entry, review, finalise, then read-only', async () => {
    const started = await request('POST', '/api/console/stock-counts', volunteer, {
      scope: 'Clothing',
    });
    expect(started.statusCode).toBe(201);
    const count = started.json();
    const sheet = await request('GET', `/api/console/stock-counts/${count.id}/lines`, volunteer);
    expect(sheet.headers['content-range']).toMatch(/^stock-count-lines 0-\d+\/\d+$/);
    const lines: Json[] = sheet.json();
    const s = lines.find((l) => l.productId === product.id && l.size === 'S')!;
    expect(s.books).toBeNull();

    const entered = await request('PUT', `/api/console/stock-counts/${count.id}/lines`, volunteer, {
      lines: [{ sizeId: s.sizeId, counted: 4 }],
    });
    expect(entered.statusCode).toBe(200);
    expect(entered.json().countedSizes).toBe(1);

    expect(
      (await request('GET', `/api/console/stock-counts/${count.id}/review`, volunteer)).statusCode,
    ).toBe(403);
    const review = await request('GET', `/api/console/stock-counts/${count.id}/review`, admin);
    expect(review.json().differences).toEqual([
      expect.objectContaining({ size: 'S', books: 1, counted: 4, difference: 3 }),
    ]);
    expect(
      (await request('POST', `/api/console/stock-counts/${count.id}/finalise`, volunteer, {}))
        .statusCode,
    ).toBe(403);
    const finalised = await request(
      'POST',
      `/api/console/stock-counts/${count.id}/finalise`,
      admin,
      {
        confirmedBooks: [{ sizeId: s.sizeId, books: 1 }],
      },
    );
    expect(finalised.statusCode).toBe(201);
    expect(finalised.json().count).toMatchObject({ status: 'finalised', netAdjustment: 3 });
    const movements = await request(
      'GET',
      `/api/console/movements?filter=${encodeURIComponent(JSON.stringify({ productId: product.id, reason: 'audit' }))}`,
      admin,
    );
    expect(movements.json()).toEqual([
      expect.objectContaining({ size: 'S', delta: 3, countId: count.id }),
    ]);
    const again = await request('PUT', `/api/console/stock-counts/${count.id}/lines`, admin, {
      lines: [{ sizeId: s.sizeId, counted: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('read-only');

    const list = await request('GET', '/api/console/stock-counts', volunteer);
    expect(list.headers['content-range']).toBe('stock-counts 0-0/1');
    const noScope = await request('POST', '/api/console/stock-counts', admin, {});
    expect(noScope.statusCode).toBe(400);
  });
});

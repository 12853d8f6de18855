/**
 * The old client's home page asks `GET /api/v1/products?keyword=&page=1` and shows only that page:
 * without a page size the list answers every visible product there (read from catalog page by page
 * and streamed), while a request naming `resultPerPage` (as the store's do) keeps paging.
 */
import { PAGE_SIZE_MAX } from '@lr/contracts';
import { startCatalog } from './service-starters.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const VISIBLE = PAGE_SIZE_MAX + 7;
const HIDDEN = 3;

describe('the legacy product list without a page size', () => {
  let h: AuthHarness;
  let admin: string;

  const get = async (url: string, cookie?: string) => {
    const response = await h.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return response.json() as Json;
  };

  beforeAll(async () => {
    h = await startAuthHarness();
    await startCatalog(h);
    admin = await h.loginAs('admin');
    const bodies = Array.from({ length: VISIBLE + HIDDEN }, (_, i) => ({
      name: `Legacy Sock ${String(i).padStart(3, '0')}`,
      category: 'Clothing',
      SubCategory: 'Unisex adult sizing',
      ProductSize: [{ size: 'M', stock: 1 }],
      isShow: i < VISIBLE,
    }));
    // A few at a time: enough to be quick, few enough not to crowd the machine.
    for (let i = 0; i < bodies.length; i += 8) {
      const created = await Promise.all(
        bodies.slice(i, i + 8).map((payload) =>
          h.inject({
            method: 'POST',
            url: '/api/console/products',
            headers: { cookie: admin },
            payload,
          }),
        ),
      );
      for (const response of created) expect(response.statusCode).toBe(201);
    }
  }, 180_000);
  afterAll(() => h.close());

  it('answers every visible product on page 1, in name order, more than one catalog page', async () => {
    const body = await get('/api/v1/products?keyword=&page=1');
    const names = (body.products as Json[]).map((product) => product.name as string);
    const ours = names.filter((name) => name.startsWith('Legacy Sock'));
    expect(ours).toHaveLength(VISIBLE);
    expect(new Set(names).size).toBe(names.length);
    expect(ours).toEqual([...ours].sort());
    expect(body).toMatchObject({
      success: true,
      resultPerPage: names.length,
      filteredProductsCount: names.length,
      productsCount: names.length,
    });
    expect((body.products as Json[]).every((product) => product.isShow)).toBe(true);
  });

  it('keeps filters and shows admins the hidden products too', async () => {
    const filtered = await get('/api/v1/products?keyword=Legacy%20Sock&page=1');
    expect(filtered.products).toHaveLength(VISIBLE);
    const forAdmin = await get('/api/v1/products?keyword=Legacy%20Sock', admin);
    expect(forAdmin.products).toHaveLength(VISIBLE + HIDDEN);
  });

  it('leaves later pages empty, every product being on the first', async () => {
    const body = await get('/api/v1/products?keyword=Legacy%20Sock&page=2');
    expect(body).toMatchObject({
      products: [],
      filteredProductsCount: VISIBLE,
      resultPerPage: VISIBLE,
    });
  });

  it('pages when the request names its page size, as the store does', async () => {
    const second = await get('/api/v1/products?keyword=Legacy%20Sock&page=2&resultPerPage=12');
    expect(second).toMatchObject({ resultPerPage: 12, filteredProductsCount: VISIBLE });
    expect((second.products as Json[]).map((product) => product.name)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Legacy Sock ${String(12 + i).padStart(3, '0')}`),
    );
    const grouped = await get('/api/v1/products/grouped?keyword=Legacy&page=1&resultPerPage=12');
    expect(grouped).toMatchObject({ resultPerPage: 12 });
    expect(grouped.groups).toHaveLength(12);
  });

  it('refuses a page size over the catalog maximum', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/products?resultPerPage=${PAGE_SIZE_MAX + 1}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

/**
 * Each order mails the address the school wrote in it: the orders service limits the orders one
 * school places in an hour, and the gateway answers past it with 429 and Retry-After. The count is
 * kept by the orders service (in its database), so every gateway replica sees the same one.
 */
import { randomUUID } from 'node:crypto';
import { startFullStack, type FullStack } from '../support/full-stack.js';

const LIMIT = 2;

describe('orders per school per hour', () => {
  let stack: FullStack;
  let school: string;
  let other: string;
  let line: { product: string; ProductSize: string; quantity: number };

  beforeAll(async () => {
    stack = await startFullStack({ ORDERS_PER_SCHOOL_PER_HOUR: String(LIMIT) });
    school = await stack.login('maplegrove');
    other = await stack.login('TEST USER');
    const products = await stack.request({
      method: 'GET',
      url: '/api/v1/products',
      cookie: school,
    });
    const product = (
      JSON.parse(products.body) as {
        products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
      }
    ).products.find((p) => p.ProductSize.some((s) => s.stock >= 5))!;
    line = {
      product: product._id,
      ProductSize: product.ProductSize.find((s) => s.stock >= 5)!.size,
      quantity: 1,
    };
  }, 120_000);
  afterAll(() => stack.close());

  const placeAs = (cookie: string) =>
    stack.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'A_12_NA', Email: 'anyone@example.org' },
        orderItems: [line],
      },
    });

  it('answers 429 with Retry-After past the limit, for that school only', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect([200, 201]).toContain((await placeAs(school)).statusCode);
    const refused = await placeAs(school);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect([200, 201]).toContain((await placeAs(other)).statusCode);
  });
});

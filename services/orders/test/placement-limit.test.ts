/**
 * The hourly limit on the orders one school places (each order mails the address the school wrote):
 * past ORDERS_PER_SCHOOL_PER_HOUR a 429 with the seconds to wait, counted in the database so calls
 * arriving together (at any replica) never pass it; other schools are not affected; a repeated
 * submit still finds its order and counts once; and the mail says who caused it and why.
 */
import { randomUUID } from 'node:crypto';
import type { Actor, AppError, CatalogProduct } from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
} from '@lr/testing/services';

const LIMIT = 3;

describe('orders per school per hour', () => {
  let env: TestEnv;
  let admin: Actor;
  let product: CatalogProduct;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      ORDERS_PER_SCHOOL_PER_HOUR: String(LIMIT),
    }));
    product = await createProduct(env, admin, 'Limit Socks', { M: 1000 });
  });
  afterAll(() => env.close());

  const line = () => [{ productId: product.id, size: 'M', quantity: 1 }];

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return (await promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error,
    )) as AppError;
  }

  it('refuses the order past the limit with 429 and the seconds until the hour turns', async () => {
    const school = await registerAccount(env, admin, 'Limit Primary');
    for (let i = 0; i < LIMIT; i += 1) await place(env, school, line());
    const refused = await refusal(place(env, school, line()));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toContain(`at most ${LIMIT} requests an hour`);
    const wait = (refused.details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);

    const other = await registerAccount(env, admin, 'Unlimited Neighbour Primary');
    await expect(place(env, other, line())).resolves.toMatchObject({ status: 'Processing' });
  });

  it('lets no more than the limit through when the orders arrive together', async () => {
    const school = await registerAccount(env, admin, 'Burst Primary');
    const results = await Promise.allSettled(
      Array.from({ length: LIMIT * 3 }, () => place(env, school, line())),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(placed).toHaveLength(LIMIT);
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
  });

  it('answers a repeated submit past the limit with the order it placed', async () => {
    const school = await registerAccount(env, admin, 'Repeat Primary');
    const key = randomUUID();
    const first = await place(env, school, line(), { idempotencyKey: key });
    for (let i = 1; i < LIMIT; i += 1) await place(env, school, line());
    const again = await place(env, school, line(), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it('counts a repeated submit of an order placed once as one request, not two', async () => {
    const school = await registerAccount(env, admin, 'Double Click Primary');
    const key = randomUUID();
    const first = await place(env, school, line(), { idempotencyKey: key });
    const again = await place(env, school, line(), { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    // The rest of the hour's requests are still there.
    for (let i = 1; i < LIMIT; i += 1)
      await expect(place(env, school, line())).resolves.toMatchObject({ status: 'Processing' });
    expect((await refusal(place(env, school, line()))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('says in the mail which school caused it and why this address received it', async () => {
    const school = await registerAccount(env, admin, 'Sender Named Academy');
    const order = await place(env, school, line());
    const mail = await waitFor(async () =>
      (await mailsIn(env.dataDir)).find((text) => text.includes(order.orderNumber)),
    );
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' ');
    expect(unfolded).toContain('Sent by the Locker Room charity shop');
    expect(unfolded).toContain('"Sender Named Academy" placed request');
    expect(unfolded).toContain('named this address as its contact');
  });
});

/**
 * Emails: the school hears when its order is Ready for Pickup (with its pickup time) and Delivered,
 * not on other moves; the charity gets one daily summary of new orders from the configured hour of
 * its own time zone (not the server's), sent by one replica only; a broken mail server never fails
 * an order.
 */
import { ordersOps, type Actor, type CatalogProduct } from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import { DailySummaryService } from '../src/notifications/daily-summary.service.js';
import { dayIn, instantOf } from '../src/pickups/charity-time.js';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';

/** Five hours behind UTC in May: the charity's 17:00 is the server's 21:00 or 22:00. */
const ZONE = 'America/New_York';
const at = (day: string, time: string) => instantOf(ZONE, day, time);

describe('order notifications', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let schoolA: Actor;
  let admin: Actor;

  function mails(): Promise<string[]> {
    return mailsIn(env.dataDir);
  }

  async function mailsAbout(orderNumber: string): Promise<string[]> {
    return (await mails()).filter((m) => m.includes(orderNumber));
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      CHARITY_EMAIL: 'charity@example.org',
      DAILY_SUMMARY_HOUR: '17',
      CHARITY_TIME_ZONE: ZONE,
    }));
    schoolA = await registerAccount(env, admin, 'Notify Primary');
    product = await createProduct(env, admin, 'Wellies', { '5': 100 }, { category: 'Footwear' });
  });
  afterAll(() => env.close());

  it('mails the school on Ready for Pickup with its pickup time, and on Delivered', async () => {
    const order = await place(env, schoolA, [{ productId: product.id, size: '5', quantity: 1 }]);
    await waitFor(async () => (await mailsAbout(order.orderNumber)).length === 1);
    await update(env, admin, order.id, 'Printed');
    await update(env, admin, order.id, 'Ready for Pickup');
    const ready = await waitFor(async () =>
      (await mailsAbout(order.orderNumber)).find((m) => m.includes('ready for pickup')),
    );
    expect(ready).toContain('To: teacher@school.example');
    // The seeded weekly slots give it the next open time.
    expect(ready).toMatch(/Pickup time: (Tuesday|Thursday), /);
    // Ready for Pickup may only go back to Processing: deliver another order.
    const other = await place(env, schoolA, [{ productId: product.id, size: '5', quantity: 2 }]);
    await update(env, admin, other.id, 'Printed');
    await update(env, admin, other.id, 'Delivered');
    const deliveredMail = await waitFor(async () =>
      (await mailsAbout(other.orderNumber)).find((m) => m.includes('has been delivered')),
    );
    expect(deliveredMail).toContain('Wellies');
    // Placed and Ready for Pickup for the first; placed and Delivered for the other; Printed sent nothing.
    expect(await mailsAbout(order.orderNumber)).toHaveLength(2);
    expect(await mailsAbout(other.orderNumber)).toHaveLength(2);
  });

  it('sends the daily summary once a day, from the configured hour of the charity, to the configured address', async () => {
    const summary = env.apps.get('orders')!.get(DailySummaryService, { strict: false });
    expect(await summary.sendIfDue(at('2031-05-06', '09:00'))).toBe(false);
    // 17:30 in UTC is 13:30 in New York: not yet the charity's summary hour.
    expect(await summary.sendIfDue(new Date('2031-05-06T17:30:00Z'))).toBe(false);
    const evening = at('2031-05-06', '17:30');
    // Two replicas checking at once: one sends.
    const results = await Promise.all([summary.sendIfDue(evening), summary.sendIfDue(evening)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // 23:30 in New York is already the next day in UTC: still the charity's 6 May, sent.
    expect(await summary.sendIfDue(at('2031-05-06', '23:30'))).toBe(false);
    const sent = (await mails()).filter((m) => m.includes('To: charity@example.org'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/0 new orders on 2031-05-06/);
    expect(await summary.sendIfDue(at('2031-05-07', '18:00'))).toBe(true);
  });

  it('counts the orders of the last 24 hours in the summary', async () => {
    const summary = env.apps.get('orders')!.get(DailySummaryService, { strict: false });
    const { items: before } = await env.rpc.call(ordersOps.listAll, {}, { actor: admin });
    // At or after today's summary hour, so the summary is due; the orders above are minutes old.
    const todayAtHour = at(dayIn(ZONE, new Date()), '17:30');
    const now = new Date(Math.max(Date.now() + 1000, todayAtHour.getTime()));
    await env.pool.query('DELETE FROM orders.daily_summaries');
    expect(await summary.sendIfDue(now)).toBe(true);
    const text = (await mails()).filter((m) => m.includes('To: charity@example.org')).at(-1);
    expect(text).toContain(`${before.length} new`);
  });
});

describe('with a mail server that is down', () => {
  let env: TestEnv;
  let admin: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    // Nothing listens on port 9 (discard): every send of orders fails.
    ({ admin } = await startOrdersWithServices(env, { SMTP_URL: 'smtp://127.0.0.1:9' }));
  });
  afterAll(() => env.close());

  it('still places and processes orders', async () => {
    const schoolB = await registerAccount(env, admin, 'Offline Academy');
    const product = await createProduct(env, admin, 'Beanie', { 'One size': 10 });
    const order = await place(env, schoolB, [
      { productId: product.id, size: 'One size', quantity: 1 },
    ]);
    expect(order.status).toBe('Processing');
    await update(env, admin, order.id, 'Printed');
    await expect(update(env, admin, order.id, 'Ready for Pickup')).resolves.toMatchObject({
      status: 'Ready for Pickup',
    });
  });
});

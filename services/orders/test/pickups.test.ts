/**
 * Pickup times against PostgreSQL and NATS: the next open slot skips closed dates and full slots,
 * a slot date takes no more than its capacity, an order sent back to Processing frees its place,
 * the day-before reminder goes once per order (even with two replicas asking at once), and a
 * change of time mails the school.
 */
import {
  ordersOps,
  pickupsOps,
  settingsOps,
  type Actor,
  type CatalogProduct,
  type OrderSnapshot,
  type PickupSlot,
} from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { addDays, dayIn, instantOf, isoWeekday } from '../src/pickups/charity-time.js';
import { PickupReminders } from '../src/pickups/pickup-reminders.js';

const ZONE = 'America/Los_Angeles';

describe('pickup times', () => {
  let env: TestEnv;
  let admin: Actor;
  let school: Actor;
  let product: CatalogProduct;
  let slot: PickupSlot;
  /** A date of the test's slot, two days ahead (so never today, whatever the hour). */
  let first: string;

  const mailsAbout = async (orderNumber: string) =>
    (await mailsIn(env.dataDir)).filter((m) => m.includes(orderNumber));

  async function readyOrder(pickup?: unknown): Promise<OrderSnapshot> {
    const order = await place(env, school, [{ productId: product.id, size: 'M', quantity: 1 }]);
    return env.rpc.call(
      ordersOps.update,
      { id: order.id, status: 'Ready for Pickup', ...(pickup ? { pickup } : {}) } as never,
      { actor: admin },
    );
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      CHARITY_TIME_ZONE: ZONE,
      PICKUP_REMINDERS_ENABLED: 'false',
    }));
    school = await registerAccount(env, admin, 'Slot Primary');
    product = await createProduct(env, admin, 'Fleece', { M: 100 });
    // Replace the seeded times by one slot with one place, on the weekday two days ahead.
    const seeded = await env.rpc.call(pickupsOps.listPickupSlots, undefined, { actor: admin });
    expect(seeded.map((s) => [s.weekday, s.start, s.end])).toEqual([
      [2, '14:00', '16:00'],
      [4, '08:00', '09:30'],
    ]);
    for (const s of seeded)
      await env.rpc.call(pickupsOps.deletePickupSlot, { id: s.id }, { actor: admin });
    first = addDays(dayIn(ZONE, new Date()), 2);
    slot = await env.rpc.call(
      pickupsOps.createPickupSlot,
      { weekday: isoWeekday(first), start: '14:00', end: '16:00', capacity: 1 },
      { actor: admin },
    );
  });
  afterAll(() => env.close());

  it('offers the next open date, skipping closed dates', async () => {
    await env.rpc.call(settingsOps.updateSettings, { closedDates: [first] }, { actor: admin });
    const closed = await env.rpc.call(pickupsOps.pickupTimes, undefined, { actor: school });
    expect(closed.timeZone).toBe(ZONE);
    expect(closed.openings[0]).toMatchObject({ slotId: slot.id, date: addDays(first, 7), free: 1 });
    await env.rpc.call(settingsOps.updateSettings, { closedDates: [] }, { actor: admin });
    const open = await env.rpc.call(pickupsOps.pickupTimes, undefined, { actor: school });
    expect(open.openings[0]).toEqual({
      slotId: slot.id,
      date: first,
      start: instantOf(ZONE, first, '14:00').toISOString(),
      end: instantOf(ZONE, first, '16:00').toISOString(),
      free: 1,
    });
  });

  it('gives the next open slot at Ready for Pickup, and refuses a full one', async () => {
    const a = await readyOrder();
    expect(a.pickup).toEqual({
      kind: 'slot',
      slotId: slot.id,
      date: first,
      start: instantOf(ZONE, first, '14:00').toISOString(),
      end: instantOf(ZONE, first, '16:00').toISOString(),
      timeZone: ZONE,
    });
    // The one place of `first` is taken: the next open date is a week later.
    const times = await env.rpc.call(pickupsOps.pickupTimes, undefined, { actor: admin });
    expect(times.openings[0]!.date).toBe(addDays(first, 7));
    await expect(readyOrder({ kind: 'slot', slotId: slot.id, date: first })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/full/),
    });
    const b = await readyOrder();
    expect(b.pickup).toMatchObject({ date: addDays(first, 7) });
    // Back to Processing: the order gives its place up.
    const back = await update(env, admin, a.id, 'Processing');
    expect(back.pickup).toBeUndefined();
    const again = await env.rpc.call(pickupsOps.pickupTimes, undefined, { actor: admin });
    expect(again.openings[0]!.date).toBe(first);
    // Read back through the school's own view.
    const mine = await env.rpc.call(ordersOps.get, { id: b.id }, { actor: school });
    expect(mine.pickup).toMatchObject({ kind: 'slot', date: addDays(first, 7) });
  });

  it('gives each of several orders made ready at once a place of its own, refusing none', async () => {
    // They read the same openings before any booked: whoever finds a place taken moves on.
    const ready = await Promise.all([readyOrder(), readyOrder(), readyOrder()]);
    const dates = ready.map((order) => order.pickup?.date);
    expect(dates.every((date) => typeof date === 'string')).toBe(true);
    expect(new Set(dates).size).toBe(3);
    const { rows } = await env.pool.query(
      `SELECT pickup->>'date' AS date, count(*)::int AS n FROM orders.orders
        WHERE pickup->>'slotId' = $1 GROUP BY 1 HAVING count(*) > 1`,
      [slot.id],
    );
    expect(rows).toEqual([]);
    for (const order of ready) await update(env, admin, order.id, 'Processing');
  });

  it('checks a chosen time: a slot on the wrong weekday, a closed date, the past', async () => {
    await expect(
      readyOrder({ kind: 'slot', slotId: slot.id, date: addDays(first, 1) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^pickup\.date/),
    });
    await env.rpc.call(
      settingsOps.updateSettings,
      { closedDates: [addDays(first, 3)] },
      { actor: admin },
    );
    await expect(readyOrder({ kind: 'delivery', date: addDays(first, 3) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/closed/),
    });
    await expect(readyOrder({ kind: 'delivery', date: addDays(first, -5) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const delivered = await readyOrder({ kind: 'delivery', date: addDays(first, 4) });
    expect(delivered.pickup).toEqual({ kind: 'delivery', date: addDays(first, 4) });
    await env.rpc.call(settingsOps.updateSettings, { closedDates: [] }, { actor: admin });
  });

  it('sends the day-before reminder once per order, across replicas', async () => {
    const order = await readyOrder({ kind: 'delivery', date: addDays(first, 20) });
    const reminders = env.apps.get('orders')!.get(PickupReminders, { strict: false });
    const dayBefore = instantOf(ZONE, addDays(first, 19), '12:00');
    const early = instantOf(ZONE, addDays(first, 18), '12:00');
    expect(await reminders.sendDue(early)).toBe(0);
    // Two replicas' timers at the same moment: the order is claimed by one of them.
    const claimed = await Promise.all([reminders.sendDue(dayBefore), reminders.sendDue(dayBefore)]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminders.sendDue(dayBefore)).toBe(0);
    const reminder = await waitFor(async () =>
      (await mailsAbout(order.orderNumber)).find((m) => m.includes('Reminder:')),
    );
    expect(reminder).toContain('To: teacher@school.example');
    expect(reminder).not.toContain('S-1001');
    expect(
      (await mailsAbout(order.orderNumber)).filter((m) => m.includes('Reminder:')),
    ).toHaveLength(1);
  });

  it('mails the school when its time changes, and reminds it again for the new date', async () => {
    const order = await readyOrder({ kind: 'delivery', date: addDays(first, 22) });
    const reminders = env.apps.get('orders')!.get(PickupReminders, { strict: false });
    expect(await reminders.sendDue(instantOf(ZONE, addDays(first, 21), '09:00'))).toBe(1);
    const changed = await env.rpc.call(
      pickupsOps.setPickup,
      { orderId: order.id, pickup: { kind: 'slot', slotId: slot.id, date: addDays(first, 28) } },
      { actor: admin },
    );
    expect(changed).toMatchObject({ kind: 'slot', date: addDays(first, 28) });
    const mail = await waitFor(async () =>
      (await mailsAbout(order.orderNumber)).find((m) => m.includes('New pickup time')),
    );
    expect(mail).toContain('Pickup time:');
    // The same time again changes nothing and mails nothing.
    await env.rpc.call(
      pickupsOps.setPickup,
      { orderId: order.id, pickup: { kind: 'slot', slotId: slot.id, date: addDays(first, 28) } },
      { actor: admin },
    );
    expect(await reminders.sendDue(instantOf(ZONE, addDays(first, 27), '09:00'))).toBe(1);
    const mails = await mailsAbout(order.orderNumber);
    expect(mails.filter((m) => m.includes('New pickup time'))).toHaveLength(1);
    // A school may not change times; an order not Ready for Pickup has none to change.
    await expect(
      env.rpc.call(
        pickupsOps.setPickup,
        { orderId: order.id, pickup: { kind: 'delivery', date: addDays(first, 9) } },
        { actor: school },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const processing = await place(env, school, [
      { productId: product.id, size: 'M', quantity: 1 },
    ]);
    await expect(
      env.rpc.call(
        pickupsOps.setPickup,
        { orderId: processing.id, pickup: { kind: 'delivery', date: addDays(first, 9) } },
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it("lists the coming days' pickups for the dashboard", async () => {
    const { today, pickups: list } = await env.rpc.call(
      pickupsOps.upcomingPickups,
      { days: 31 },
      { actor: admin },
    );
    expect(today).toBe(dayIn(ZONE, new Date()));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.userName === 'Slot Primary')).toBe(true);
    expect(JSON.stringify(list)).not.toContain('S-1001');
    const dates = list.map((p) => p.pickup.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('keeps slots to admins and checks their fields', async () => {
    await expect(
      env.rpc.call(pickupsOps.listPickupSlots, undefined, { actor: school }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      env.rpc.call(
        pickupsOps.createPickupSlot,
        { weekday: 2, start: '16:00', end: '14:00', capacity: 5 },
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/end/) });
    await expect(
      env.rpc.call(
        pickupsOps.createPickupSlot,
        { weekday: 8, start: '10:00', end: '11:00', capacity: 5 },
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/weekday/) });
  });
});

/**
 * Calendar feeds and notices against PostgreSQL and NATS: a school's feed holds its own orders'
 * times (stable UIDs, no student details), the charity's holds everyone's, a reset ends the old
 * URL; notices are active by date in the charity's time zone and dismissed per user.
 */
import { ordersOps, noticesOps, pickupsOps, type Actor, type OrderSnapshot } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  startOrdersWithServices,
} from '@lr/testing/services';
import { addDays, dayIn } from '../src/pickups/charity-time.js';

const ZONE = 'Europe/London';

describe('calendar feeds and notices', () => {
  let env: TestEnv;
  let admin: Actor;
  let schoolA: Actor;
  let schoolB: Actor;
  let orderA: OrderSnapshot;
  let orderB: OrderSnapshot;

  const feedOf = (token: string) =>
    env.rpc.call(pickupsOps.calendarFeedText, { token }, { actor: null }).then((f) => f.ics);

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      CHARITY_TIME_ZONE: ZONE,
      PICKUP_REMINDERS_ENABLED: 'false',
    }));
    schoolA = await registerAccount(env, admin, 'Feed; Primary, North');
    schoolB = await registerAccount(env, admin, 'Other Academy');
    const product = await createProduct(env, admin, 'Rain coat', { L: 50 });
    const ready = async (school: Actor) => {
      const placed = await place(env, school, [{ productId: product.id, size: 'L', quantity: 2 }]);
      return env.rpc.call(
        ordersOps.update,
        { id: placed.id, status: 'Ready for Pickup' },
        { actor: admin },
      );
    };
    orderA = await ready(schoolA);
    orderB = await ready(schoolB);
  });
  afterAll(() => env.close());

  it("gives a school a feed of its own orders' times, without student details", async () => {
    expect(orderA.pickup?.kind).toBe('slot');
    const { token } = await env.rpc.call(
      pickupsOps.calendarFeed,
      { owner: 'school' },
      { actor: schoolA },
    );
    // Asked again: the same secret.
    expect(
      (await env.rpc.call(pickupsOps.calendarFeed, { owner: 'school' }, { actor: schoolA })).token,
    ).toBe(token);
    const ics = await feedOf(token);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain(`UID:${orderA.id}@pickups.lockerroom`);
    expect(ics).not.toContain(orderB.id);
    const start = new Date(orderA.pickup!.kind === 'slot' ? orderA.pickup!.start : 0);
    expect(ics).toContain(
      `DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`,
    );
    expect(ics).toContain(`X-WR-TIMEZONE:${ZONE}`);
    // The school's name is escaped; the student's and teacher's details are not there.
    expect(ics).toContain('Feed\\; Primary\\, North');
    expect(ics).toContain('Rain coat\\, size L: 2');
    for (const personal of ['S-1001', 'Ms Teacher', 'teacher@school.example', '555-0100']) {
      expect(ics).not.toContain(personal);
    }
    // Stable: the same order keeps its UID in a later read.
    expect(await feedOf(token)).toContain(`UID:${orderA.id}@pickups.lockerroom`);
  });

  it('ends the old URL when the secret is reset', async () => {
    const { token: old } = await env.rpc.call(
      pickupsOps.calendarFeed,
      { owner: 'school' },
      { actor: schoolA },
    );
    const { token: fresh } = await env.rpc.call(
      pickupsOps.resetCalendarFeed,
      { owner: 'school' },
      { actor: schoolA },
    );
    expect(fresh).not.toBe(old);
    await expect(feedOf(old)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await feedOf(fresh)).toContain(orderA.id);
  });

  it("gives admins the charity's feed with every order, and nobody else", async () => {
    const { token } = await env.rpc.call(
      pickupsOps.calendarFeed,
      { owner: 'charity' },
      { actor: admin },
    );
    const ics = await feedOf(token);
    expect(ics).toContain(orderA.id);
    expect(ics).toContain(orderB.id);
    expect(ics).toContain('Other Academy');
    await expect(
      env.rpc.call(pickupsOps.calendarFeed, { owner: 'charity' }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      env.rpc.call(pickupsOps.calendarFeed, { owner: 'school' }, { actor: admin }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(feedOf('x'.repeat(43))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows notices whose dates include today, until each user dismisses them', async () => {
    const today = dayIn(ZONE, new Date());
    const notice = (
      text: string,
      startDate: string,
      endDate: string,
      level: 'info' | 'warning' = 'info',
    ) =>
      env.rpc.call(noticesOps.createNotice, { text, startDate, endDate, level }, { actor: admin });
    const current = await notice('Closed on Friday', today, addDays(today, 3), 'warning');
    const lastDay = await notice('Last day for winter coats', addDays(today, -4), today);
    await notice('Past', addDays(today, -5), addDays(today, -1));
    await notice('Future', addDays(today, 1), addDays(today, 9));
    const active = (who: Actor) =>
      env.rpc
        .call(noticesOps.activeNotices, undefined, { actor: who })
        .then((n) => n.map((x) => x.text));
    expect(await active(schoolA)).toEqual(['Closed on Friday', 'Last day for winter coats']);
    await env.rpc.call(noticesOps.dismissNotice, { id: current.id }, { actor: schoolA });
    // Dismissing twice is harmless.
    await env.rpc.call(noticesOps.dismissNotice, { id: current.id }, { actor: schoolA });
    expect(await active(schoolA)).toEqual(['Last day for winter coats']);
    expect(await active(schoolB)).toEqual(['Closed on Friday', 'Last day for winter coats']);
    // Its end date moved into the past: gone for everyone.
    await env.rpc.call(
      noticesOps.updateNotice,
      {
        id: lastDay.id,
        notice: {
          text: lastDay.text,
          startDate: lastDay.startDate,
          endDate: addDays(today, -1),
          level: 'info',
        },
      },
      { actor: admin },
    );
    expect(await active(schoolB)).toEqual(['Closed on Friday']);
    expect((await env.rpc.call(noticesOps.listNotices, undefined, { actor: admin })).length).toBe(
      4,
    );
  });

  it('keeps notices to admins and checks their fields', async () => {
    await expect(
      env.rpc.call(noticesOps.listNotices, undefined, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      env.rpc.call(
        noticesOps.createNotice,
        { text: 'x', startDate: '2026-05-02', endDate: '2026-05-01', level: 'info' },
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/endDate/) });
    await expect(
      env.rpc.call(
        noticesOps.createNotice,
        { text: ' ', startDate: '2026-05-01', endDate: '2026-05-01', level: 'urgent' } as never,
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      env.rpc.call(noticesOps.dismissNotice, { id: orderA.id }, { actor: schoolA }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

/**
 * The per-student limit against the real services: the settings record, counting one student's
 * requests per school year (school + normalised student id, also after the student's details were
 * erased, and in the school year the settings' start says, also after the start moved), warn (a
 * reason is required and kept with the order, never in its events) and block (refused), the
 * console's flags, and requests entered by staff for a school with every rule of the school's own.
 */
import {
  dayIn,
  instantOf,
  ordersOps,
  DEFAULT_SETTINGS,
  settingsOps,
  studentLimitOps,
  type Actor,
  type CatalogProduct,
  type UpdateSettingsInput,
} from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  shipping,
  startOrdersWithServices,
  update,
} from '@lr/testing/services';
import { PersonalDataRetention } from '../src/privacy/personal-data-retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/Los_Angeles';

/** The settings' school year start on the charity's day `at` falls on. */
function startingOn(at: Date): UpdateSettingsInput {
  const [, month, day] = dayIn(ZONE, at).split('-').map(Number);
  return { schoolYearStartMonth: month!, schoolYearStartDay: day! };
}

describe('per-student limit', () => {
  let env: TestEnv;
  let admin: Actor;
  let volunteer: Actor;
  let product: CatalogProduct;

  const line = () => [{ productId: product.id, size: 'M', quantity: 1 }];
  const settings = (change: UpdateSettingsInput) =>
    env.rpc.call(settingsOps.updateSettings, change, { actor: admin });
  const check = (school: Actor, studentId: string) =>
    env.rpc.call(studentLimitOps.checkStudent, { studentId }, { actor: school });
  const forStudent = (school: Actor, person: string, extra: Record<string, unknown> = {}) =>
    place(env, school, line(), {
      shippingInfo: shipping({ receivingPersonName: person }),
      ...extra,
    });
  const flagsOf = async (ids: string[]) =>
    new Map(
      (await env.rpc.call(studentLimitOps.orderFlags, { ids }, { actor: volunteer })).map((f) => [
        f.id,
        f.flags,
      ]),
    );

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      STUDENT_DATA_RETENTION_DAYS: '30',
      STUDENT_DATA_RETENTION_ENABLED: 'false',
      CHARITY_TIME_ZONE: ZONE,
    }));
    volunteer = await registerAccount(env, admin, 'Limit Volunteer', { role: 'volunteer' });
    product = await createProduct(env, admin, 'Limit Jumper', { M: 1000 });
  });
  afterAll(() => env.close());

  beforeEach(() =>
    settings({
      studentRequestLimit: 2,
      studentLimitMode: 'warn',
      schoolYearStartMonth: 8,
      schoolYearStartDay: 1,
    }),
  );

  describe('settings', () => {
    it('answers every field, keeps a change of some, and refuses a day past the month', async () => {
      const before = await env.rpc.call(settingsOps.getSettings, undefined, { actor: null });
      expect(Object.keys(before).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
      const changed = await settings({
        closedDates: ['2026-12-25', '2026-12-24', '2026-12-25'],
        mostNeededPublic: false,
      });
      expect(changed.closedDates).toEqual(['2026-12-24', '2026-12-25']);
      expect(changed.mostNeededPublic).toBe(false);
      expect(changed.studentRequestLimit).toBe(2);
      expect(changed.updatedAt).not.toBeNull();
      await expect(
        settings({ schoolYearStartMonth: 2, schoolYearStartDay: 30 }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('schoolYearStartDay'),
      });
    });

    it('lets only admins change them', async () => {
      const school = await registerAccount(env, admin, 'Settings Primary');
      for (const actor of [school, volunteer]) {
        await expect(
          env.rpc.call(settingsOps.updateSettings, { studentRequestLimit: 9 }, { actor }),
        ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
    });
  });

  describe('counting', () => {
    it('counts one student of one school under any spacing and case of the id', async () => {
      const school = await registerAccount(env, admin, 'Counting Primary');
      const other = await registerAccount(env, admin, 'Other Counting Primary');
      await forStudent(school, 'AB 123_11_Male');
      await forStudent(school, ' ab  123 _12_Male'.trim());
      await forStudent(other, 'AB 123_11_Male');
      const seen = await check(school, 'Ab 123');
      expect(seen).toMatchObject({ requests: 2, limit: 2, overLimit: true, reasonRequired: true });
      expect(seen.message).toContain('This student has received 2 requests this school year');
      expect((await check(school, 'AB123 ')).requests).toBe(0);
      expect((await check(other, 'ab 123')).requests).toBe(1);
      expect((await check(school, 'ZZ9')).requests).toBe(0);
    });

    it('no longer counts a deleted request', async () => {
      const school = await registerAccount(env, admin, 'Deleting Primary');
      const order = await forStudent(school, 'DEL1_10_NA');
      expect((await check(school, 'del1')).requests).toBe(1);
      await env.rpc.call(ordersOps.delete, { id: order.id }, { actor: school });
      expect((await check(school, 'del1')).requests).toBe(0);
    });

    it("still counts delivered requests after the student's details were erased", async () => {
      const school = await registerAccount(env, admin, 'Erasure Primary');
      const orders = [
        await forStudent(school, 'ERA5_9_Female'),
        await forStudent(school, 'ERA5_9_Female'),
      ];
      for (const order of orders) {
        await update(env, admin, order.id, 'Ready for Pickup');
        await update(env, admin, order.id, 'Delivered');
      }
      const retention = env.apps.get('orders')!.get(PersonalDataRetention, { strict: false });
      const run = await retention.run(new Date(Date.now() + 31 * DAY_MS));
      expect(run.erased).toBeGreaterThanOrEqual(2);
      const { rows } = await env.pool.query(
        `SELECT shipping_info->>'receivingPersonName' AS person FROM orders.orders WHERE id = ANY($1)`,
        [orders.map((o) => o.id)],
      );
      expect(rows.map((r) => r.person)).toEqual(['erased', 'erased']);
      expect((await check(school, 'era5')).requests).toBe(2);
    });

    it('counts from the start of the school year the settings give, also after it moved', async () => {
      const school = await registerAccount(env, admin, 'School Year Primary');
      const [earlier, kept] = [
        await forStudent(school, 'SY7_8_NA'),
        await forStudent(school, 'SY7_8_NA'),
      ];
      // The school year starts today: a request from yesterday is of the year before.
      const today = new Date();
      await settings(startingOn(today));
      await env.pool.query(`UPDATE orders.orders SET created_at = $2 WHERE id = $1`, [
        earlier.id,
        new Date(Date.now() - 2 * DAY_MS),
      ]);
      const sameYear = await check(school, 'sy7');
      expect(sameYear.requests).toBe(1);
      expect(sameYear.schoolYearStart).toBe(dayIn(ZONE, today));

      // Moved to start tomorrow: today is in the year that began almost a year ago, whose key is
      // not the one today's orders were fingerprinted with; both keys' orders count.
      await settings(startingOn(new Date(Date.now() + DAY_MS)));
      const newer = await forStudent(school, 'SY7_8_NA', { studentLimitReason: 'grew' });
      const years = await env.pool.query<{ fingerprint_year: number }>(
        `SELECT fingerprint_year FROM orders.orders WHERE id = ANY($1) ORDER BY created_at`,
        [[kept.id, newer.id]],
      );
      expect(years.rows[1]!.fingerprint_year).toBe(years.rows[0]!.fingerprint_year - 1);
      expect((await check(school, 'sy7')).requests).toBe(3);
    });

    it("starts the school year at midnight in the charity's time zone, not in UTC", async () => {
      const school = await registerAccount(env, admin, 'Pacific Time Primary');
      const today = new Date();
      await settings({ ...startingOn(today), studentRequestLimit: 1 });
      // Placed an hour before midnight in Los Angeles on the eve of the start: already the start
      // day in UTC (07:00 or 08:00 there), and still the year before for the charity.
      const eve = await forStudent(school, 'PT1_9_NA');
      const midnight = instantOf(ZONE, dayIn(ZONE, today), '00:00');
      await env.pool.query(`UPDATE orders.orders SET created_at = $2 WHERE id = $1`, [
        eve.id,
        new Date(midnight.getTime() - 3600_000),
      ]);
      const checked = await check(school, 'pt1');
      expect(checked).toMatchObject({ requests: 0, schoolYearStart: dayIn(ZONE, today) });
      // The console's flags count the same way: today's request is the student's first this year
      // (the eve's is still open, so it is a duplicate, but not past the limit of one).
      const next = await forStudent(school, 'PT1_9_NA');
      expect((await flagsOf([next.id])).get(next.id)).toEqual(['duplicate']);
    });
  });

  describe('warn and block', () => {
    it('warn: places past the limit, keeping the reason given with the order, not in its events', async () => {
      const school = await registerAccount(env, admin, 'Warn Primary');
      await forStudent(school, 'W1_10_NA');
      await forStudent(school, 'W1_10_NA');
      // The original client never asks: its request is placed, with no reason.
      const unexplained = await forStudent(school, 'W1_10_NA');
      expect(unexplained.shippingInfo.studentLimitReason).toBeUndefined();
      expect((await flagsOf([unexplained.id])).get(unexplained.id)).toContain('over-limit');
      const third = await forStudent(school, 'W1_10_NA', {
        studentLimitReason: 'Lost everything in a flood',
      });
      expect(third.shippingInfo.studentLimitReason).toBe('Lost everything in a flood');
      expect((await check(school, 'w1')).requests).toBe(4);
      const { rows } = await env.pool.query(
        `SELECT envelope::text AS e FROM orders.outbox WHERE envelope->'data'->'order'->>'id' = $1`,
        [third.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.e).not.toContain('flood');
      const read = await env.rpc.call(ordersOps.get, { id: third.id }, { actor: admin });
      expect(read.shippingInfo.studentLimitReason).toBe('Lost everything in a flood');
    });

    it('block: counts each student apart when several place at once, and a new student is free', async () => {
      await settings({ studentLimitMode: 'block' });
      const school = await registerAccount(env, admin, 'Busy Primary');
      const students = ['G1_10_NA', 'G2_11_NA', 'G3_12_NA'];
      // Placed together: their counts go out as one statement (and their inserts as one).
      const placed = await Promise.all(
        students.flatMap((person) => [forStudent(school, person), forStudent(school, person)]),
      );
      expect(placed).toHaveLength(6);
      for (const person of students) {
        await expect(forStudent(school, person)).rejects.toMatchObject({ code: 'CONFLICT' });
      }
      const counted = await Promise.all(['g1', 'g2', 'g3', 'g4'].map((id) => check(school, id)));
      expect(counted.map((c) => c.requests)).toEqual([2, 2, 2, 0]);
      await expect(forStudent(school, 'G4_10_NA')).resolves.toMatchObject({ status: 'Processing' });
    });

    it('under the limit keeps no reason', async () => {
      const school = await registerAccount(env, admin, 'Under Primary');
      const order = await forStudent(school, 'U1_10_NA', { studentLimitReason: 'not needed' });
      expect(order.shippingInfo.studentLimitReason).toBeUndefined();
    });

    it('block: refuses past the limit, with or without a reason', async () => {
      await settings({ studentLimitMode: 'block' });
      const school = await registerAccount(env, admin, 'Block Primary');
      await forStudent(school, 'B1_10_NA');
      await forStudent(school, 'B1_10_NA');
      const seen = await check(school, 'b1');
      expect(seen).toMatchObject({ blocked: true, reasonRequired: false });
      for (const extra of [{}, { studentLimitReason: 'please' }]) {
        await expect(forStudent(school, 'B1_10_NA', extra)).rejects.toMatchObject({
          code: 'CONFLICT',
          message: seen.message,
        });
      }
      await settings({ studentRequestLimit: 0 });
      await expect(forStudent(school, 'B1_10_NA')).resolves.toMatchObject({ status: 'Processing' });
    });
  });

  describe('flags', () => {
    it('flags orders past the limit and open requests of the same student at the school', async () => {
      const school = await registerAccount(env, admin, 'Flags Primary');
      const first = await forStudent(school, 'F1_10_NA');
      const second = await forStudent(school, 'f1_10_NA');
      const third = await forStudent(school, 'F1_11_NA', { studentLimitReason: 'needed' });
      const alone = await forStudent(school, 'F2_10_NA');
      let flags = await flagsOf([first.id, second.id, third.id, alone.id]);
      expect(flags.get(first.id)).toEqual(['duplicate']);
      expect(flags.get(third.id)).toEqual(['over-limit', 'duplicate']);
      expect(flags.get(alone.id)).toEqual([]);
      for (const order of [first, second]) {
        await update(env, admin, order.id, 'Ready for Pickup');
        await update(env, admin, order.id, 'Delivered');
      }
      flags = await flagsOf([first.id, third.id]);
      expect(flags.get(first.id)).toEqual([]);
      expect(flags.get(third.id)).toEqual(['over-limit']);
      const school2 = await registerAccount(env, admin, 'Flags Secondary');
      await expect(
        env.rpc.call(studentLimitOps.orderFlags, { ids: [first.id] }, { actor: school2 }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('requests entered by staff', () => {
    const enter = (actor: Actor, schoolId: string, extra: Record<string, unknown> = {}) =>
      env.rpc.call(
        studentLimitOps.placeForSchool,
        {
          schoolId,
          shippingInfo: shipping({
            receivingPersonName: 'PH1_9_Female',
            Email: 'phone.teacher@school.example',
          }),
          lines: line(),
          ...extra,
        },
        { actor },
      );

    it("places the school's order, records who entered it, and mails the teacher", async () => {
      const school = await registerAccount(env, admin, 'Phone Primary');
      const order = await enter(volunteer, school.id);
      expect(order).toMatchObject({
        userId: school.id,
        userName: 'Phone Primary',
        enteredBy: { id: volunteer.id, name: volunteer.name },
      });
      const mine = await env.rpc.call(ordersOps.listMine, {}, { actor: school });
      expect(mine.items.map((o) => o.id)).toContain(order.id);
      expect(mine.items.find((o) => o.id === order.id)?.enteredBy?.name).toBe(volunteer.name);
      const mail = await waitFor(async () =>
        (await mailsIn(env.dataDir)).find(
          (m) => m.includes(order.orderNumber) && m.includes('To: phone.teacher@school.example'),
        ),
      );
      expect(mail).toBeTruthy();
      const history = await env.rpc.call(ordersOps.history, { id: order.id }, { actor: admin });
      expect(history[0]?.by?.name).toBe(volunteer.name);
    });

    it("applies the school's rules: line cap, stock, the student's limit", async () => {
      const school = await registerAccount(env, admin, 'Rules Primary');
      await expect(
        enter(admin, school.id, { lines: [{ productId: product.id, size: 'M', quantity: 50 }] }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(
        enter(admin, school.id, { lines: [{ productId: product.id, size: 'XXL', quantity: 1 }] }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      await settings({ studentLimitMode: 'block', studentRequestLimit: 1 });
      await enter(admin, school.id);
      await expect(enter(volunteer, school.id)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('This student has received 1 request this school year'),
      });
    });

    it('takes only a school as the school, and only staff may enter', async () => {
      const school = await registerAccount(env, admin, 'Who Primary');
      await expect(enter(volunteer, volunteer.id)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('schoolId'),
      });
      await expect(enter(volunteer, '6f1c1a52-0000-4000-8000-000000000000')).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      await expect(enter(school, school.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });
});

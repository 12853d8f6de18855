/**
 * Who saw what, and need to know, against the real PostgreSQL and NATS with the real auth and
 * catalog: every read of student details by staff is one row of the access log (never a student's
 * details in it), volunteers get orders without the teacher's phone and e-mail and ask for them on
 * purpose (logged too), schools read their own orders unlogged, only admins read the log, the
 * retention job deletes by a clock the test moves, and the privacy terms come from configuration.
 */
import { randomUUID } from 'node:crypto';
import {
  ordersOps,
  type AccessContext,
  type Actor,
  type CatalogProduct,
  type OrderReadView,
} from '@lr/contracts';
import { callWithRequestId, TestEnv } from '@lr/testing';
import {
  createProduct,
  registerAccount,
  shipping,
  startOrdersWithServices,
} from '@lr/testing/services';
import { AccessLogPruner } from '../src/student-data/access-log.pruner.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const STUDENT = 'PRIV-4711_9_Female';
const TEACHER = 'Mrs Privacy Teacher';
const PHONE = '555-0199';
const EMAIL = 'privacy.teacher@school.example';
const COMMENT = 'Allergic to wool';

describe('student data access', () => {
  let env: TestEnv;
  let product: CatalogProduct;
  let admin: Actor;
  let volunteer: Actor;
  let school: Actor;
  let otherSchool: Actor;

  beforeAll(async () => {
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      STUDENT_DATA_RETENTION_DAYS: '14',
      ACCESS_LOG_RETENTION_DAYS: '90',
      PRIVACY_CONTACT_EMAIL: 'privacy@charity.example',
    }));
    volunteer = await registerAccount(env, admin, 'Volunteer Vera', { role: 'volunteer' });
    school = await registerAccount(env, admin, 'Privacy Primary');
    otherSchool = await registerAccount(env, admin, 'Other Oaks');
    product = await createProduct(env, admin, 'Fleece', { M: 1000 });
  });
  afterAll(() => env.close());

  function placeFor(actor: Actor, extra: Record<string, unknown> = {}) {
    return env.rpc.call(
      ordersOps.place,
      {
        shippingInfo: shipping({
          receivingPersonName: STUDENT,
          userLoggedInDesignation: TEACHER,
          phoneNo: PHONE,
          Email: EMAIL,
          additionalComments: COMMENT,
        }),
        lines: [{ productId: product.id, size: 'M', quantity: 1 }],
        ...extra,
      },
      { actor },
    );
  }

  function access(action: AccessContext['action'], clientAddress = '203.0.113.7'): AccessContext {
    return { accessId: randomUUID(), action, clientAddress };
  }

  async function logRows(): Promise<Record<string, unknown>[]> {
    const { rows } = await env.pool.query<Record<string, unknown>>(
      'SELECT * FROM orders.student_data_access ORDER BY id',
    );
    return rows;
  }

  async function rowsOf(accessId: string) {
    return (await logRows()).filter((row) => row.access_id === accessId);
  }

  it('records a staff read once per access id, with who, what, which orders and where from', async () => {
    const order = await placeFor(school);
    const read = access('order-detail');
    const first = await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: volunteer, access: read },
    );
    // The same request sent again (a resend) stays one read.
    await env.rpc.call(ordersOps.get, { id: order.id }, { actor: volunteer, access: read });
    expect(first.shippingInfo.receivingPersonName).toBe(STUDENT);

    const rows = await rowsOf(read.accessId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: volunteer.id,
      actor_login_id: volunteer.loginId,
      actor_role: 'volunteer',
      action: 'order-detail',
      order_ids: [order.id],
      order_numbers: [order.orderNumber],
      school_ids: [school.id],
      school_names: ['Privacy Primary'],
      client_address: '203.0.113.7',
    });
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('logs the answer to a status change once, a resend and a change of nothing included', async () => {
    const order = await placeFor(school);
    // The change logs the read it answers with in its own statement; its resend adds nothing.
    const requestId = randomUUID();
    const change = { id: order.id, status: 'Printed' as const };
    for (const attempt of [1, 2]) {
      const reply = await callWithRequestId<OrderReadView>(env, ordersOps.update.subject, change, {
        actor: volunteer,
        requestId,
      });
      if (!reply.ok) throw new Error(`attempt ${attempt}: ${reply.error.message}`);
      expect(reply.data.status).toBe('Printed');
      expect(reply.data.shippingInfo.phoneNo).toBe('');
    }
    expect(await rowsOf(requestId)).toEqual([
      expect.objectContaining({
        actor_id: volunteer.id,
        actor_role: 'volunteer',
        action: 'order-update',
        order_ids: [order.id],
        order_numbers: [order.orderNumber],
        school_ids: [school.id],
      }),
    ]);

    // A refused change shows nothing: nothing logged.
    const refused = access('order-update');
    await expect(
      env.rpc.call(ordersOps.update, change, { actor: admin, access: refused }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await rowsOf(refused.accessId)).toEqual([]);

    // A change back, then a change of nothing (its answer shows the order all the same).
    for (const read of [access('order-update'), access('order-update')]) {
      const shown = await env.rpc.call(
        ordersOps.update,
        { id: order.id, status: 'Processing' },
        { actor: admin, access: read },
      );
      expect(shown.shippingInfo.phoneNo).toBe(PHONE);
      expect(await rowsOf(read.accessId)).toEqual([
        expect.objectContaining({ actor_id: admin.id, action: 'order-update' }),
      ]);
    }
  });

  it('keeps no student details in the log, whatever was read', async () => {
    const order = await placeFor(school);
    await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: admin, access: access('order-detail') },
    );
    await env.rpc.call(
      ordersOps.contact,
      { id: order.id },
      { actor: volunteer, access: access('contact-details') },
    );
    await env.rpc.call(
      ordersOps.getMany,
      { ids: [order.id] },
      { actor: admin, access: access('pick-lists') },
    );
    const everything = JSON.stringify(await logRows());
    for (const personal of [STUDENT, 'PRIV-4711', TEACHER, PHONE, EMAIL, COMMENT]) {
      expect(everything).not.toContain(personal);
    }
  });

  it('shows a volunteer no phone or e-mail until asked for, and logs the asking', async () => {
    const order = await placeFor(school);
    const asVolunteer = await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: volunteer, access: access('order-detail') },
    );
    expect(asVolunteer.contactWithheld).toBe(true);
    expect(asVolunteer.shippingInfo).toMatchObject({
      receivingPersonName: STUDENT,
      userLoggedInDesignation: TEACHER,
      phoneNo: '',
      Email: '',
    });
    // Lists and pick lists leave them out too.
    const listed = await env.rpc.call(
      ordersOps.consoleList,
      { range: { start: 0, end: 99 }, filter: { id: [order.id] } },
      { actor: volunteer, access: access('order-list') },
    );
    expect(listed.items.map((o) => [o.shippingInfo.phoneNo, o.shippingInfo.Email])).toEqual([
      ['', ''],
    ]);

    const asking = access('contact-details', '198.51.100.4');
    const contact = await env.rpc.call(
      ordersOps.contact,
      { id: order.id },
      { actor: volunteer, access: asking },
    );
    expect(contact).toEqual({
      id: order.id,
      orderId: order.orderNumber,
      phoneNo: PHONE,
      Email: EMAIL,
    });
    expect(await rowsOf(asking.accessId)).toEqual([
      expect.objectContaining({
        action: 'contact-details',
        actor_id: volunteer.id,
        order_ids: [order.id],
        client_address: '198.51.100.4',
      }),
    ]);

    const asAdmin = await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: admin, access: access('order-detail') },
    );
    expect(asAdmin.contactWithheld).toBeUndefined();
    expect(asAdmin.shippingInfo).toMatchObject({ phoneNo: PHONE, Email: EMAIL });
  });

  it('lets a school read only its own orders, in full and unlogged; contact details are for staff', async () => {
    const order = await placeFor(school);
    const before = (await logRows()).length;
    const own = await env.rpc.call(ordersOps.get, { id: order.id }, { actor: school });
    expect(own.shippingInfo).toMatchObject({ phoneNo: PHONE, Email: EMAIL });
    expect(own.contactWithheld).toBeUndefined();
    await expect(
      env.rpc.call(ordersOps.get, { id: order.id }, { actor: otherSchool }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      env.rpc.call(ordersOps.contact, { id: order.id }, { actor: school }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      env.rpc.call(ordersOps.contact, { id: order.id }, { actor: null }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await logRows()).length).toBe(before);
  });

  it('makes every page of one walk a single read, and a count no read at all', async () => {
    const a = await placeFor(school);
    const b = await placeFor(otherSchool);
    const c = await placeFor(school);
    const walk = access('order-list');
    const page = (after?: string) =>
      env.rpc.call(ordersOps.listAll, { limit: 1, after }, { actor: admin, access: walk });
    const first = await page();
    const second = await page(first.next!);
    // A resend of the second page adds nothing new to the read.
    await page(first.next!);
    await page(second.next!);
    const [row, ...more] = await rowsOf(walk.accessId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'order-list' });

    // The console shows the walk as one read with the orders and schools of all its pages, and
    // finds it by an order of its last page (newest first: c, b, then a) and by b's school.
    const { items } = await env.rpc.call(
      ordersOps.accessLog,
      { range: { start: 0, end: 99 }, filter: { order: a.orderNumber } },
      { actor: admin },
    );
    const read = items.filter((entry) => entry.action === 'order-list');
    expect(read).toHaveLength(1);
    const newest = [a, b, c].map((o) => o.id);
    expect(read[0]!.orderIds.filter((id) => newest.includes(id)).sort()).toEqual(newest.sort());
    expect(new Set(read[0]!.orderIds).size).toBe(read[0]!.orderIds.length);
    expect(read[0]!.orderNumbers).toEqual(expect.arrayContaining([a.orderNumber, c.orderNumber]));
    expect([...read[0]!.schoolIds].sort()).toEqual([school.id, otherSchool.id].sort());
    expect(read[0]).toMatchObject({ orderCount: 3, schoolCount: 2 });
    // All its order numbers, each once in the order shown, a page at a time; past the end, none.
    const names = (of: 'orderNumbers' | 'schoolNames', start: number, limit: number) =>
      env.rpc.call(
        ordersOps.accessLogNames,
        { id: read[0]!.id, of, start, limit },
        { actor: admin },
      );
    const shownOrder = [c, b, a].map((o) => o.orderNumber);
    expect(await names('orderNumbers', 0, 2)).toEqual({ names: shownOrder.slice(0, 2), total: 3 });
    expect(await names('orderNumbers', 2, 2)).toEqual({ names: shownOrder.slice(2), total: 3 });
    expect(await names('orderNumbers', 3, 2)).toEqual({ names: [], total: 3 });
    expect((await names('schoolNames', 0, 10)).names.sort()).toEqual(
      ['Other Oaks', 'Privacy Primary'].sort(),
    );
    await expect(
      env.rpc.call(
        ordersOps.accessLogNames,
        { id: read[0]!.id, of: 'orderNumbers', start: 0, limit: 10 },
        { actor: volunteer },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await env.rpc.call(
        ordersOps.accessLogNames,
        { id: '999999999', of: 'orderNumbers', start: 0, limit: 10 },
        { actor: admin },
      ),
    ).toEqual({ names: [], total: 0 });
    await expect(
      env.rpc.call(
        ordersOps.accessLogNames,
        { id: '1e300', of: 'orderNumbers', start: 0, limit: 10 },
        { actor: admin },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const byOtherSchool = await env.rpc.call(
      ordersOps.accessLog,
      { range: { start: 0, end: 99 }, filter: { schoolId: otherSchool.id, action: 'order-list' } },
      { actor: admin },
    );
    expect(byOtherSchool.items.map((entry) => entry.id)).toContain(read[0]!.id);
    // Its later pages are kept with it and go with it (retention deletes the read's row).
    const pagesOfWalk = () =>
      env.pool.query('SELECT 1 FROM orders.student_data_access_pages WHERE access_id = $1', [
        walk.accessId,
      ]);
    expect((await pagesOfWalk()).rowCount).toBe(3);
    await env.pool.query('DELETE FROM orders.student_data_access WHERE access_id = $1', [
      walk.accessId,
    ]);
    expect((await pagesOfWalk()).rowCount).toBe(0);

    const count = access('count');
    const counted = await env.rpc.call(
      ordersOps.consoleList,
      { range: { start: 0, end: 0 }, filter: { status: 'Processing' } },
      { actor: volunteer, access: count },
    );
    expect(counted.items).toEqual([]);
    expect(counted.total).toBeGreaterThan(0);
    expect(await rowsOf(count.accessId)).toEqual([]);
  });

  it('records whether the school agreed to share the details, and shows it to staff on one order', async () => {
    const asked = await placeFor(school, { sharingConsent: true });
    const notAsked = await placeFor(school);
    const read = (id: string) =>
      env.rpc.call(ordersOps.get, { id }, { actor: admin, access: access('order-detail') });
    const given = await read(asked.id);
    expect(given.sharingConsent).toBe('given');
    expect(Date.parse(given.sharingConsentAt!)).toBe(Date.parse(asked.createdAt));
    expect(await read(notAsked.id)).toMatchObject({
      sharingConsent: 'not-asked',
      sharingConsentAt: null,
    });
    await expect(placeFor(school, { sharingConsent: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('lets only admins read the log, filtered by person, order, school, action and date', async () => {
    const order = await placeFor(otherSchool);
    await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: volunteer, access: access('order-detail') },
    );
    await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: admin, access: access('order-detail') },
    );
    const list = (filter: Record<string, unknown>, actor: Actor = admin) =>
      env.rpc.call(ordersOps.accessLog, { range: { start: 0, end: 99 }, filter }, { actor });

    await expect(list({}, volunteer)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(list({}, school)).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const byOrder = await list({ order: order.orderNumber });
    expect(byOrder.items.map((e) => e.actorId).sort()).toEqual([admin.id, volunteer.id].sort());
    expect(byOrder.total).toBe(2);
    // The number without its prefix, and the id, find the same rows.
    expect((await list({ order: String(Number(order.orderNumber.slice(3))) })).total).toBe(2);
    expect((await list({ order: order.id })).total).toBe(2);

    const byPerson = await list({ actorId: volunteer.id, order: order.id });
    expect(byPerson.items).toEqual([
      expect.objectContaining({ actorLoginId: volunteer.loginId, action: 'order-detail' }),
    ]);
    expect(
      (await list({ person: volunteer.loginId.slice(0, 6) })).items.every(
        (e) => e.actorId === volunteer.id,
      ),
    ).toBe(true);

    const bySchool = await list({ schoolId: otherSchool.id });
    expect(bySchool.items.length).toBeGreaterThan(0);
    expect(bySchool.items.every((e) => e.schoolIds.includes(otherSchool.id))).toBe(true);

    expect(
      (await list({ action: 'contact-details' })).items.every(
        (e) => e.action === 'contact-details',
      ),
    ).toBe(true);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect((await list({ from: tomorrow })).total).toBe(0);
    expect((await list({ to: '2000-01-01' })).total).toBe(0);
    expect((await list({ order: 'no such order' })).total).toBe(0);
  });

  it('deletes log rows past ACCESS_LOG_RETENTION_DAYS by the clock it is given', async () => {
    const order = await placeFor(school);
    await env.rpc.call(
      ordersOps.get,
      { id: order.id },
      { actor: admin, access: access('order-detail') },
    );
    const pruner = env.apps.get('orders')!.get(AccessLogPruner);
    const rowsNow = (await logRows()).length;
    expect(rowsNow).toBeGreaterThan(0);

    // Configured 90 days: on day 89 everything stays, on day 91 everything written today goes.
    expect(await pruner.prune(new Date(Date.now() + 89 * DAY_MS))).toBe(0);
    expect((await logRows()).length).toBe(rowsNow);
    expect(await pruner.prune(new Date(Date.now() + 91 * DAY_MS))).toBe(rowsNow);
    expect(await logRows()).toEqual([]);
    // A second run finds nothing left to do.
    expect(await pruner.prune(new Date(Date.now() + 91 * DAY_MS))).toBe(0);
  });

  it('refuses a malformed access context instead of logging it', async () => {
    const order = await placeFor(school);
    await expect(
      env.rpc.call(
        ordersOps.get,
        { id: order.id },
        {
          actor: admin,
          access: { accessId: 'not-a-uuid', action: 'order-detail', clientAddress: null },
        },
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers the privacy terms from configuration, to anyone', async () => {
    await expect(env.rpc.call(ordersOps.privacyTerms, {}, { actor: null })).resolves.toEqual({
      studentDataRetentionDays: 14,
      accessLogRetentionDays: 90,
      contactEmail: 'privacy@charity.example',
    });
  });
});

/**
 * Erasure and export on request (admins only): one order, or every order of one school's student
 * (the student id compared trimmed and in any case); an export of one student or one school with
 * the details held; and a restore of a backup made before an erasure does not bring the student
 * back (the erasure log is carried over and re-applied).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ordersOps, ERASED_MARKER, type Actor, type OrderSnapshot } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  createProduct,
  loginAs,
  place,
  registerAccount,
  shipping,
  startAuthService,
  startCatalogService,
  startOrdersService,
  startOrdersWithServices,
} from '@lr/testing/services';
import { PersonalDataRetention } from '../src/privacy/personal-data-retention.js';
import { runBackup, runRestoreReplacing } from './support/personal-data-search.js';

const ORDERS_CONFIG = { STUDENT_DATA_RETENTION_ENABLED: 'false' };

describe('privacy requests', () => {
  let env: TestEnv;
  let admin: Actor;
  let abbey: Actor;
  let brook: Actor;
  let folder: string;
  let archive: string;
  const orders: Record<'a1' | 'a2' | 'a3' | 'b1', OrderSnapshot> = {} as never;

  const erase = (input: unknown, actor: Actor = admin) =>
    env.rpc.call(ordersOps.privacyErase, input as never, { actor });
  const exportOf = (input: unknown, actor: Actor = admin) =>
    env.rpc.call(ordersOps.privacyExport, input as never, { actor });
  const get = (order: OrderSnapshot) =>
    env.rpc.call(ordersOps.get, { id: order.id }, { actor: admin });

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'lr-privacy-requests-'));
    archive = path.join(folder, 'before-erasure.tar.gz');
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, ORDERS_CONFIG));
    abbey = await registerAccount(env, admin, 'Abbey Primary');
    brook = await registerAccount(env, admin, 'Brook High');
    const product = await createProduct(env, admin, 'Scarf', { M: 50 });
    const line = [{ productId: product.id, size: 'M', quantity: 1 }];
    const forStudent = (student: string) => ({
      shippingInfo: shipping({ receivingPersonName: `${student}_10_Male` }),
    });
    orders.a1 = await place(env, abbey, line, forStudent('AB-77'));
    orders.a2 = await place(env, abbey, line, forStudent('ab-77'));
    orders.a3 = await place(env, abbey, line, forStudent('AB-78'));
    orders.b1 = await place(env, brook, line, forStudent('AB-77'));
  }, 120_000);

  afterAll(async () => {
    await env.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is for admins only', async () => {
    const volunteer = await loginAs(env, 'volunteer');
    for (const actor of [volunteer, abbey]) {
      await expect(erase({ orderId: orders.a1.id }, actor)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(exportOf({ school: abbey.id }, actor)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    await expect(erase({ school: abbey.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("exports one student's orders, or a whole school's, with the details held", async () => {
    const student = await exportOf({ school: abbey.id, studentId: ' AB-77 ' });
    expect(student.school).toEqual({ id: abbey.id, name: 'Abbey Primary' });
    expect(student.orders.map((o) => o.id).sort()).toEqual([orders.a1.id, orders.a2.id].sort());
    expect(student.orders[0]!.shippingInfo.Email).toBe('teacher@school.example');
    expect(student.orders[0]!.personalDataErasedAt).toBeNull();
    const school = await exportOf({ school: abbey.id });
    expect(school.orders).toHaveLength(3);
    await expect(exportOf({ school: admin.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("erases every order of one school's student now, and nothing else", async () => {
    await runBackup(env, archive);
    const result = await erase({ school: abbey.id, studentId: 'Ab-77' });
    expect(result.erasedOrderIds.sort()).toEqual([orders.a1.id, orders.a2.id].sort());
    for (const order of [orders.a1, orders.a2]) {
      const erased = await get(order);
      expect(erased.shippingInfo).toMatchObject({
        receivingPersonName: ERASED_MARKER,
        Email: '',
        phoneNo: '',
        userLoggedInDesignation: '',
        additionalComments: '',
        userName: 'Abbey Primary',
      });
      expect(erased.lines).toEqual(order.lines);
    }
    // Another student of the school, and the same id at another school, are someone else.
    expect((await get(orders.a3)).shippingInfo.receivingPersonName).toBe('AB-78_10_Male');
    expect((await get(orders.b1)).shippingInfo.receivingPersonName).toBe('AB-77_10_Male');
    // The student's export holds nothing now.
    expect((await exportOf({ school: abbey.id, studentId: 'AB-77' })).orders).toEqual([]);
  });

  it('records every erase and export in the access log, without the student', async () => {
    const rows = await env.pool.query<{
      action: string;
      actor_login_id: string;
      order_ids: string[];
      scope: string | null;
    }>(
      `SELECT action, actor_login_id, order_ids, scope FROM orders.student_data_access
        WHERE action IN ('erase', 'export') ORDER BY id`,
    );
    const byAction = (action: string) => rows.rows.filter((row) => row.action === action);
    // The two exports above that found orders, and the erasure of the student's two orders.
    expect(byAction('export').map((row) => row.order_ids.length)).toEqual(
      expect.arrayContaining([2, 3]),
    );
    expect(byAction('export').every((row) => row.scope === `school ${abbey.id}`)).toBe(true);
    const [erasure] = byAction('erase');
    expect(erasure?.order_ids.sort()).toEqual([orders.a1.id, orders.a2.id].sort());
    expect(rows.rows.every((row) => row.actor_login_id === admin.loginId)).toBe(true);
    expect(JSON.stringify(rows.rows)).not.toMatch(/AB-77|teacher@school/i);
  });

  it('erases one order, once', async () => {
    expect((await erase({ orderId: orders.a3.id })).erasedOrderIds).toEqual([orders.a3.id]);
    expect((await erase({ orderId: orders.a3.id })).erasedOrderIds).toEqual([]);
    await expect(erase({ orderId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps erased students erased through a restore of a backup made before', async () => {
    for (const service of ['orders', 'catalog', 'auth'] as const) await env.stopService(service);
    await runRestoreReplacing(env, archive);
    const restored = await env.pool.query<{ id: string; person: string }>(
      `SELECT id, shipping_info->>'receivingPersonName' AS person FROM orders.orders`,
    );
    // The backup holds the details again ...
    expect(restored.rows.find((r) => r.id === orders.a1.id)?.person).toBe('AB-77_10_Male');
    await startAuthService(env);
    await startCatalogService(env);
    await startOrdersService(env, ORDERS_CONFIG);
    const retention = env.apps.get('orders')!.get(PersonalDataRetention, { strict: false });
    // ... until orders' next retention run re-applies the erasures made after it.
    expect((await retention.run()).reapplied).toBe(3);
    for (const order of [orders.a1, orders.a2, orders.a3]) {
      expect((await get(order)).shippingInfo.receivingPersonName).toBe(ERASED_MARKER);
    }
    expect((await get(orders.b1)).shippingInfo.receivingPersonName).toBe('AB-77_10_Male');
  }, 120_000);
});

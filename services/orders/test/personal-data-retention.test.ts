/**
 * Retention with a controllable clock: orders are placed, delivered (one deleted, one left
 * undelivered), then the retention job runs as of a moment past STUDENT_DATA_RETENTION_DAYS. No
 * student id, teacher name, phone, e-mail or comment of the finished orders is left in the orders
 * or reporting databases, in the ORDERS stream read raw, in the mail kept, or in a backup taken
 * afterwards; the erased orders answer with the erased marker; the report's figures, live and
 * rebuilt from the stream, are what they were.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ordersOps,
  reportingOps,
  schoolYearStartOf,
  ERASED_MARKER,
  type Actor,
  type CatalogProduct,
  type OrderSnapshot,
} from '@lr/contracts';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import {
  createProduct,
  place,
  registerAccount,
  reportingCaughtUp,
  shipping,
  startOrdersWithServices,
  startReportingService,
  update,
} from '@lr/testing/services';
import { PersonalDataRetention } from '../src/privacy/personal-data-retention.js';
import { backupText, runBackup, schemaText, streamText } from './support/personal-data-search.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ZONE = 'America/Los_Angeles';

/** What the finished orders were placed with; none of it may survive retention. */
const FINISHED = {
  studentId: 'PRIVSTU4471',
  teacher: 'Ms Quillfeather',
  phone: '555-0199-4471',
  email: 'quillfeather@privacy-school.example',
  comment: 'wool-allergy-note-4471',
};
/** The undelivered order's details, which retention must leave alone. */
const OPEN = { studentId: 'OPENSTU8812', email: 'open.teacher@privacy-school.example' };

function finishedShipping(age: number) {
  return shipping({
    receivingPersonName: `${FINISHED.studentId}_${age}_Female`,
    userLoggedInDesignation: FINISHED.teacher,
    phoneNo: FINISHED.phone,
    Email: FINISHED.email,
    additionalComments: FINISHED.comment,
  });
}

/** Fails naming the place and the line (a table, for a schema) where a value was found. */
function expectNoneOf(text: string, where: string): void {
  for (const value of Object.values(FINISHED)) {
    const line = text.split('\n').find((l) => l.includes(value));
    expect({ where, found: line ? `${value} in ${line.slice(0, 60)}` : null }).toEqual({
      where,
      found: null,
    });
  }
}

describe('personal data retention', () => {
  let env: TestEnv;
  let admin: Actor;
  let school: Actor;
  let product: CatalogProduct;
  let folder: string;
  const finished: OrderSnapshot[] = [];
  let open: OrderSnapshot;

  const report = () => env.rpc.call(reportingOps.report, {}, { actor: admin });
  const retention = () => env.apps.get('orders')!.get(PersonalDataRetention, { strict: false });

  async function settled(): Promise<void> {
    await waitFor(
      async () =>
        (await env.pool.query('SELECT 1 FROM orders.outbox WHERE sent_at IS NULL')).rowCount === 0,
      { message: 'the orders outbox to drain' },
    );
    await reportingCaughtUp(env);
  }

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'lr-retention-'));
    env = await TestEnv.create();
    ({ admin } = await startOrdersWithServices(env, {
      STUDENT_DATA_RETENTION_DAYS: '30',
      STUDENT_DATA_RETENTION_ENABLED: 'false',
      CHARITY_TIME_ZONE: ZONE,
    }));
    await startReportingService(env);
    school = await registerAccount(env, admin, 'Retention Primary');
    product = await createProduct(env, admin, 'Raincoat', { M: 100 });
    const line = [{ productId: product.id, size: 'M', quantity: 1 }];
    // The same student twice (a birthday in between), then an order deleted at once.
    for (const age of [11, 12, 12]) {
      finished.push(await place(env, school, line, { shippingInfo: finishedShipping(age) }));
    }
    for (const order of finished.slice(0, 2)) {
      await update(env, admin, order.id, 'Ready for Pickup');
      await update(env, admin, order.id, 'Delivered');
    }
    await env.rpc.call(ordersOps.delete, { id: finished[2]!.id }, { actor: admin });
    open = await place(env, school, line, {
      shippingInfo: shipping({
        receivingPersonName: `${OPEN.studentId}_9_Male`,
        Email: OPEN.email,
      }),
    });
    await waitFor(async () => (await mailsIn(env.dataDir)).length >= 7, {
      message: 'the order mails filed',
    });
    await settled();
  }, 120_000);

  afterAll(async () => {
    await env.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps everything within the retention period', async () => {
    const result = await retention().run(new Date(Date.now() + 29 * DAY_MS));
    expect(result.erased).toBe(0);
    expect(await schemaText(env, 'orders')).toContain(FINISHED.studentId);
  });

  it('leaves no personal data of finished orders anywhere once retention has passed', async () => {
    const before = await report();
    expect(before.studentsHelped).toBe(2);

    const result = await retention().run(new Date(Date.now() + 31 * DAY_MS));
    expect(result.erased).toBe(2);
    expect(result.mailsPruned).toBeGreaterThanOrEqual(6);
    // Idempotent: a second run finds nothing more to do.
    expect((await retention().run(new Date(Date.now() + 31 * DAY_MS))).erased).toBe(0);
    await settled();

    const orders = await schemaText(env, 'orders');
    expectNoneOf(orders, 'orders database');
    // The undelivered order keeps its details: retention counts from delivery.
    expect(orders).toContain(OPEN.studentId);
    expectNoneOf(await schemaText(env, 'reporting'), 'reporting database');
    const stream = await streamText(env.nc, env.namespace, 'ORDERS');
    expect(stream.events).toBeGreaterThanOrEqual(9);
    expectNoneOf(stream.text, 'ORDERS stream');
    // Events never held the open order's details either.
    expect(stream.text).not.toContain(OPEN.studentId);
    const mbox = await readFile(path.join(env.dataDir, 'mail', 'outgoing.mbox'), 'utf8');
    expectNoneOf(mbox, 'mbox');

    const archive = path.join(folder, 'after-retention.tar.gz');
    await runBackup(env, archive);
    const backup = await backupText(archive);
    expect(backup).toContain('Retention Primary');
    expectNoneOf(backup, 'backup');

    // The report counts the same students, live and rebuilt from the stream.
    expect(await report()).toEqual(before);
    await env.rpc.call(reportingOps.rebuild, {}, { actor: admin, timeoutMs: 60_000 });
    expect(await report()).toEqual(before);
  }, 120_000);

  it('answers an erased order with the erased marker and the school data kept', async () => {
    const erased = await env.rpc.call(ordersOps.get, { id: finished[0]!.id }, { actor: admin });
    expect(erased.shippingInfo).toEqual({
      ...finished[0]!.shippingInfo,
      receivingPersonName: ERASED_MARKER,
      userLoggedInDesignation: '',
      phoneNo: '',
      Email: '',
      additionalComments: '',
    });
    expect(erased.lines).toEqual(finished[0]!.lines);
    expect(erased.status).toBe('Delivered');
    const mine = await env.rpc.call(ordersOps.get, { id: open.id }, { actor: school });
    expect(mine.shippingInfo.Email).toBe(OPEN.email);
  });

  it('destroys the fingerprint key of a school year once the year and retention are over', async () => {
    const { rows } = await env.pool.query<{ school_year: number }>(
      'SELECT school_year FROM orders.student_fingerprint_keys',
    );
    expect(rows).toHaveLength(1);
    const year = rows[0]!.school_year;
    // The next year's start (1 August, midnight in the charity's zone), plus 30 days and a minute.
    const nextStart = schoolYearStartOf(year + 1, { month: 8, day: 1, timeZone: ZONE });
    const past = new Date(nextStart.getTime() + 30 * DAY_MS + 60_000);
    // A minute short of that, the year is still within retention.
    expect((await retention().run(new Date(past.getTime() - 120_000))).keysDestroyed).toEqual([]);
    const result = await retention().run(past);
    expect(result.keysDestroyed).toEqual([year]);
    expect((await env.pool.query('SELECT 1 FROM orders.student_fingerprint_keys')).rowCount).toBe(
      0,
    );
  });
});

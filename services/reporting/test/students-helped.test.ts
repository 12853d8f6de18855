/**
 * "Students helped" counts distinct students by the fingerprint order events carry: one student
 * served on two days of a range counts once (a count of day rows would say twice), the same student
 * id at two schools is two students, and the read model holds no student's details.
 */
import { reportingOps } from '@lr/contracts';
import { events, newOrder, publish, type TestEnv } from '@lr/testing';
import { admin, caughtUp, report, startReporting } from './support/reporting-env.js';

const line = [{ name: 'Coat', category: 'Clothing' as const, quantity: 1 }];

describe('students helped', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, [
      // Abbey's ABBEY-ONE on two days (a year older by the second: the age is not part of who it is)
      events.placed(
        newOrder({
          school: 'Abbey',
          student: 'ABBEY-ONE_10_Male',
          createdAt: '2026-03-02T09:00:00Z',
          lines: line,
        }),
      ),
      events.placed(
        newOrder({
          school: 'Abbey',
          student: 'ABBEY-ONE_11_Male',
          createdAt: '2026-03-04T09:00:00Z',
          lines: line,
        }),
      ),
      events.placed(
        newOrder({
          school: 'Abbey',
          student: 'ABBEY-TWO_9_NA',
          createdAt: '2026-03-04T10:00:00Z',
          lines: line,
        }),
      ),
      // Brook's own student of the same id
      events.placed(
        newOrder({
          school: 'Brook',
          student: 'ABBEY-ONE_12_Female',
          createdAt: '2026-03-04T11:00:00Z',
          lines: line,
        }),
      ),
    ]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('counts a student served on two days of the range once', async () => {
    expect((await report(env, { from: '2026-03-01', to: '2026-03-05' })).studentsHelped).toBe(3);
    expect((await report(env, { from: '2026-03-02', to: '2026-03-02' })).studentsHelped).toBe(1);
    // No range: the all-time rollup
    expect((await report(env)).studentsHelped).toBe(3);
  });

  it('gives the same count after a rebuild from the stream', async () => {
    await env.rpc.call(reportingOps.rebuild, {}, { actor: admin, timeoutMs: 30_000 });
    expect((await report(env, { from: '2026-03-01', to: '2026-03-05' })).studentsHelped).toBe(3);
    expect((await report(env)).studentsHelped).toBe(3);
  });

  it('keeps no student id in the read model', async () => {
    const { rows } = await env.pool.query<{ dump: string }>(
      `SELECT (SELECT json_agg(o)::text FROM reporting.report_orders o) ||
              (SELECT json_agg(d)::text FROM reporting.report_day_students d) ||
              (SELECT json_agg(t)::text FROM reporting.report_student_totals t) AS dump`,
    );
    expect(rows[0]!.dump).toContain('Abbey');
    expect(rows[0]!.dump).not.toMatch(/ABBEY-ONE|ABBEY-TWO|Male|Female/);
  });
});

/** Starts the reporting service in a fresh TestEnv and offers the calls the tests make. */
import { reportingOps, type Report, type ReportRange } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { reportingCaughtUp, startReportingService } from '@lr/testing/services';

export const admin = TestEnv.actor('admin', 'Test Admin');
export const volunteer = TestEnv.actor('volunteer', 'Test Volunteer');

export async function startReporting(extraEnv: Record<string, string> = {}): Promise<TestEnv> {
  const env = await TestEnv.create();
  await startReportingService(env, extraEnv);
  return env;
}

export function report(env: TestEnv, range: ReportRange = {}): Promise<Report> {
  return env.rpc.call(reportingOps.report, range, { actor: admin });
}

export const caughtUp = reportingCaughtUp;

/** Empties the read model's orders and rollups, so that a rebuild that did nothing could not pass. */
export async function wreckReadModel(env: TestEnv): Promise<void> {
  await env.pool.query('DELETE FROM reporting.report_orders');
  await env.pool.query('DELETE FROM reporting.report_day_totals');
  await env.pool.query('DELETE FROM reporting.report_day_items');
  await env.pool.query('DELETE FROM reporting.report_item_totals');
}

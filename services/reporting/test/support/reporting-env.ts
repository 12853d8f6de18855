/** Starts the reporting service in a fresh TestEnv and offers the calls the tests make. */
import { parseConfig } from '@lr/nest-kit';
import { RPC, type Report, type ReportRange } from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import { ReportingAppModule, reportingConfigSchema } from '../../src/index.js';
import { ORDERS_CONSUMER_NAME } from '../../src/read-model/order-events.consumer.js';
import { consumerCaughtUp } from './order-events.js';

export const admin = TestEnv.actor('admin', 'Test Admin');
export const volunteer = TestEnv.actor('volunteer', 'Test Volunteer');

export async function startReporting(extraEnv: Record<string, string> = {}): Promise<TestEnv> {
  const env = await TestEnv.create();
  const config = parseConfig(reportingConfigSchema, env.envVars('reporting', extraEnv));
  await env.startService('reporting', ReportingAppModule.register(config, env.logger), config);
  return env;
}

export function report(env: TestEnv, range: ReportRange = {}): Promise<Report> {
  return env.rpc.call<Report>(RPC.reporting.report, range, { actor: admin });
}

export async function caughtUp(env: TestEnv): Promise<void> {
  await waitFor(() => consumerCaughtUp(env.nc, env.namespace, ORDERS_CONSUMER_NAME), {
    message: 'the reporting consumer to catch up',
  });
}

/**
 * Every request-reply operation, by service. A service answers its own (`@Handles`), the gateway
 * calls them (`RpcClient.call`), and the NATS permissions are read from them.
 */
import type { Operation } from '../operation.js';
import type { ServiceName } from '../subjects.js';
import { authOps } from './auth.js';
import { catalogOps } from './catalog.js';
import { reportingOps } from './reporting.js';
import { settingsOps } from './settings.js';

export { authOps, catalogOps, reportingOps, settingsOps };

export const OPERATIONS = {
  auth: authOps,
  catalog: catalogOps,
  orders: { ...settingsOps },
  reporting: reportingOps,
} as const satisfies Partial<Record<ServiceName, Record<string, Operation>>>;

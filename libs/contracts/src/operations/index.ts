/**
 * Every request-reply operation, by service. A service answers its own (`@Handles`), the gateway
 * calls them (`RpcClient.call`), and the NATS permissions are read from them.
 */
import type { Operation } from '../operation.js';
import type { ServiceName } from '../subjects.js';
import { catalogOps } from './catalog.js';
import { ordersOps } from './orders.js';
import { reportingOps } from './reporting.js';
import { settingsOps } from './settings.js';

export { catalogOps, ordersOps, reportingOps, settingsOps };
export { updatedOrderSchema, type UpdatedOrder } from './orders.js';

export const OPERATIONS = {
  catalog: catalogOps,
  orders: { ...ordersOps, ...settingsOps },
  reporting: reportingOps,
} as const satisfies Partial<Record<ServiceName, Record<string, Operation>>>;

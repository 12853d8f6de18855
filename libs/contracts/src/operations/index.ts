/**
 * Every request-reply operation, by service. A service answers its own (`@Handles`), the gateway
 * calls them (`RpcClient.call`), and the NATS permissions are read from them.
 */
import type { Operation } from '../operation.js';
import type { ServiceName } from '../subjects.js';
import { authOps } from './auth.js';
import { catalogOps } from './catalog.js';
import { demandOps } from './demand.js';
import { impactOps } from './impact.js';
import { noticesOps } from './notices.js';
import { ordersOps } from './orders.js';
import { pickupsOps } from './pickups.js';
import { reportingOps } from './reporting.js';
import { settingsOps } from './settings.js';
import { studentLimitOps } from './student-limits.js';

export {
  authOps,
  catalogOps,
  demandOps,
  impactOps,
  noticesOps,
  ordersOps,
  pickupsOps,
  reportingOps,
  settingsOps,
  studentLimitOps,
};
export { updatedOrderSchema, type UpdatedOrder } from './orders.js';

export const OPERATIONS = {
  auth: authOps,
  catalog: catalogOps,
  orders: { ...ordersOps, ...settingsOps, ...pickupsOps, ...noticesOps, ...studentLimitOps },
  reporting: { ...reportingOps, ...impactOps, ...demandOps },
} as const satisfies Record<ServiceName, Record<string, Operation> & { health: Operation }>;

/** Every declared operation by its (un-namespaced) subject. */
export const OPERATION_BY_SUBJECT: ReadonlyMap<string, Operation> = new Map(
  Object.values(OPERATIONS).flatMap((operations) =>
    Object.values(operations).map((operation): [string, Operation] => [
      operation.subject,
      operation,
    ]),
  ),
);

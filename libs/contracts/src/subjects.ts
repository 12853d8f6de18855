/**
 * Subject names. Events are `<service>.<entity>.<past-tense-event>.v<N>`; request-reply subjects are
 * `rpc.<service>.<operation>`, derived from each operation's declaration (operations/), outside the
 * event streams' subjects. A deployment may run under a namespace (NATS_NAMESPACE): tests use it so
 * parallel runs share one nats-server without seeing each other's messages; see `namespaced()`.
 */

export const EVENTS = {
  authUserCreated: 'auth.user.created.v1',
  authUserUpdated: 'auth.user.updated.v1',
  authUserDeleted: 'auth.user.deleted.v1',
  catalogProductCreated: 'catalog.product.created.v1',
  catalogProductUpdated: 'catalog.product.updated.v1',
  catalogProductDeleted: 'catalog.product.deleted.v1',
  catalogInventoryAdjusted: 'catalog.inventory.adjusted.v1',
  catalogInventoryCommitRejected: 'catalog.inventory.commit-rejected.v1',
  catalogDonationReceived: 'catalog.donation.received.v1',
  catalogDonationCorrected: 'catalog.donation.corrected.v1',
  catalogDonationDeleted: 'catalog.donation.deleted.v1',
  catalogStockCounted: 'catalog.stock.counted.v1',
  ordersOrderPlaced: 'orders.order.placed.v1',
  ordersOrderStatusChanged: 'orders.order.status-changed.v1',
  ordersOrderItemsAdjusted: 'orders.order.items-adjusted.v1',
  ordersOrderDeleted: 'orders.order.deleted.v1',
} as const;

/** JetStream streams and the subjects each captures (before namespacing). */
export const STREAMS = {
  AUTH: 'auth.>',
  CATALOG: 'catalog.>',
  ORDERS: 'orders.>',
} as const;
export type StreamName = keyof typeof STREAMS;

export function streamOfEvent(type: string): StreamName {
  const service = type.split('.')[0] ?? '';
  switch (service) {
    case 'auth':
      return 'AUTH';
    case 'catalog':
      return 'CATALOG';
    case 'orders':
      return 'ORDERS';
    default:
      throw new Error(`No stream captures events of type ${type}`);
  }
}

/** Prefixes a subject with the namespace, if any. */
export function namespaced(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** Stream names get the namespace too (stream names cannot contain dots). */
export function namespacedStream(namespace: string, stream: StreamName): string {
  return namespace ? `${namespace}_${stream}` : stream;
}

/**
 * Core NATS broadcasts that are hints, not events: plain publishes without JetStream or the outbox,
 * so one can be lost and a subscriber must bound its staleness another way (a short TTL). They are
 * named `hint.<service>.<what>`, outside the streams' subjects (`auth.>` would store them as events).
 */
export const HINTS = {
  /** Sessions ended or a user changed: caches of session checks evict (docs/events.md). */
  authSessionsChanged: 'hint.auth.sessions-changed',
  /** Products were changed or deleted by an admin: copies of products evict (docs/events.md). */
  catalogProductsChanged: 'hint.catalog.products-changed',
} as const;

export const SERVICE_NAMES = ['auth', 'catalog', 'orders', 'reporting'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

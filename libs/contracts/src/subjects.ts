/**
 * Subject names. Events are `<service>.<entity>.<past-tense-event>.v<N>`; request-reply subjects are
 * `rpc.<service>.<operation>` (outside the event streams' subjects). A deployment may run under a namespace (NATS_NAMESPACE): tests use it so
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

/** Request-reply subjects of every service. Each service answers in a queue group named after it. */
export const RPC = {
  auth: {
    health: 'rpc.auth.health',
    login: 'rpc.auth.login',
    sessionCheck: 'rpc.auth.session-check',
    logout: 'rpc.auth.logout',
    me: 'rpc.auth.me',
    updateProfile: 'rpc.auth.update-profile',
    updatePassword: 'rpc.auth.update-password',
    forgotPassword: 'rpc.auth.forgot-password',
    resetPassword: 'rpc.auth.reset-password',
    publicUserList: 'rpc.auth.public-user-list',
    listUsers: 'rpc.auth.list-users',
    getUser: 'rpc.auth.get-user',
    getUsers: 'rpc.auth.get-users',
    updateUser: 'rpc.auth.update-user',
    deleteUser: 'rpc.auth.delete-user',
    registerUser: 'rpc.auth.register-user',
    setUserCode: 'rpc.auth.set-user-code',
  },
  catalog: {
    health: 'rpc.catalog.health',
    listProducts: 'rpc.catalog.list-products',
    listGroupedProducts: 'rpc.catalog.list-grouped-products',
    getProduct: 'rpc.catalog.get-product',
    getProducts: 'rpc.catalog.get-products',
    createProduct: 'rpc.catalog.create-product',
    updateProduct: 'rpc.catalog.update-product',
    deleteProduct: 'rpc.catalog.delete-product',
    consoleListProducts: 'rpc.catalog.console-list-products',
    listMovements: 'rpc.catalog.list-movements',
    availability: 'rpc.catalog.availability',
    inventoryCheck: 'rpc.catalog.inventory-check',
    upsertReview: 'rpc.catalog.upsert-review',
    listReviews: 'rpc.catalog.list-reviews',
    deleteReview: 'rpc.catalog.delete-review',
    listDonationSources: 'rpc.catalog.list-donation-sources',
    getDonationSource: 'rpc.catalog.get-donation-source',
    createDonationSource: 'rpc.catalog.create-donation-source',
    updateDonationSource: 'rpc.catalog.update-donation-source',
    listDonations: 'rpc.catalog.list-donations',
    getDonation: 'rpc.catalog.get-donation',
    recordDonation: 'rpc.catalog.record-donation',
    correctDonation: 'rpc.catalog.correct-donation',
    deleteDonation: 'rpc.catalog.delete-donation',
    productChoices: 'rpc.catalog.product-choices',
    listStockCounts: 'rpc.catalog.list-stock-counts',
    getStockCount: 'rpc.catalog.get-stock-count',
    startStockCount: 'rpc.catalog.start-stock-count',
    listStockCountLines: 'rpc.catalog.list-stock-count-lines',
    enterStockCounts: 'rpc.catalog.enter-stock-counts',
    reviewStockCount: 'rpc.catalog.review-stock-count',
    finaliseStockCount: 'rpc.catalog.finalise-stock-count',
  },
  orders: {
    health: 'rpc.orders.health',
    place: 'rpc.orders.place',
    listMine: 'rpc.orders.list-mine',
    get: 'rpc.orders.get',
    listAll: 'rpc.orders.list-all',
    consoleList: 'rpc.orders.console-list',
    getMany: 'rpc.orders.get-many',
    update: 'rpc.orders.update',
    delete: 'rpc.orders.delete',
    history: 'rpc.orders.history',
    contact: 'rpc.orders.contact',
    accessLog: 'rpc.orders.access-log',
    privacyTerms: 'rpc.orders.privacy-terms',
    privacyErase: 'rpc.orders.privacy-erase',
    privacyExport: 'rpc.orders.privacy-export',
    forgetImages: 'rpc.orders.forget-images',
  },
  reporting: {
    health: 'rpc.reporting.health',
    report: 'rpc.reporting.report',
    reportCsv: 'rpc.reporting.report-csv',
    ordersCsv: 'rpc.reporting.orders-csv',
    rebuild: 'rpc.reporting.rebuild',
    rebuildStatus: 'rpc.reporting.rebuild-status',
  },
} as const;

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

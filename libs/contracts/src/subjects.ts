/**
 * Subject names. Events are `<service>.<entity>.<past-tense-event>.v<N>`; request-reply subjects are
 * `<service>.rpc.<operation>`. A deployment may run under a namespace (NATS_NAMESPACE): tests use it so
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
  ordersOrderPlaced: 'orders.order.placed.v1',
  ordersOrderStatusChanged: 'orders.order.status-changed.v1',
  ordersOrderItemsAdjusted: 'orders.order.items-adjusted.v1',
  ordersOrderDeleted: 'orders.order.deleted.v1',
} as const;
export type EventType = (typeof EVENTS)[keyof typeof EVENTS];

/** JetStream streams and the subjects each captures (before namespacing). */
export const STREAMS = {
  AUTH: 'auth.>',
  CATALOG: 'catalog.>',
  ORDERS: 'orders.>',
} as const;
export type StreamName = keyof typeof STREAMS;

export function streamOfEvent(type: string): StreamName {
  const service = type.split('.')[0];
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
    health: 'auth.rpc.health',
    login: 'auth.rpc.login',
    sessionCheck: 'auth.rpc.session-check',
    logout: 'auth.rpc.logout',
    me: 'auth.rpc.me',
    updateProfile: 'auth.rpc.update-profile',
    updatePassword: 'auth.rpc.update-password',
    forgotPassword: 'auth.rpc.forgot-password',
    resetPassword: 'auth.rpc.reset-password',
    publicUserList: 'auth.rpc.public-user-list',
    listUsers: 'auth.rpc.list-users',
    getUser: 'auth.rpc.get-user',
    getUsers: 'auth.rpc.get-users',
    updateUser: 'auth.rpc.update-user',
    deleteUser: 'auth.rpc.delete-user',
    registerUser: 'auth.rpc.register-user',
    setUserCode: 'auth.rpc.set-user-code',
  },
  catalog: {
    health: 'catalog.rpc.health',
    listProducts: 'catalog.rpc.list-products',
    listGroupedProducts: 'catalog.rpc.list-grouped-products',
    getProduct: 'catalog.rpc.get-product',
    getProducts: 'catalog.rpc.get-products',
    createProduct: 'catalog.rpc.create-product',
    updateProduct: 'catalog.rpc.update-product',
    deleteProduct: 'catalog.rpc.delete-product',
    consoleListProducts: 'catalog.rpc.console-list-products',
    listMovements: 'catalog.rpc.list-movements',
    availability: 'catalog.rpc.availability',
    inventoryCheck: 'catalog.rpc.inventory-check',
    upsertReview: 'catalog.rpc.upsert-review',
    listReviews: 'catalog.rpc.list-reviews',
    deleteReview: 'catalog.rpc.delete-review',
  },
  orders: {
    health: 'orders.rpc.health',
    place: 'orders.rpc.place',
    listMine: 'orders.rpc.list-mine',
    get: 'orders.rpc.get',
    listAll: 'orders.rpc.list-all',
    consoleList: 'orders.rpc.console-list',
    getMany: 'orders.rpc.get-many',
    update: 'orders.rpc.update',
    delete: 'orders.rpc.delete',
    history: 'orders.rpc.history',
  },
  reporting: {
    health: 'reporting.rpc.health',
    report: 'reporting.rpc.report',
    reportCsv: 'reporting.rpc.report-csv',
    ordersCsv: 'reporting.rpc.orders-csv',
    rebuild: 'reporting.rpc.rebuild',
  },
} as const;

export const SERVICE_NAMES = ['auth', 'catalog', 'orders', 'reporting'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

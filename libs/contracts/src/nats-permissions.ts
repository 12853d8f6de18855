/**
 * Who may do what on NATS: the one description of every process's subjects, from which the server's
 * permission blocks are generated (nest-kit `renderNatsAuthorization`) for `npm start`, the tests,
 * docker compose and Kubernetes alike. A process gets an allow list: anything not listed here is
 * refused by the broker, so a forged `rpc.auth.list-users` or `orders.>` publish from a process
 * that has no business sending it never reaches a service. See docs/adr/ (NATS permissions).
 */
import { DURABLE_CONSUMERS } from './consumers.js';
import type { OtherCaller } from './operation.js';
import { OPERATIONS } from './operations/index.js';
import { HINTS, RPC, STREAMS, type StreamName } from './subjects.js';

/** Every NATS identity: the four services, the gateway, and outside read-only consumers. */
export const NATS_IDENTITIES = [
  'gateway',
  'auth',
  'catalog',
  'orders',
  'reporting',
  'orders-reader',
] as const;
export type NatsIdentity = (typeof NATS_IDENTITIES)[number];

/**
 * A durable consumer a process creates and reads. `name: '*'` is any consumer of that stream except
 * the named durables of other identities (a reader must not pull, ack or reconfigure the services'
 * own durables); `ordered` also lets it delete the ones it made (ordered consumers).
 */
export interface ConsumerGrant {
  stream: StreamName;
  name: string;
  ordered?: boolean;
}

export interface ProcessGrants {
  /** Request-reply subjects (un-namespaced) this process answers in its queue group. */
  answers?: string[];
  /** Request-reply subjects it calls. */
  calls?: string[];
  /** Core subjects it publishes (events it relays to its stream, hints). */
  publishes?: string[];
  /** Core subjects it subscribes to (cache evictions). */
  subscribes?: string[];
  /** Streams it owns: create, update and publish into (publishing is in `publishes`). */
  ownsStreams?: StreamName[];
  /** Streams it reads: may create (same config from the same code) and look them up, not update. */
  readsStreams?: StreamName[];
  consumers?: ConsumerGrant[];
}

const rpcOf = (service: keyof typeof RPC): string => `rpc.${service}.*`;
/** A container's health probe asks its own service over NATS, with the service's identity. */
const ownHealth = (service: keyof typeof RPC): string => RPC[service].health;

/** The subjects of the declared operations whose `calledBy` names `caller`. */
function declaredCallsOf(caller: OtherCaller): string[] {
  return Object.values(OPERATIONS).flatMap((operations) =>
    Object.values(operations)
      .filter((operation) => operation.calledBy?.includes(caller))
      .map((operation) => operation.subject),
  );
}

/**
 * The description. Durable names are those the services register (nest-kit EventConsumers); a
 * test in libs/nest-kit checks they still match.
 */
export const NATS_GRANTS: Record<NatsIdentity, ProcessGrants> = {
  gateway: {
    calls: ['rpc.*.*'],
    subscribes: [STREAMS.CATALOG, HINTS.authSessionsChanged, HINTS.catalogProductsChanged],
  },
  auth: {
    answers: [rpcOf('auth')],
    calls: [ownHealth('auth')],
    publishes: [STREAMS.AUTH, 'hint.auth.>'],
    ownsStreams: ['AUTH'],
  },
  catalog: {
    answers: [rpcOf('catalog')],
    calls: [ownHealth('catalog')],
    publishes: [STREAMS.CATALOG, 'hint.catalog.>'],
    ownsStreams: ['CATALOG'],
    readsStreams: ['ORDERS'],
    consumers: [DURABLE_CONSUMERS.catalogInventory, DURABLE_CONSUMERS.catalogInventoryDeleted],
  },
  orders: {
    answers: [rpcOf('orders')],
    calls: [...declaredCallsOf('orders'), ownHealth('orders')],
    publishes: [STREAMS.ORDERS],
    subscribes: [STREAMS.CATALOG, HINTS.catalogProductsChanged, HINTS.authSessionsChanged],
    ownsStreams: ['ORDERS'],
    readsStreams: ['CATALOG'],
    consumers: [DURABLE_CONSUMERS.ordersInventory],
  },
  reporting: {
    answers: [rpcOf('reporting')],
    calls: [ownHealth('reporting')],
    readsStreams: ['ORDERS', 'CATALOG'],
    // The live durables, and the rebuild's ordered consumers, whose names are generated.
    consumers: [
      DURABLE_CONSUMERS.reportingOrders,
      { stream: 'ORDERS', name: '*', ordered: true },
      DURABLE_CONSUMERS.reportingCatalog,
      { stream: 'CATALOG', name: '*', ordered: true },
    ],
  },
  'orders-reader': {
    consumers: [{ stream: 'ORDERS', name: '*' }],
  },
};

/**
 * Reply inboxes of an identity (nats.js `inboxPrefix`): each may subscribe to its own prefix only,
 * so no process can read the replies meant for another.
 */
export function inboxPrefixOf(identity: NatsIdentity): string {
  return `_INBOX.${identity}`;
}

/**
 * The namespace to generate for: an exact one (`''` in production, a test's token), or
 * `WILDCARD_NAMESPACE` for one server shared by many test namespaces.
 */
export const WILDCARD_NAMESPACE = '*';

export interface NatsPermissionSet {
  publish: string[];
  /** Refused even where `publish` allows (deny wins): other identities' durables. */
  publishDeny: string[];
  subscribe: string[];
  /** May publish one reply to the reply subject of each request it received. */
  allowResponses: boolean;
}

function prefix(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/**
 * Stream and durable names carry the namespace as `<ns>_NAME`; NATS wildcards match whole tokens
 * only, so under the wildcard namespace any stream (and any durable) matches: the loosening the
 * shared test server accepts (docs/adr/0062-nats-permissions.md).
 */
function nameIn(namespace: string, name: string): string {
  if (namespace === WILDCARD_NAMESPACE || name === '*') return '*';
  return namespace ? `${namespace}_${name}` : name;
}

function consumerApi(namespace: string, grant: ConsumerGrant): string[] {
  const stream = nameIn(namespace, grant.stream);
  const name = nameIn(namespace, grant.name);
  return [
    `$JS.API.CONSUMER.INFO.${stream}.${name}`,
    // Created with the name (and a filter subject, the `.>` form) or, by older clients, as a durable.
    `$JS.API.CONSUMER.CREATE.${stream}.${name}`,
    `$JS.API.CONSUMER.CREATE.${stream}.${name}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${name}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`,
    `$JS.ACK.${stream}.${name}.>`,
    // Ordered (ephemeral) consumers are deleted by their reader once done.
    ...(grant.ordered ? [`$JS.API.CONSUMER.DELETE.${stream}.${name}`] : []),
  ];
}

/**
 * What a `'*'` grant must not touch: every API call and ack on the named durables other identities
 * own on that stream. Under the wildcard namespace a durable's name is a wildcard too, so this
 * cannot be said there (docs/adr/0062-nats-permissions.md).
 */
function othersDurables(identity: NatsIdentity, namespace: string, stream: StreamName): string[] {
  if (namespace === WILDCARD_NAMESPACE) return [];
  const streamName = nameIn(namespace, stream);
  const denied: string[] = [];
  for (const other of NATS_IDENTITIES) {
    if (other === identity) continue;
    for (const grant of NATS_GRANTS[other].consumers ?? []) {
      if (grant.stream !== stream || grant.name === '*') continue;
      const name = nameIn(namespace, grant.name);
      denied.push(
        `$JS.API.CONSUMER.*.${streamName}.${name}`,
        `$JS.API.CONSUMER.*.${streamName}.${name}.>`,
        `$JS.API.CONSUMER.*.*.${streamName}.${name}`,
        `$JS.ACK.${streamName}.${name}.>`,
      );
    }
  }
  return denied;
}

/** The permission set of `identity` under `namespace` (see WILDCARD_NAMESPACE). */
export function natsPermissions(identity: NatsIdentity, namespace: string): NatsPermissionSet {
  const grants = NATS_GRANTS[identity];
  const ns = (subject: string) => prefix(namespace, subject);
  const publish = new Set<string>(['$JS.API.INFO']);
  const subscribe = new Set<string>([`${inboxPrefixOf(identity)}.>`]);
  for (const subject of grants.calls ?? []) publish.add(ns(subject));
  for (const subject of grants.publishes ?? []) publish.add(ns(subject));
  for (const subject of grants.answers ?? []) subscribe.add(ns(subject));
  for (const subject of grants.subscribes ?? []) subscribe.add(ns(subject));
  for (const stream of grants.ownsStreams ?? []) {
    const name = nameIn(namespace, stream);
    for (const op of ['INFO', 'CREATE', 'UPDATE']) publish.add(`$JS.API.STREAM.${op}.${name}`);
  }
  for (const stream of grants.readsStreams ?? []) {
    const name = nameIn(namespace, stream);
    for (const op of ['INFO', 'CREATE']) publish.add(`$JS.API.STREAM.${op}.${name}`);
  }
  const publishDeny = new Set<string>();
  for (const grant of grants.consumers ?? []) {
    publish.add(`$JS.API.STREAM.INFO.${nameIn(namespace, grant.stream)}`);
    for (const subject of consumerApi(namespace, grant)) publish.add(subject);
    if (grant.name === '*') {
      for (const subject of othersDurables(identity, namespace, grant.stream)) {
        publishDeny.add(subject);
      }
    }
  }
  return {
    publish: [...publish],
    publishDeny: [...publishDeny],
    subscribe: [...subscribe],
    allowResponses: (grants.answers ?? []).length > 0,
  };
}

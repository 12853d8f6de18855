/**
 * NATS connections and JetStream streams.
 */
import { connect, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import {
  STREAMS,
  inboxPrefixOf,
  namespaced,
  namespacedStream,
  type NatsIdentity,
  type StreamName,
} from '@lr/contracts';
import type { Logger } from './logger.js';

export type { NatsConnection } from '@nats-io/transport-node';

/** The inbox prefix each authenticated connection was given (nats.js does not expose it). */
const inboxPrefixes = new WeakMap<NatsConnection, string>();

/** Where replies to `nc`'s requests must go (undefined: nats.js's default `_INBOX`). */
export function inboxPrefixFor(nc: NatsConnection): string | undefined {
  return inboxPrefixes.get(nc);
}

/** Who a connection authenticates as: the identity's seed (none: no credentials). */
export interface NatsAuth {
  identity: NatsIdentity;
  seed: string | undefined;
}

/** Reads the identity's credentials from a parsed config. */
export function natsAuth(
  config: { NATS_NKEY_SEED?: string | undefined },
  identity: NatsIdentity,
): NatsAuth {
  return { identity, seed: config.NATS_NKEY_SEED };
}

/**
 * Connects, retrying until the server is reachable, and reconnects forever afterwards. With a seed
 * the connection signs the server's challenge with it, and its reply inboxes (nats.js's own and
 * ReplyInbox's) live under the identity's prefix, the only inboxes the server lets it read.
 */
export async function connectNats(
  url: string,
  name: string,
  logger?: Logger,
  auth?: NatsAuth,
): Promise<NatsConnection> {
  const seed = auth?.seed;
  const nc = await connect({
    servers: url.split(','),
    name,
    ...(seed && auth
      ? {
          authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)),
          inboxPrefix: inboxPrefixOf(auth.identity),
        }
      : {}),
    waitOnFirstConnect: true,
    // Every server of the list (and those the cluster announces) is tried in turn, forever: when
    // the node a process talks to dies, it moves to another at once, and the calls that were in
    // flight there are sent again by RpcClient (resend-policy.ts).
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // A node that stops answering without closing the socket (a host or network failure, not a
    // killed process) is given up after two missed pings, ~20 s, instead of the default minutes.
    pingInterval: 10_000,
    maxPingOut: 2,
    // nats.js otherwise builds two Error objects (with stack traces) for every request and
    // JetStream publish, only to point a timeout at its caller (costly under load; bench/README.md).
    // Timeouts and failures still arrive as errors; RpcClient names the subject.
    noAsyncTraces: true,
  });
  if (seed && auth) inboxPrefixes.set(nc, inboxPrefixOf(auth.identity));
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        logger?.warn({ nats: status.type }, `NATS ${status.type}`);
      }
    }
  })();
  return nc;
}

/** How long JetStream remembers a msgID to drop a republished event (the outbox relay's dedupe). */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Creates (or updates) the streams a service needs. Idempotent. A service updates only the streams
 * it owns; one it only reads is created if missing (with the same config from the same code), so
 * consumers can start before the owner, but never changed (NATS_GRANTS in contracts).
 */
export async function ensureStreams(
  nc: NatsConnection,
  namespace: string,
  owns: readonly StreamName[] = Object.keys(STREAMS) as StreamName[],
  reads: readonly StreamName[] = [],
  replicas = 1,
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  for (const stream of reads) {
    if (owns.includes(stream)) continue;
    const name = namespacedStream(namespace, stream);
    const exists = await jsm.streams.info(name).then(
      () => true,
      () => false,
    );
    if (!exists) await addStreamUnlessCreated(jsm, streamConfig(namespace, stream, replicas));
  }
  for (const stream of owns) {
    const config = streamConfig(namespace, stream, replicas);
    try {
      await jsm.streams.info(config.name);
      // Also how a stream made with fewer replicas gets more: the cluster copies it, no recreation.
      await jsm.streams.update(config.name, config);
    } catch {
      await addStreamUnlessCreated(jsm, config);
    }
  }
  return jsm;
}

/**
 * Adds a stream. When that fails because another service created it in the meantime, fine; any
 * other failure (a cluster that cannot place its replicas, say) is thrown as the server said it,
 * rather than surfacing later as a consumer's "stream not found".
 */
async function addStreamUnlessCreated(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    await jsm.streams.add(config);
  } catch (error) {
    await jsm.streams.info(config.name).catch(() => {
      throw error;
    });
  }
}

function streamConfig(
  namespace: string,
  stream: StreamName,
  replicas: number,
): Partial<StreamConfig> & { name: string } {
  return {
    name: namespacedStream(namespace, stream),
    num_replicas: replicas,
    subjects: [namespaced(namespace, STREAMS[stream])],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
}

/**
 * NATS connections and JetStream streams.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { STREAMS, namespaced, namespacedStream, type StreamName } from '@lr/contracts';
import type { Logger } from './logger.js';

export type { NatsConnection } from '@nats-io/transport-node';

/** Connects, retrying until the server is reachable, and reconnects forever afterwards. */
export async function connectNats(
  url: string,
  name: string,
  logger?: Logger,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // nats.js otherwise builds two Error objects (with stack traces) for every request and
    // JetStream publish, only to point a timeout at its caller: about a tenth of the gateway's CPU
    // per order (issue 9). Timeouts and failures still arrive as errors; RpcClient names the subject.
    noAsyncTraces: true,
  });
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

/** Creates (or updates) the streams this deployment needs. Idempotent; safe from every service. */
export async function ensureStreams(
  nc: NatsConnection,
  namespace: string,
  streams: readonly StreamName[] = Object.keys(STREAMS) as StreamName[],
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  for (const stream of streams) {
    const config: Partial<StreamConfig> & { name: string } = {
      name: namespacedStream(namespace, stream),
      subjects: [namespaced(namespace, STREAMS[stream])],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    };
    try {
      await jsm.streams.info(config.name);
      await jsm.streams.update(config.name, config);
    } catch {
      try {
        await jsm.streams.add(config);
      } catch (error) {
        // Another service may have created it in the meantime.
        await jsm.streams.info(config.name).catch(() => {
          throw error;
        });
      }
    }
  }
  return jsm;
}

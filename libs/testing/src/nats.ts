/**
 * The real NATS server for tests, with a namespace unique to this test file so parallel files and
 * parallel runs never see each other's subjects, streams or consumers.
 */
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export function uniqueNamespace(): string {
  return `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export async function connectTestNats(): Promise<NatsConnection> {
  return connect({ servers: TEST_NATS_URL, name: 'test', maxReconnectAttempts: -1 });
}

/** Deletes the streams (and with them the consumers) created under `namespace`. */
export async function deleteNamespaceStreams(nc: NatsConnection, namespace: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const names: string[] = [];
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(`${namespace}_`)) names.push(name);
  }
  await Promise.all(names.map((name) => jsm.streams.delete(name).catch(() => false)));
}

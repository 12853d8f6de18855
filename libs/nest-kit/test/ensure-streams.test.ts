/**
 * ensureStreams against the real JetStream: a stream a service only reads is created when missing,
 * and when the server refuses to create it the service hears the server's reason at once, not a
 * consumer's "stream not found" later.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { namespacedStream } from '@lr/contracts';
import { ensureStreams } from '@lr/nest-kit';
import { connectTestNats, deleteNamespaceStreams, uniqueNamespace } from '@lr/testing';

describe('ensureStreams', () => {
  let nc: NatsConnection;
  let namespace: string;

  beforeAll(async () => {
    nc = await connectTestNats();
  });

  beforeEach(() => {
    namespace = uniqueNamespace();
  });

  afterEach(async () => {
    await deleteNamespaceStreams(nc, namespace);
  });

  afterAll(async () => {
    await nc.close();
  });

  it('creates a stream it only reads when it is missing, and again is a no-op', async () => {
    await ensureStreams(nc, namespace, [], ['ORDERS']);
    await ensureStreams(nc, namespace, [], ['ORDERS']);
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(namespacedStream(namespace, 'ORDERS'));
    expect(info.config.num_replicas).toBe(1);
  });

  it("throws the server's reason when a stream it reads cannot be created", async () => {
    // One server cannot hold three replicas: the same refusal a cluster missing a node gives.
    await expect(ensureStreams(nc, namespace, [], ['ORDERS'], 3)).rejects.toThrow(/replica/i);
  });

  it("throws the server's reason when a stream it owns cannot be created", async () => {
    await expect(ensureStreams(nc, namespace, ['ORDERS'], [], 3)).rejects.toThrow(/replica/i);
  });
});

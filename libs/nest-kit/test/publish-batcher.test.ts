/** PublishBatcher against the real nats-server: held to the loop turn's end, in order, errors reported. */
import type { NatsConnection } from '@nats-io/transport-node';
import { PublishBatcher } from '../src/publish-batcher.js';
import { connectTestNats, uniqueNamespace, waitFor } from '@lr/testing';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('PublishBatcher', () => {
  let nc: NatsConnection;
  let listener: NatsConnection;

  beforeAll(async () => {
    nc = await connectTestNats();
    listener = await connectTestNats();
  });
  afterAll(async () => {
    await listener.close();
    await nc.close();
  });

  /** A fresh subject the listener records (in arrival order), subscribed before anything is sent. */
  async function listen(name: string): Promise<{ subject: string; received: string[] }> {
    const subject = `${uniqueNamespace()}.${name}`;
    const received: string[] = [];
    listener.subscribe(subject, {
      callback: (_e, msg) => {
        received.push(msg.string());
      },
    });
    await listener.flush();
    return { subject, received };
  }

  it('hands what one loop turn published to the client together at its end, in order', async () => {
    const { subject, received } = await listen('batched');
    const batcher = new PublishBatcher(nc);
    const before = nc.stats().outMsgs;
    for (let i = 0; i < 50; i++) batcher.publish(subject, `m${i}`);
    await Promise.resolve();
    // Still held: nothing reached the client during this turn.
    expect(nc.stats().outMsgs).toBe(before);
    await nextTurn();
    expect(nc.stats().outMsgs).toBe(before + 50);
    await waitFor(() => received.length === 50);
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
  });

  it('tells the sender when the client refuses a message, and sends the rest', async () => {
    const { subject, received } = await listen('mixed');
    const batcher = new PublishBatcher(nc);
    const refused: Error[] = [];
    batcher.publish(subject, 'first');
    batcher.publish('', 'no subject', undefined, (error) => refused.push(error));
    batcher.publish(subject, 'last');
    await nextTurn();
    expect(refused).toHaveLength(1);
    await waitFor(() => received.length === 2);
    expect(received).toEqual(['first', 'last']);
  });

  it('sends at once on flush, and drops what is discarded', async () => {
    const { subject, received } = await listen('flush');
    const batcher = new PublishBatcher(nc);
    const before = nc.stats().outMsgs;
    batcher.publish(subject, 'now');
    batcher.flush();
    expect(nc.stats().outMsgs).toBe(before + 1);
    batcher.publish(subject, 'never');
    batcher.discard();
    await nextTurn();
    await nc.flush();
    await listener.flush();
    expect(nc.stats().outMsgs).toBe(before + 1);
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['now']);
  });
});

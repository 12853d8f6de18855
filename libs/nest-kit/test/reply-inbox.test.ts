/** ReplyInbox against the real nats-server: replies, no responders, deadlines, closing. */
import type { NatsConnection } from '@nats-io/transport-node';
import { headers } from '@nats-io/transport-node';
import { RequestFailedError, ReplyInbox } from '../src/reply-inbox.js';
import { connectTestNats, uniqueNamespace } from '@lr/testing';

/**
 * Far past the 50 ms deadline, and long enough for nats-server to route the answer into the
 * inbox's socket even on a loaded machine.
 */
const STALL_MS = 1000;

/** Keeps the event loop busy (a stall: a long GC pause, a starved machine). */
function blockFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('ReplyInbox', () => {
  let nc: NatsConnection;
  let responder: NatsConnection;
  const subject = `${uniqueNamespace()}.echo`;

  beforeAll(async () => {
    nc = await connectTestNats();
    responder = await connectTestNats();
    // Echoes the body and one header back; "slow" answers after 300 ms, "never" not at all,
    // "then-stall" answers and then stalls this process.
    responder.subscribe(subject, {
      callback: (_error, msg) => {
        const text = new TextDecoder().decode(msg.data);
        if (text === 'never') return;
        const answer = `${text}|${msg.headers?.get('x-test') ?? ''}`;
        if (text === 'slow') setTimeout(() => msg.respond(answer), 300);
        else msg.respond(answer);
        // Blocks this whole process (its event loop) once the answer is written.
        if (text === 'then-stall') setImmediate(() => blockFor(STALL_MS));
      },
    });
    await responder.flush();
  });
  afterAll(async () => {
    await responder.close();
    await nc.close();
  });

  const text = (data: Uint8Array) => new TextDecoder().decode(data);

  it('takes a reply that arrived while the process was stalled past the deadline', async () => {
    // The answer reaches the socket during a stall longer than the deadline; after the stall
    // Node runs its timers before it reads sockets, so the deadline's sweep comes first and must
    // not fail a request whose answer is already there.
    const inbox = new ReplyInbox(nc);
    const reply = await inbox.request(subject, 'then-stall', { timeoutMs: 50 });
    expect(text(reply.data)).toBe('then-stall|');
    expect(inbox.waiting).toBe(0);
    inbox.close();
  });

  it('matches many concurrent replies to their requests, headers included', async () => {
    const inbox = new ReplyInbox(nc);
    const hdrs = headers();
    hdrs.set('x-test', 'yes');
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        inbox.request(subject, `n${i}`, { timeoutMs: 5000, headers: hdrs }),
      ),
    );
    expect(replies.map((r) => text(r.data))).toEqual(
      Array.from({ length: 200 }, (_, i) => `n${i}|yes`),
    );
    expect(inbox.waiting).toBe(0);
    inbox.close();
  });

  it('fails at once when nobody listens, and after the deadline when nobody answers', async () => {
    const inbox = new ReplyInbox(nc);
    const started = Date.now();
    await expect(
      inbox.request(`${subject}.nobody`, 'x', { timeoutMs: 5000 }),
    ).rejects.toMatchObject({ name: 'RequestFailedError', reason: 'no-responders' });
    expect(Date.now() - started).toBeLessThan(4000);

    await expect(inbox.request(subject, 'never', { timeoutMs: 200 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(inbox.waiting).toBe(0);
    inbox.close();
  });

  it('still times a request out after it sat idle with nothing waiting', async () => {
    const inbox = new ReplyInbox(nc);
    await expect(inbox.request(subject, 'never', { timeoutMs: 150 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    // Nothing waits now, so nothing sweeps; the next request's deadline is still kept (without
    // a sweep it would wait forever and the test would time out).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(inbox.request(subject, 'never', { timeoutMs: 150 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(inbox.waiting).toBe(0);
    inbox.close();
  });

  it('drops a reply that comes after its deadline, and fails what waits when closed', async () => {
    const inbox = new ReplyInbox(nc);
    await expect(inbox.request(subject, 'slow', { timeoutMs: 100 })).rejects.toBeInstanceOf(
      RequestFailedError,
    );
    // The late reply arrives meanwhile and is ignored; the next request still gets its own.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await inbox.request(subject, 'next', { timeoutMs: 5000 });
    expect(text(next.data)).toBe('next|');

    const waiting = inbox.request(subject, 'never', { timeoutMs: 5000 });
    inbox.close();
    await expect(waiting).rejects.toMatchObject({ reason: 'closed' });
    await expect(inbox.request(subject, 'after', { timeoutMs: 5000 })).rejects.toMatchObject({
      reason: 'closed',
    });
  });
});

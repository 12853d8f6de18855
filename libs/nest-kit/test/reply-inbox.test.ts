/** ReplyInbox against the real nats-server: replies, no responders, deadlines, closing. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { headers } from '@nats-io/transport-node';
import { RequestFailedError, ReplyInbox } from '../src/reply-inbox.js';
import { connectTestNats, testNatsSeed, testNatsUrl, uniqueNamespace } from '@lr/testing';

/** The longest a stall waits for the answer to be routed (a very loaded machine). */
const STALL_CAP_MS = 20_000;

/**
 * Keeps the event loop busy (a stall: a long GC pause, a starved machine) until `done()` says so,
 * then a little longer for nats-server's write to land in this process's socket.
 */
function blockUntil(done: () => boolean): void {
  const cap = Date.now() + STALL_CAP_MS;
  while (!done() && Date.now() < cap) {
    // busy
  }
  const settle = Date.now() + 200;
  while (Date.now() < settle) {
    // busy
  }
}

/**
 * A responder in a process of its own, so that it answers while this one is stalled: it echoes
 * each request, waits for nats-server's PONG after it (by then the server has routed the answer
 * to the requester's socket), and then creates `marker`.
 */
const STALLED_RESPONDER = `
import { writeFileSync } from 'node:fs';
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';
const nc = await connect({
  servers: process.env.NATS_URL,
  authenticator: nkeyAuthenticator(new TextEncoder().encode(process.env.NATS_SEED)),
});
nc.subscribe(process.env.SUBJECT, {
  callback: async (_error, msg) => {
    msg.respond(msg.data);
    await nc.flush();
    writeFileSync(process.env.MARKER, '');
  },
});
await nc.flush();
process.stdout.write('ready');
`;

describe('ReplyInbox', () => {
  let nc: NatsConnection;
  let responder: NatsConnection;
  const subject = `${uniqueNamespace()}.echo`;

  beforeAll(async () => {
    nc = await connectTestNats();
    responder = await connectTestNats();
    // Echoes the body and one header back; "slow" answers after 300 ms, "never" not at all.
    responder.subscribe(subject, {
      callback: (_error, msg) => {
        const text = new TextDecoder().decode(msg.data);
        if (text === 'never') return;
        const answer = `${text}|${msg.headers?.get('x-test') ?? ''}`;
        if (text === 'slow') setTimeout(() => msg.respond(answer), 300);
        else msg.respond(answer);
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
    const folder = mkdtempSync(path.join(tmpdir(), 'lr-reply-inbox-'));
    const marker = path.join(folder, 'answered');
    const stallSubject = `${subject}.stalled`;
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, ['--input-type=module', '-e', STALLED_RESPONDER], {
        env: {
          ...process.env,
          NATS_URL: testNatsUrl(),
          NATS_SEED: testNatsSeed('admin'),
          SUBJECT: stallSubject,
          MARKER: marker,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child!.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        child!.once('exit', (code) =>
          reject(new Error(`the responder exited (${code}): ${errors}`)),
        );
      });
      const inbox = new ReplyInbox(nc);
      const started = Date.now();
      const reply = inbox.request(stallSubject, 'stalled', { timeoutMs: 50 });
      // The request is written at the end of this turn (a microtask); the stall starts after it
      // and lasts until the answer is routed, and past the deadline.
      setImmediate(() => blockUntil(() => existsSync(marker) && Date.now() - started > 100));
      expect(text((await reply).data)).toBe('stalled');
      expect(Date.now() - started).toBeGreaterThan(100);
      expect(inbox.waiting).toBe(0);
      inbox.close();
    } finally {
      child?.kill();
      rmSync(folder, { recursive: true, force: true });
    }
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

/**
 * RpcClient's resends over the real nats-server: a service whose queue group also holds a replica
 * that takes requests and never answers (as one killed -9 with requests in hand). A read is
 * answered by the live replica within the deadline; a call that may not be repeated is sent once
 * and fails as before when it went to the dead one. Every attempt of a call carries one request id.
 * Whether a call is sent again is the operation's `resend`: these subjects are in no other table.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';
import { HEADERS, defineOperations, namespaced } from '@lr/contracts';
import { Handles, KitModule, RpcClient, metricsRegistry, type Call } from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import type { Subscription } from '@nats-io/transport-node';

const numbered = z.object({ n: z.number().int() });
const probeOps = defineOperations('auth', {
  probeRead: { input: numbered, output: numbered, callers: 'anyone', resend: 'read' },
  probeSlow: { input: numbered, output: numbered, callers: 'anyone', resend: 'read' },
  probeOnce: { input: numbered, output: numbered, callers: 'anyone', resend: 'once' },
});
type Numbered = z.infer<typeof numbered>;
/** Answered by a bare subscription of the test's own, which reads each attempt's headers. */
const headerOps = defineOperations('catalog', {
  probeHeaders: { input: numbered, output: numbered, callers: 'anyone', resend: 'read' },
});

const seen: { subject: string; requestId: string | null | undefined }[] = [];

@Controller()
class CountingController {
  @Handles(probeOps.probeRead)
  read(input: Numbered, call: Call<'anyone'>) {
    seen.push({ subject: probeOps.probeRead.subject, requestId: call.requestId });
    return input;
  }

  /** A replica that is alive but slow (the machine is overloaded): it answers every call late. */
  @Handles(probeOps.probeSlow)
  async slow(input: Numbered, call: Call<'anyone'>) {
    seen.push({ subject: probeOps.probeSlow.subject, requestId: call.requestId });
    await new Promise((resolve) => setTimeout(resolve, 400));
    return input;
  }

  @Handles(probeOps.probeOnce)
  once(input: Numbered, call: Call<'anyone'>) {
    seen.push({ subject: probeOps.probeOnce.subject, requestId: call.requestId });
    return input;
  }
}

@Module({})
class CountingModule {
  static register(env: TestEnv, migrationsDir: string): DynamicModule {
    return {
      module: CountingModule,
      imports: [
        KitModule.forService({
          service: 'auth',
          schema: 'auth',
          migrationsDir,
          config: env.config('auth'),
          logger: env.logger,
        }),
      ],
      controllers: [CountingController],
    };
  }
}

async function resendsOf(subject: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('lr_rpc_client_resends_total')?.get();
  return (metric?.values ?? [])
    .filter((v) => v.labels.subject === subject)
    .reduce((sum, v) => sum + v.value, 0);
}

describe('RpcClient resends', () => {
  let env: TestEnv;
  let client: RpcClient;
  let dead: Subscription;
  const swallowed: string[] = [];

  /** A second member of auth's queue group that takes requests and never answers. */
  const swallowing = () =>
    env.nc.subscribe(namespaced(env.namespace, 'rpc.auth.*'), {
      queue: namespaced(env.namespace, 'auth'),
      callback: (_error, msg) => {
        swallowed.push(msg.headers?.get(HEADERS.requestId) ?? '');
      },
    });

  beforeAll(async () => {
    env = await TestEnv.create();
    const migrationsDir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    await env.startService('auth', CountingModule.register(env, migrationsDir));
    dead = swallowing();
    await env.nc.flush();
    client = new RpcClient(env.nc, env.namespace, 3_000, 'test', {
      attemptTimeoutMs: 150,
      backoffMs: 20,
      maxBackoffMs: 200,
      maxAttempts: 4,
    });
  });
  afterAll(async () => {
    dead.unsubscribe();
    await env.close();
  });

  it('answers every read although some were in hand at a replica that died', async () => {
    // Sent again because the operation's declaration says `read`.
    expect(probeOps.probeRead.resend).toBe('read');
    const before = await resendsOf(probeOps.probeRead.subject);
    seen.length = 0;
    swallowed.length = 0;
    const calls = Array.from({ length: 30 }, (_, n) => client.call(probeOps.probeRead, { n }));
    // It dies once it holds some: the server drops its subscription, and what it held is lost.
    await waitFor(() => swallowed.length > 0, { timeoutMs: 5_000, intervalMs: 5 });
    dead.unsubscribe();
    const replies = await Promise.all(calls);
    expect(replies).toEqual(Array.from({ length: 30 }, (_, n) => ({ n })));
    expect((await resendsOf(probeOps.probeRead.subject)) - before).toBeGreaterThanOrEqual(
      swallowed.length,
    );
    // Each call carried one id on every attempt; the live replica answered each call once.
    const answered = seen.map((s) => s.requestId);
    expect(new Set(answered).size).toBe(30);
    for (const id of swallowed) expect(answered).toContain(id);
  });

  it('sends a call that may not be repeated once: the dead replica costs it the deadline', async () => {
    seen.length = 0;
    swallowed.length = 0;
    dead = swallowing();
    await env.nc.flush();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        client.call(probeOps.probeOnce, { n }, { timeoutMs: 800 }).then(
          () => 'ok',
          (error: { code?: string }) => error.code,
        ),
      ),
    );
    expect(swallowed.length).toBeGreaterThan(0);
    expect(results.filter((r) => r === 'SERVICE_UNAVAILABLE')).toHaveLength(swallowed.length);
    expect(results.filter((r) => r === 'ok')).toHaveLength(seen.length);
    expect(seen.length + swallowed.length).toBe(12);
  });

  it("sends every attempt with the call's correlation and request ids, each with its own wait", async () => {
    const attempts: { correlationId?: string; requestId?: string; replyWithinMs: number }[] = [];
    const listener = env.nc.subscribe(namespaced(env.namespace, headerOps.probeHeaders.subject), {
      callback: (_error, msg) => {
        attempts.push({
          correlationId: msg.headers?.get(HEADERS.correlationId),
          requestId: msg.headers?.get(HEADERS.requestId),
          replyWithinMs: Number(msg.headers?.get(HEADERS.replyWithinMs)),
        });
        // The first attempt is lost, as at a replica that died with it in hand.
        if (attempts.length > 1) msg.respond(JSON.stringify({ ok: true, data: { n: 5 } }));
      },
    });
    await env.nc.flush();
    try {
      const reply = await client.call(
        headerOps.probeHeaders,
        { n: 5 },
        { correlationId: 'checkout-1234-abcd' },
      );
      expect(reply).toEqual({ n: 5 });
    } finally {
      listener.unsubscribe();
    }
    expect(attempts).toHaveLength(2);
    expect(attempts.map((a) => a.correlationId)).toEqual([
      'checkout-1234-abcd',
      'checkout-1234-abcd',
    ]);
    expect(attempts[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]!.requestId).toBe(attempts[0]!.requestId);
    // Each attempt says how long it waits: within the call's deadline, never zero or missing.
    for (const { replyWithinMs } of attempts) {
      expect(replyWithinMs).toBeGreaterThanOrEqual(1);
      expect(replyWithinMs).toBeLessThanOrEqual(3_000);
    }
  });

  it('resends a read when nobody listens at first, within the deadline', async () => {
    dead.unsubscribe();
    await env.stopService('auth');
    const migrationsDir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    const call = client.call(probeOps.probeRead, { n: 7 }, { timeoutMs: 15_000 });
    // The service comes back while the call is still being resent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await env.startService('auth', CountingModule.register(env, migrationsDir));
    await expect(call).resolves.toEqual({ n: 7 });
  });

  it('does not flood a service that is slow rather than gone: resends stop at the budget', async () => {
    // A client of its own: no reply times learned yet, so every first attempt gives up waiting
    // long before the slow service answers, as under a sudden overload.
    const fresh = new RpcClient(env.nc, env.namespace, 5_000, 'test', {
      attemptTimeoutMs: 100,
      backoffMs: 20,
      maxBackoffMs: 200,
      maxAttempts: 4,
    });
    const before = await resendsOf(probeOps.probeSlow.subject);
    seen.length = 0;
    const calls = 120;
    const replies = await Promise.all(
      Array.from({ length: calls }, (_, n) => fresh.call(probeOps.probeSlow, { n })),
    );
    expect(replies).toEqual(Array.from({ length: calls }, (_, n) => ({ n })));
    const resent = (await resendsOf(probeOps.probeSlow.subject)) - before;
    // Without a budget every call would have been sent again at least once (120 or more); the
    // budget lets a burst of 50 go, then one per ten answered calls.
    expect(resent).toBeGreaterThan(0);
    expect(resent).toBeLessThanOrEqual(50 + Math.ceil(calls / 10));
    expect(seen.length).toBe(calls + resent);
  });
});

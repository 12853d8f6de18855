/**
 * A service started exactly as main.ts does answers request-reply over the real NATS server, with
 * the one error convention, and reports its health; a request is read after every message the
 * server routed to the service before it (a cache's hints).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { authOps, AppError, defineOperations, namespaced, type Operation } from '@lr/contracts';
import { Handles, KitModule, NATS_CONNECTION, type Call, type NatsConnection } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';

/** Operations only this test serves, under the auth service's subjects. */
const probeOps = defineOperations('auth', {
  echo: {
    input: z.object({ text: z.string() }),
    output: z.object({ text: z.string(), actor: z.string().nullable() }),
    callers: 'anyone',
    resend: 'read',
  },
  fail: { input: z.unknown(), output: z.null(), callers: 'anyone', resend: 'once' },
  crash: { input: z.unknown(), output: z.null(), callers: 'anyone', resend: 'once' },
  hintSeen: {
    input: z.object({ id: z.string() }),
    output: z.boolean(),
    callers: 'anyone',
    resend: 'read',
  },
});

/**
 * A broadcast the service reads on its own connection, as its caches read their hints (under its
 * own request subjects, which the NATS permissions let it read).
 */
const PROBE_HINT = 'rpc.auth.probe-hint';

@Controller()
class EchoController implements OnModuleInit {
  private readonly hintsSeen = new Set<string>();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject('NAMESPACE') private readonly namespace: string,
  ) {}

  onModuleInit(): void {
    this.nc.subscribe(namespaced(this.namespace, PROBE_HINT), {
      callback: (error, msg) => {
        if (!error) this.hintsSeen.add(msg.string());
      },
    });
  }

  @Handles(probeOps.hintSeen)
  hintSeen(input: { id: string }) {
    return this.hintsSeen.has(input.id);
  }

  @Handles(probeOps.echo)
  echo(input: { text: string }, call: Call<'anyone'>) {
    return { text: input.text, actor: call.actor?.role ?? null };
  }

  @Handles(probeOps.fail)
  fail(): never {
    throw AppError.conflict('That cannot happen twice', { reason: 'test' });
  }

  @Handles(probeOps.crash)
  crash(): never {
    throw new Error('secret internals');
  }
}

/** An operation declared but served by nobody. */
const nobodyHere: Operation = { ...probeOps.fail, subject: 'rpc.auth.nobody-here' };

@Module({})
class EchoModule {
  static register(env: TestEnv, migrationsDir: string): DynamicModule {
    return {
      module: EchoModule,
      imports: [
        KitModule.forService({
          service: 'auth',
          schema: 'auth',
          migrationsDir,
          config: env.config('auth'),
          logger: env.logger,
        }),
      ],
      controllers: [EchoController],
      providers: [{ provide: 'NAMESPACE', useValue: env.namespace }],
    };
  }
}

describe('request-reply over NATS', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
    const migrationsDir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    await env.startService('auth', EchoModule.register(env, migrationsDir));
  });
  afterAll(() => env.close());

  it('answers with data and passes the actor', async () => {
    const actor = TestEnv.actor('admin');
    await expect(env.rpc.call(probeOps.echo, { text: 'hi' }, { actor })).resolves.toEqual({
      text: 'hi',
      actor: 'admin',
    });
  });

  it('carries the error code and message of an AppError', async () => {
    await expect(env.rpc.call(probeOps.fail, {})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'That cannot happen twice',
    });
  });

  it('hides unexpected errors behind a generic message', async () => {
    const error = (await env.rpc.call(probeOps.crash, {}).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).not.toContain('secret');
  });

  it('reports PostgreSQL, NATS and JetStream health', async () => {
    const health = await env.rpc.call(authOps.health, {});
    expect(health.status).toBe('up');
    expect(Object.keys(health.checks).sort()).toEqual(['jetstream', 'nats', 'postgres']);
  });

  it('reads a request after the hints the server routed to the service before it, however many', async () => {
    const subject = namespaced(env.namespace, PROBE_HINT);
    // Many other hints ahead: with requests on a connection of their own, the service would read
    // the request while most of these are still unread on the other socket.
    for (let i = 0; i < 100_000; i += 1) env.nc.publish(subject, `other-${i}`);
    env.nc.publish(subject, 'the-change');
    // As publishHint does before the change is answered: the server has routed every hint.
    await env.nc.flush();
    await expect(env.rpc.call(probeOps.hintSeen, { id: 'the-change' })).resolves.toBe(true);
  });

  it('answers SERVICE_UNAVAILABLE when nobody listens', async () => {
    await expect(env.rpc.call(nobodyHere, {}, { timeoutMs: 500 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

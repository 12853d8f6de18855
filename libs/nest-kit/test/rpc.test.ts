/**
 * A service started exactly as main.ts does answers request-reply over the real NATS server, with
 * the one error convention, and reports its health.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Module, type DynamicModule } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { authOps, AppError, type RpcRequest } from '@lr/contracts';
import { KitModule } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';

@Controller()
class EchoController {
  @MessagePattern('rpc.auth.echo')
  echo(@Payload() request: RpcRequest<{ text: string }>) {
    return { text: request.input.text, actor: request.actor?.role ?? null };
  }

  @MessagePattern('rpc.auth.fail')
  fail(): never {
    throw AppError.conflict('That cannot happen twice', { reason: 'test' });
  }

  @MessagePattern('rpc.auth.crash')
  crash(): never {
    throw new Error('secret internals');
  }
}

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
    await expect(env.rpc.call('rpc.auth.echo', { text: 'hi' }, { actor })).resolves.toEqual({
      text: 'hi',
      actor: 'admin',
    });
  });

  it('carries the error code and message of an AppError', async () => {
    await expect(env.rpc.call('rpc.auth.fail', {})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'That cannot happen twice',
    });
  });

  it('hides unexpected errors behind a generic message', async () => {
    const error = (await env.rpc.call('rpc.auth.crash', {}).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
    expect(error.message).not.toContain('secret');
  });

  it('reports PostgreSQL, NATS and JetStream health', async () => {
    const health = await env.rpc.call(authOps.health, {});
    expect(health.status).toBe('up');
    expect(Object.keys(health.checks).sort()).toEqual(['jetstream', 'nats', 'postgres']);
  });

  it('answers SERVICE_UNAVAILABLE when nobody listens', async () => {
    await expect(env.rpc.call('rpc.nobody.here', {}, { timeoutMs: 500 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

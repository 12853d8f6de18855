/**
 * A service answering in a form its operation does not declare (services of different versions side
 * by side): the gateway's RpcClient refuses the reply, the HTTP client gets the generic 500 with no
 * schema details or stack, and the gateway's log says which operation and which field drifted.
 * Auth here is a plain NATS responder, so the reply can be anything.
 */
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { authOps, namespaced } from '@lr/contracts';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import type { Subscription } from '@nats-io/transport-node';
import { gatewayConfigSchema } from '../src/config.js';
import { createGatewayApp } from '../src/create-app.js';

describe('a reply outside its operation', () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let fakeAuth: Subscription;
  const lines: { msg: string }[] = [];

  beforeAll(async () => {
    env = await TestEnv.create();
    // The reply to a forgotten code, with the field renamed: `message` is what the operation says.
    fakeAuth = env.nc.subscribe(namespaced(env.namespace, authOps.forgotPassword.subject), {
      callback: (_error, msg) => {
        msg.respond(JSON.stringify({ ok: true, data: { note: 'renamed field' } }));
      },
    });
    await env.nc.flush();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { msg: string });
        done();
      },
    });
    app = await createGatewayApp(
      parseConfig(gatewayConfigSchema, env.envVars('gateway', { PORT: '0' })),
      pino({ level: 'error' }, sink),
    );
  });
  afterAll(async () => {
    fakeAuth.unsubscribe();
    await app.close();
    await env.close();
  });

  it('answers 500 with the generic message and logs the operation and the field', async () => {
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    const response = await fastify.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: 'teacher@school.example' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: 'Internal server error',
      code: 'INTERNAL',
    });
    expect(response.body).not.toMatch(/message: |expected|invalid_type|at .*\.js/);
    const logged = lines.find((line) => line.msg.includes(authOps.forgotPassword.subject));
    expect(logged?.msg).toContain('message: ');
  });
});

/**
 * Gateway test harness with the real auth service: a TestEnv running auth (demo accounts seeded)
 * and the gateway app, plus `loginAs` giving the Cookie header of a logged-in account.
 * Other gateway tests may use it: start their own services on `h.env` before or after.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import { DEMO_CODE, startAuthService } from '@lr/testing/services';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { gatewayConfigSchema } from '../src/config.js';
import { createGatewayApp } from '../src/create-app.js';

export { DEMO_CODE };

export interface AuthHarness {
  env: TestEnv;
  app: NestFastifyApplication;
  /** The key session tokens are signed with (auth's, and the gateway's). */
  jwtSecret: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The Cookie header of a fresh session of this account. */
  loginAs(loginId: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startAuthHarness(
  authEnv: Record<string, string> = {},
  env?: TestEnv,
  gatewayEnv: Record<string, string> = {},
): Promise<AuthHarness> {
  const testEnv = env ?? (await TestEnv.create());
  const authConfig = await startAuthService(testEnv, authEnv);
  const app = await createGatewayApp(
    parseConfig(gatewayConfigSchema, testEnv.envVars('gateway', { PORT: '0', ...gatewayEnv })),
    testEnv.logger,
  );
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const inject = (options: InjectOptions) => fastify.inject(options);
  return {
    env: testEnv,
    app,
    jwtSecret: authConfig.JWT_SECRET,
    inject,
    async loginAs(loginId, password = DEMO_CODE) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: loginId, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login as ${loginId} failed: ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'token');
      if (!cookie) throw new Error('no session cookie');
      return `token=${cookie.value}`;
    },
    async close() {
      await app.close();
      await testEnv.close();
    },
  };
}

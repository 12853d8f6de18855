/**
 * Passport for the gateway: the session strategy (session.strategy.ts), built from the app's
 * config, RPC client and SessionCache, and PassportModule set to use it by default, which the
 * access guard (a Passport AuthGuard) reads.
 */
import { Module, type DynamicModule } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RpcClient, sessionSecret } from '@lr/nest-kit';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../core/tokens.js';
import { checkSession, knownSession } from './session-check.js';
import { SessionCache } from './session-cache.js';
import { createSessionStrategy } from './session.strategy.js';

const SESSION_STRATEGY = Symbol('SESSION_STRATEGY');

let apps = 0;

@Module({})
export class SessionAuthModule {
  /** Once per gateway app: its strategy gets a name of its own (see createSessionStrategy). */
  static register(): DynamicModule {
    apps += 1;
    const strategyName = `lr-session-${apps}`;
    return {
      module: SessionAuthModule,
      imports: [PassportModule.register({ defaultStrategy: strategyName })],
      providers: [
        {
          provide: SESSION_STRATEGY,
          inject: [GATEWAY_CONFIG, RpcClient, SessionCache],
          useFactory: (config: GatewayConfig, rpc: RpcClient, cache: SessionCache) =>
            createSessionStrategy(
              strategyName,
              sessionSecret(config),
              (token) => checkSession(rpc, cache, token),
              (token) => knownSession(cache, token),
            ),
        },
      ],
      exports: [PassportModule],
    };
  }
}

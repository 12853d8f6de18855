import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Logger } from '@lr/nest-kit';
import type { GatewayConfig } from './config.js';
import { GatewayAppModule } from './gateway-app.module.js';

/** Whether the module puts every answer through the response-contract check. */
function checksAnswers(config: Partial<GatewayConfig>): boolean {
  const module = GatewayAppModule.register(config as GatewayConfig, {} as Logger);
  return (module.providers ?? []).some(
    (provider) =>
      typeof provider === 'object' && 'provide' in provider && provider.provide === APP_INTERCEPTOR,
  );
}

describe('GatewayAppModule', () => {
  it('checks answers against their contracts in tests, or when told to, and not otherwise', () => {
    expect(checksAnswers({ NODE_ENV: 'test' })).toBe(true);
    expect(checksAnswers({ NODE_ENV: 'production', CHECK_RESPONSE_CONTRACTS: true })).toBe(true);
    // Elsewhere no interceptor at all: requests skip Nest's observable pipeline.
    expect(checksAnswers({ NODE_ENV: 'production' })).toBe(false);
    expect(checksAnswers({ NODE_ENV: 'test', CHECK_RESPONSE_CONTRACTS: false })).toBe(false);
  });
});

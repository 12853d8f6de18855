/** The auth service: accounts, sessions, passwords and login throttling (schema `auth`). */
import { fileURLToPath } from 'node:url';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { KitModule, type Logger } from '@lr/nest-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import type { AuthConfig } from './config.js';
import { AUTH_CONFIG } from './core/tokens.js';
import { PasswordsModule } from './passwords/passwords.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { InitialAdmin } from './seed/initial-admin.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { AccountKeys } from './users/account-keys.js';
import { UsersModule } from './users/users.module.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

@Global()
@Module({})
class AuthConfigModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AuthConfigModule,
      providers: [{ provide: AUTH_CONFIG, useValue: config }],
      exports: [AUTH_CONFIG],
    };
  }
}

@Module({})
export class AuthAppModule {
  static register(config: AuthConfig, logger?: Logger): DynamicModule {
    return {
      module: AuthAppModule,
      imports: [
        KitModule.forService({
          service: 'auth',
          schema: 'auth',
          migrationsDir: MIGRATIONS_DIR,
          config,
          logger,
        }),
        AuthConfigModule.register(config),
        UsersModule,
        SessionsModule,
        ProfileModule,
        PasswordsModule,
        AccountsModule,
      ],
      // Keys first: the initial admin's check reads them.
      providers: [AccountKeys, InitialAdmin],
    };
  }
}

/**
 * Production's first admin: when INITIAL_ADMIN_CODE is set and no admin exists, login id `admin`
 * is created with that code at start (demo data is never seeded in production).
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, LOGGER, type Database, type Logger } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { hashPassword } from '../core/passwords.js';
import { AUTH_CONFIG } from '../core/tokens.js';
import { UserEvents } from '../users/user-events.js';
import { DEFAULT_AVATAR_URL } from '../users/users.mapper.js';
import { UsersRepository } from '../users/users.repository.js';

@Injectable()
export class InitialAdmin implements OnApplicationBootstrap {
  private readonly logger: Logger;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
    private readonly users: UsersRepository,
    private readonly events: UserEvents,
  ) {
    this.logger = logger.child({ context: InitialAdmin.name });
  }

  async onApplicationBootstrap(): Promise<void> {
    const code = this.config.INITIAL_ADMIN_CODE;
    if (!code) return;
    const passwordHash = await hashPassword(code);
    const created = await this.db.transaction(async (tx) => {
      // Replicas starting together: only one creates the account.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('auth:initial-admin'))`);
      if ((await this.users.countAdmins(tx)) > 0) return false;
      if (await this.users.loginIdTaken('admin', null, tx)) {
        this.logger.error(
          'INITIAL_ADMIN_CODE is set but login id "admin" exists without the admin role',
        );
        return false;
      }
      const row = await this.users.insert(
        {
          id: randomUUID(),
          loginId: 'admin',
          name: 'Admin',
          role: 'admin',
          avatarUrl: DEFAULT_AVATAR_URL,
          passwordHash,
        },
        tx,
      );
      await this.events.created(tx, row);
      return true;
    });
    if (created)
      this.logger.warn('created the initial admin account "admin" from INITIAL_ADMIN_CODE');
  }
}

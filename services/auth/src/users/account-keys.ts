/**
 * At start, before the service answers: every account's login key and name key are recomputed
 * with `loginKeyOf` and corrected where they differ (the migration that added them could only
 * approximate the fold in SQL, and a future change of the fold lands the same way). Accounts that
 * collide with an older one are logged at each start until an admin renames them.
 */
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { DATABASE, LOGGER, type Database, type Logger } from '@lr/nest-kit';
import { users } from '../db/schema.js';
import { collidingKey, planAccountKeys } from './account-key-plan.js';

@Injectable()
export class AccountKeys implements OnApplicationBootstrap {
  private readonly logger: Logger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: AccountKeys.name });
  }

  async onApplicationBootstrap(): Promise<void> {
    const plan = await this.db.transaction(async (tx) => {
      // Replicas starting together: one corrects, the others then find nothing to do.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('auth:account-keys'))`);
      const accounts = await tx
        .select({
          id: users.id,
          loginId: users.loginId,
          name: users.name,
          role: users.role,
          loginKey: users.loginKey,
          nameKey: users.nameKey,
        })
        .from(users)
        .orderBy(asc(users.createdAt), asc(users.id));
      const planned = planAccountKeys(accounts);
      // Two steps, so that a key moving from one row to another never meets itself midway.
      for (const change of planned.changes) {
        const parked = collidingKey('parked', change.id);
        await tx
          .update(users)
          .set({ loginKey: parked, nameKey: parked })
          .where(eq(users.id, change.id));
      }
      for (const change of planned.changes) {
        await tx
          .update(users)
          .set({ loginKey: change.loginKey, nameKey: change.nameKey })
          .where(eq(users.id, change.id));
      }
      return planned;
    });
    if (plan.changes.length > 0) {
      this.logger.info({ accounts: plan.changes.length }, 'login and name keys recomputed');
    }
    for (const id of plan.loginIdCollisions) {
      this.logger.warn(
        { userId: id },
        "this account's login id is another, older account's in a different spelling: it cannot log in until an admin gives it a login id of its own",
      );
    }
    for (const id of plan.schoolNameCollisions) {
      this.logger.warn(
        { userId: id },
        "this school's name is another, older school's in a different spelling: rename one of them in the console",
      );
    }
  }
}

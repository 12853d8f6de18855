/** SQL of password-reset tokens, stored only as their sha256. */
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';
import { passwordResets } from '../db/schema.js';

@Injectable()
export class PasswordResetsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores a new token and retires the user's earlier unused ones (only the latest link works). */
  async replace(
    userId: string,
    tokenHash: string,
    expiresAt: Date,
    exec: Executor = this.db,
  ): Promise<void> {
    await exec
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await exec
      .insert(passwordResets)
      .values({ tokenHash, userId, expiresAt, createdAt: new Date() });
  }

  /** How many links were made for this user in the last `minutes` (limits mail bombing). */
  async countRecent(userId: string, minutes: number, exec: Executor = this.db): Promise<number> {
    const rows = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, userId),
          gt(passwordResets.createdAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      );
    return rows[0]?.n ?? 0;
  }

  /** The stored hash of a token that may still be used (unknown, used or expired: undefined). */
  async findUsable(tokenHash: string, exec: Executor = this.db): Promise<string | undefined> {
    const rows = await exec
      .select({ tokenHash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return rows[0]?.tokenHash;
  }

  /** Marks a valid token used and returns its user, or undefined when unknown, used or expired. */
  async consume(tokenHash: string, exec: Executor): Promise<string | undefined> {
    const rows = await exec
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return rows[0]?.userId;
  }
}

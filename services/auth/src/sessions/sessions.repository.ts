/** SQL of sessions: rows that a JWT points to, so a session can be revoked before it expires. */
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';
import { sessions } from '../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(
    row: { id: string; userId: string; expiresAt: Date },
    exec: Executor = this.db,
  ): Promise<void> {
    await exec.insert(sessions).values({ ...row, createdAt: new Date() });
  }

  async find(id: string, exec: Executor = this.db): Promise<SessionRow | undefined> {
    const rows = await exec.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return rows[0];
  }

  async extend(id: string, expiresAt: Date, exec: Executor = this.db): Promise<void> {
    await exec
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revoke(id: string, exec: Executor = this.db): Promise<void> {
    await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every open session of a user (role or code change, deletion, password change). */
  async revokeAllOfUser(userId: string, exec: Executor = this.db): Promise<number> {
    const rows = await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Ends every open session of a user but `keepId` (the caller's own, when it is one of them). */
  async revokeOthersOfUser(
    userId: string,
    keepId: string,
    exec: Executor = this.db,
  ): Promise<number> {
    const rows = await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)))
      .returning({ id: sessions.id });
    return rows.length;
  }
}

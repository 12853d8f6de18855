/**
 * Failed-login bookkeeping for throttling per account and per address (OWASP ASVS 6.1). Only
 * failures are stored; a success deletes the account's rows, and rows older than the window are
 * pruned as attempts come in, so no lockout is permanent.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';

export interface FailureCount {
  count: number;
  /** When the oldest failure still inside the window happened. */
  oldest: Date | null;
}

@Injectable()
export class LoginThrottleRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Serialises attempts on one account inside the caller's transaction, so its limit is exact. */
  async lockAccount(loginKey: string, exec: Executor): Promise<void> {
    await exec.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${loginKey}`}))`);
  }

  async prune(
    loginKey: string,
    ip: string,
    windowMinutes: number,
    exec: Executor = this.db,
  ): Promise<void> {
    await exec.execute(sql`
      DELETE FROM auth.login_failures
      WHERE (login_key = ${loginKey} OR ip = ${ip})
        AND at < now() - make_interval(mins => ${windowMinutes})`);
  }

  async failuresOfAccount(
    loginKey: string,
    windowMinutes: number,
    exec: Executor = this.db,
  ): Promise<FailureCount> {
    return this.count(sql`login_key = ${loginKey}`, windowMinutes, exec);
  }

  async failuresOfIp(
    ip: string,
    windowMinutes: number,
    exec: Executor = this.db,
  ): Promise<FailureCount> {
    return this.count(sql`ip = ${ip}`, windowMinutes, exec);
  }

  async recordFailure(loginKey: string, ip: string, exec: Executor = this.db): Promise<void> {
    await exec.execute(
      sql`INSERT INTO auth.login_failures (login_key, ip) VALUES (${loginKey}, ${ip})`,
    );
  }

  /** A successful login resets the account's counter (the address keeps its own). */
  async clearAccount(loginKey: string, exec: Executor = this.db): Promise<void> {
    await exec.execute(sql`DELETE FROM auth.login_failures WHERE login_key = ${loginKey}`);
  }

  private async count(
    where: ReturnType<typeof sql>,
    windowMinutes: number,
    exec: Executor,
  ): Promise<FailureCount> {
    const result = await exec.execute<{ n: number; oldest: Date | string | null }>(sql`
      SELECT count(*)::int AS n, min(at) AS oldest FROM auth.login_failures
      WHERE ${where} AND at >= now() - make_interval(mins => ${windowMinutes})`);
    const row = result.rows[0];
    return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }
}

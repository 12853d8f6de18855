/**
 * Failed code checks (logins and the old code of a code change) for throttling per account and
 * address, per address, and the account-wide slow-down (OWASP ASVS 6.1). Only failures are stored;
 * rows older than the window are pruned as attempts come in, so no lockout is permanent.
 *
 * An attempt is recorded as a failure before its code is verified and forgotten again when the code
 * was right: requests racing each other from one address then cannot all pass the count before any
 * failure is written, and no transaction stays open during the (slow) argon2 check.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';

export interface FailureCount {
  count: number;
  /** When the oldest failure still inside the window happened. */
  oldest: Date | null;
}

export interface AttemptCounts {
  /** Failures of this account from this address. */
  accountAndIp: FailureCount;
  /** Failures from this address, any account. */
  ip: FailureCount;
  /** Failures of this account from every address. */
  account: FailureCount;
}

type CountRow = {
  pair_n: number;
  pair_oldest: Date | string | null;
  ip_n: number;
  ip_oldest: Date | string | null;
  account_n: number;
  account_oldest: Date | string | null;
};

const toDate = (value: Date | string | null): Date | null => (value ? new Date(value) : null);

@Injectable()
export class LoginThrottleRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The counts before this attempt, taken under a lock on the address (one address's attempts are
   * counted one at a time; different addresses never wait for each other).
   */
  async countAndLock(
    loginKey: string,
    ip: string,
    windowMinutes: number,
    exec: Executor,
  ): Promise<AttemptCounts> {
    await exec.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    await exec.execute(sql`
      DELETE FROM auth.login_failures
      WHERE (login_key = ${loginKey} OR ip = ${ip})
        AND at < now() - make_interval(mins => ${windowMinutes})`);
    const result = await exec.execute<CountRow>(sql`
      SELECT
        count(*) FILTER (WHERE login_key = ${loginKey} AND ip = ${ip})::int AS pair_n,
        min(at) FILTER (WHERE login_key = ${loginKey} AND ip = ${ip}) AS pair_oldest,
        count(*) FILTER (WHERE ip = ${ip})::int AS ip_n,
        min(at) FILTER (WHERE ip = ${ip}) AS ip_oldest,
        count(*) FILTER (WHERE login_key = ${loginKey})::int AS account_n,
        min(at) FILTER (WHERE login_key = ${loginKey}) AS account_oldest
      FROM auth.login_failures
      WHERE (login_key = ${loginKey} OR ip = ${ip})
        AND at >= now() - make_interval(mins => ${windowMinutes})`);
    const row = result.rows[0];
    return {
      accountAndIp: { count: row?.pair_n ?? 0, oldest: toDate(row?.pair_oldest ?? null) },
      ip: { count: row?.ip_n ?? 0, oldest: toDate(row?.ip_oldest ?? null) },
      account: { count: row?.account_n ?? 0, oldest: toDate(row?.account_oldest ?? null) },
    };
  }

  /** Records an attempt as a failure (forgotten by clearAccountAndIp when the code was right). */
  async recordFailure(loginKey: string, ip: string, exec: Executor = this.db): Promise<void> {
    await exec.execute(
      sql`INSERT INTO auth.login_failures (login_key, ip) VALUES (${loginKey}, ${ip})`,
    );
  }

  /**
   * A right code clears this address's failures on this account. Other addresses keep theirs: a
   * login by the owner must not give an attacker elsewhere a fresh set of guesses.
   */
  async clearAccountAndIp(loginKey: string, ip: string, exec: Executor = this.db): Promise<void> {
    await exec.execute(
      sql`DELETE FROM auth.login_failures WHERE login_key = ${loginKey} AND ip = ${ip}`,
    );
  }
}

/**
 * Replies of writes, recorded under the caller's request id in the same transaction (or the same
 * statement) as the write, so a resent request is answered with the first run's reply instead of
 * writing again (an operation whose `resend` rule is `deduped`, contracts `operation.ts`).
 *
 * The record's primary key is where two runs of one request meet: the second run's insert waits for
 * the first one's transaction and then fails, which rolls the second run's write back; whichever
 * way a second run fails (that key, a version check, "not found" because the first run deleted the
 * row), the recorded reply is looked up and given instead. A resend that arrives after the first
 * run committed fails the same way, so no lookup is needed before writing. Records are kept for
 * RECORDED_REPLY_RETENTION_MS, far beyond any call's deadline (RecordedRepliesPruner).
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError, type RpcRequest } from '@lr/contracts';
import type { Executor } from './db.js';
import { metrics } from './metrics.js';

/** Which request a reply answers. */
export interface ReplyKey {
  requestId: string;
  /** The subject it came on (un-namespaced): one id cannot be replayed on another subject. */
  subject: string;
  actorId: string | null;
}

/** How long a reply stays recorded: resends come within one call's deadline (seconds). */
export const RECORDED_REPLY_RETENTION_MS = 60 * 60_000;

/** The key of a request, or null when it came without a request id (then nothing is recorded). */
export function replyKeyOf(
  request: Pick<RpcRequest, 'requestId' | 'actor'>,
  subject: string,
): ReplyKey | null {
  if (!request.requestId) return null;
  return { requestId: request.requestId, subject, actorId: request.actor?.id ?? null };
}

const ID_REUSED = 'This request id was already used for another request';

/** What runs a transaction: the database itself, or a repository that offers one. */
export interface TransactionRunner {
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
}

export class RecordedReplies {
  constructor(private readonly schema: string) {}

  get table(): SQL {
    return sql`${sql.identifier(this.schema)}.rpc_replies`;
  }

  /**
   * An INSERT of the record for a data-modifying CTE of a larger statement: it goes in only when
   * the CTE `onlyWith` returned a row (e.g. a version-guarded update), and not at all without a
   * key. The text is the same for every key and reply, so the statement can be a named one.
   */
  insertSql(key: ReplyKey | null, reply: unknown, onlyWith: SQL): SQL {
    return sql`INSERT INTO ${this.table} (request_id, subject, actor_id, reply)
      SELECT ${key?.requestId ?? null}::text, ${key?.subject ?? null}::text,
             ${key?.actorId ?? null}::uuid, ${key ? JSON.stringify(reply ?? null) : null}::json
      FROM ${onlyWith} WHERE ${key?.requestId ?? null}::text IS NOT NULL`;
  }

  /** Records `reply` in the caller's transaction (nothing without a key). */
  async record(exec: Executor, key: ReplyKey | null, reply: unknown): Promise<void> {
    if (!key) return;
    await exec.execute(
      sql`INSERT INTO ${this.table} (request_id, subject, actor_id, reply)
          VALUES (${key.requestId}, ${key.subject}, ${key.actorId}::uuid,
                  ${JSON.stringify(reply ?? null)}::json)`,
    );
  }

  /** The reply recorded for this request, if any; an id recorded for another request is a 409. */
  async find<T>(exec: Executor, key: ReplyKey): Promise<{ reply: T } | null> {
    const result = await exec.execute<{ subject: string; actor_id: string | null; reply: T }>(
      sql`SELECT subject, actor_id, reply FROM ${this.table} WHERE request_id = ${key.requestId}`,
    );
    const row = result.rows[0];
    if (!row) return null;
    if (row.subject !== key.subject || (row.actor_id ?? null) !== key.actorId) {
      throw AppError.conflict(ID_REUSED);
    }
    return { reply: row.reply };
  }

  /**
   * After a write failed: the reply its first run recorded (the failure was this run meeting that
   * one), or the failure itself.
   */
  async replayOr<T>(exec: Executor, key: ReplyKey | null, error: unknown): Promise<T> {
    if (!key) throw error;
    const found = await this.find<T>(exec, key);
    if (!found) throw error;
    metrics.rpc.replayed.inc({ subject: key.subject });
    return found.reply;
  }

  /**
   * Runs `work` in one transaction (of the database, or of a repository that offers one) and
   * records its result with it; a resend of the same request gets the recorded result and writes
   * nothing. The result must be plain JSON data (a resend gets a JSON copy: a Date would come back
   * a string). Without a key it is just a transaction.
   */
  async transaction<T>(
    runner: TransactionRunner,
    key: ReplyKey | null,
    work: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    if (!key) return runner.transaction((tx) => work(tx));
    try {
      return await runner.transaction(async (tx) => {
        const result = await work(tx);
        await this.record(tx, key, result);
        return result;
      });
    } catch (error) {
      return runner.transaction((tx) => this.replayOr<T>(tx, key, error));
    }
  }
}

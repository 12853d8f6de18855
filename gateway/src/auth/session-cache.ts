/**
 * Answers of auth's session check, kept per token so most requests need no round trip to auth.
 *
 * An entry lives until the earlier of auth's `cacheUntil` (the token's half-life, after which every
 * request must reach auth for its refreshed token) and now + SESSION_CACHE_TTL_MS. Auth broadcasts
 * a hint whenever a session ends or a user changes, and the gateway evicts on it (see
 * session-cache.module.ts); the TTL only bounds the staleness when such a hint is lost.
 *
 * Only positive answers are kept: a token auth refused goes to auth again every time. A check
 * under way is shared: requests with the same token that arrive while auth is being asked wait for
 * that answer instead of each asking (a page's parallel requests, or many clients behind one cookie
 * when an entry expires). Plain data structure, no NATS or Nest, so it is unit-tested on its own.
 */
import type { Actor, SessionCheckReply } from '@lr/contracts';

export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  actor: Actor;
  sessionId: string;
  expiresAt: number;
}

export class SessionCache {
  /** Insertion order is age: the first key is the oldest entry, dropped when full. */
  private readonly byToken = new Map<string, Entry>();
  /** A session may have two live tokens (the old one and its sliding refresh). */
  private readonly bySession = new Map<string, Set<string>>();
  private readonly byUser = new Map<string, Set<string>>();
  /**
   * Bumped on every eviction. A check that was sent before an eviction may carry the state from
   * before the change; `store` drops its answer instead of caching it (see `ticket`).
   */
  private generation = 0;
  /** Checks under way, by token, with the generation they were started in. */
  private readonly checking = new Map<string, { ticket: number; answer: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get size(): number {
    return this.byToken.size;
  }

  /** The cached answer for this token: its actor and session, or null (ask auth). */
  get(token: string): { actor: Actor; sessionId: string } | null {
    const entry = this.byToken.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(token);
      return null;
    }
    return { actor: entry.actor, sessionId: entry.sessionId };
  }

  /** Take before asking auth; hand to `store` with the answer. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps auth's answer unless it is not cacheable or an eviction happened since `ticket`. */
  store(token: string, reply: SessionCheckReply, ticket: number): void {
    if (!this.enabled || !reply.cacheUntil || ticket !== this.generation) return;
    const expiresAt = Math.min(Date.parse(reply.cacheUntil), this.now() + this.ttlMs);
    if (!(expiresAt > this.now())) return;
    this.remove(token);
    while (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.byToken.set(token, { actor: reply.actor, sessionId: reply.sessionId, expiresAt });
    addTo(this.bySession, reply.sessionId, token);
    addTo(this.byUser, reply.actor.id, token);
  }

  /**
   * The answer of the check under way for this token, or of `check` started now. A check started
   * before an eviction is not joined: it may answer from the state before the change.
   */
  share<T>(token: string, check: () => Promise<T>): Promise<T> {
    const current = this.checking.get(token);
    if (current && current.ticket === this.generation) return current.answer as Promise<T>;
    const answer = check().finally(() => {
      if (this.checking.get(token)?.answer === answer) this.checking.delete(token);
    });
    this.checking.set(token, { ticket: this.generation, answer });
    return answer;
  }

  evictSession(sessionId: string): void {
    this.generation += 1;
    for (const token of [...(this.bySession.get(sessionId) ?? [])]) this.remove(token);
  }

  evictUser(userId: string): void {
    this.generation += 1;
    for (const token of [...(this.byUser.get(userId) ?? [])]) this.remove(token);
  }

  /** Everything, e.g. after a NATS reconnect, when hints may have been missed. */
  clear(): void {
    this.generation += 1;
    this.byToken.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private remove(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    removeFrom(this.bySession, entry.sessionId, token);
    removeFrom(this.byUser, entry.actor.id, token);
  }
}

function addTo(index: Map<string, Set<string>>, key: string, token: string): void {
  const tokens = index.get(key);
  if (tokens) tokens.add(token);
  else index.set(key, new Set([token]));
}

function removeFrom(index: Map<string, Set<string>>, key: string, token: string): void {
  const tokens = index.get(key);
  if (!tokens) return;
  tokens.delete(token);
  if (tokens.size === 0) index.delete(key);
}

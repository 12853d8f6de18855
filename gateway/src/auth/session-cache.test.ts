/** SessionCache on its own: lifetimes, eviction by session and user, the size bound, late answers. */
import { randomUUID } from 'node:crypto';
import type { SessionCheckReply } from '@lr/contracts';
import { SessionCache } from './session-cache.js';

let clock = 1_000_000;
const now = () => clock;

function replyFor(
  userId = randomUUID(),
  sessionId = randomUUID(),
  cacheUntil: number | null = clock + 60_000,
): SessionCheckReply {
  return {
    actor: { id: userId, role: 'user', name: 'School', loginId: 'school' },
    sessionId,
    refreshedToken: null,
    expiresAt: null,
    cacheUntil: cacheUntil === null ? null : new Date(cacheUntil).toISOString(),
  };
}

describe('SessionCache', () => {
  it('keeps an answer until the earlier of cacheUntil and the TTL', () => {
    const cache = new SessionCache(5_000, 100, now);
    cache.store('ttl-bound', replyFor(), cache.ticket());
    cache.store('half-life-bound', replyFor(undefined, undefined, clock + 1_000), cache.ticket());
    expect(cache.get('ttl-bound')?.actor.name).toBe('School');
    clock += 1_000;
    expect(cache.get('half-life-bound')).toBeNull();
    expect(cache.get('ttl-bound')).not.toBeNull();
    clock += 4_000;
    expect(cache.get('ttl-bound')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer without cacheUntil (a refreshed token), or when disabled', () => {
    const cache = new SessionCache(5_000, 100, now);
    cache.store('refreshed', replyFor(undefined, undefined, null), cache.ticket());
    expect(cache.get('refreshed')).toBeNull();
    const disabled = new SessionCache(0, 100, now);
    expect(disabled.enabled).toBe(false);
    disabled.store('t', replyFor(), disabled.ticket());
    expect(disabled.size).toBe(0);
  });

  it('evicts every token of a session, or of a user, and nothing else', () => {
    const cache = new SessionCache(5_000, 100, now);
    const user = randomUUID();
    const session = randomUUID();
    cache.store('old-token', replyFor(user, session), cache.ticket());
    cache.store('refreshed-token', replyFor(user, session), cache.ticket());
    cache.store('other-device', replyFor(user), cache.ticket());
    cache.store('someone-else', replyFor(), cache.ticket());
    cache.evictSession(session);
    expect([cache.get('old-token'), cache.get('refreshed-token')]).toEqual([null, null]);
    expect(cache.get('other-device')).not.toBeNull();
    cache.evictUser(user);
    expect(cache.get('other-device')).toBeNull();
    expect(cache.get('someone-else')).not.toBeNull();
  });

  it('drops an answer to a check sent before an eviction (it may predate the change)', () => {
    const cache = new SessionCache(5_000, 100, now);
    const ticket = cache.ticket();
    cache.evictUser(randomUUID());
    cache.store('late', replyFor(), ticket);
    expect(cache.get('late')).toBeNull();
    cache.store('late', replyFor(), cache.ticket());
    expect(cache.get('late')).not.toBeNull();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new SessionCache(5_000, 3, now);
    for (const token of ['t1', 't2', 't3', 't4']) cache.store(token, replyFor(), cache.ticket());
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t4')).not.toBeNull();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('shares a check under way among requests with the same token, but not across an eviction', async () => {
    const cache = new SessionCache(5_000, 100, now);
    const pending: ((value: string) => void)[] = [];
    let started = 0;
    const check = () => {
      started += 1;
      return new Promise<string>((resolve) => pending.push(resolve));
    };
    const first = cache.share('t', check);
    const joined = cache.share('t', check);
    const otherToken = cache.share('u', check);
    expect(started).toBe(2);
    cache.evictUser('someone');
    // Asked after an eviction: may not take an answer that started before it.
    const afterEviction = cache.share('t', check);
    expect(started).toBe(3);
    pending.forEach((resolve, i) => resolve(`answer ${i}`));
    await expect(Promise.all([first, joined, otherToken, afterEviction])).resolves.toEqual([
      'answer 0',
      'answer 0',
      'answer 1',
      'answer 2',
    ]);
    // Finished checks are not reused.
    void cache.share('t', check);
    expect(started).toBe(4);
  });

  it('shares a failing check too, and asks again afterwards', async () => {
    const cache = new SessionCache(5_000, 100, now);
    let started = 0;
    const failing = () => {
      started += 1;
      return Promise.reject(new Error('auth is down'));
    };
    const both = [cache.share('t', failing), cache.share('t', failing)];
    await expect(Promise.allSettled(both)).resolves.toEqual([
      { status: 'rejected', reason: new Error('auth is down') },
      { status: 'rejected', reason: new Error('auth is down') },
    ]);
    expect(started).toBe(1);
    await expect(cache.share('t', failing)).rejects.toThrow('auth is down');
    expect(started).toBe(2);
  });
});

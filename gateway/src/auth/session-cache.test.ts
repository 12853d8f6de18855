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
});

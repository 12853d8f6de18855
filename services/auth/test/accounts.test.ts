/**
 * User management by admins: list, read, register, update, delete, set a new code; the last-admin
 * and self protections; sessions ending on role/code change and deletion; events in the outbox.
 */
import {
  authOps,
  type Actor,
  type KeysetPage,
  type PublicUserEntry,
  type UserList,
  type InputOf,
  type Operation,
} from '@lr/contracts';
import { countUnsent } from '@lr/nest-kit';
import { TestEnv, streamEvents, waitFor } from '@lr/testing';
import {
  DEMO_CODE,
  actorOf,
  errorOf,
  login,
  startAuth,
  type AuthTestEnv,
} from './support/auth-env.js';

interface OutboxRow {
  subject: string;
  envelope: { version: number; data: Record<string, unknown> };
}

describe('auth accounts', () => {
  let t: AuthTestEnv;
  let admin: Actor;

  /** Input is `unknown`: these tests also send what the schema refuses. */
  const call = <Op extends Operation>(operation: Op, input: unknown, actor: Actor | null = admin) =>
    t.env.rpc.call(operation, input as InputOf<Op>, { actor });
  const outboxOf = async (userId: string) =>
    (
      await t.env.pool.query<OutboxRow>(
        `SELECT subject, envelope FROM auth.outbox WHERE envelope->'data'->'user'->>'id' = $1 OR envelope->'data'->>'userId' = $1 ORDER BY id`,
        [userId],
      )
    ).rows;

  beforeAll(async () => {
    t = await startAuth();
    admin = await actorOf(t.env, 'admin');
  });
  afterAll(() => t.env.close());

  it('public list: reserved accounts out, sorted by name, only id, name and login id', async () => {
    const { items: list, next } = await call(authOps.publicUserList, {}, null);
    expect(next).toBeNull();
    expect(list.length).toBe(14);
    expect(list.map((u) => u.loginId)).not.toEqual(expect.arrayContaining(['admin']));
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['id', 'loginId', 'name']);
    expect(list[0]?.name).toBe('Blue Heron Elementary');
  });

  it('public list: pages by name, every account once; a forged cursor is refused', async () => {
    const whole = (await call(authOps.publicUserList, {}, null)).items;
    const walked: PublicUserEntry[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: KeysetPage<PublicUserEntry> = await call(
        authOps.publicUserList,
        { after, limit: 4 },
        null,
      );
      walked.push(...page.items);
      after = page.next;
      pages += 1;
    } while (after && pages < 20);
    expect(pages).toBeGreaterThan(3);
    expect(walked).toEqual(whole);
    for (const forged of ['junk', Buffer.from('["x","not-a-uuid"]').toString('base64url')])
      await expect(call(authOps.publicUserList, { after: forged }, null)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    await expect(call(authOps.publicUserList, { limit: 101 }, null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('walks all users by login id with a keyset cursor; refuses it in another order', async () => {
    const whole = (await call(authOps.listUsers, { limit: 100 })).items;
    const walked: string[] = [];
    let after: string | null = null;
    do {
      const page: UserList = await call(authOps.listUsers, { limit: 6, after });
      walked.push(...page.items.map((u) => u.id));
      after = page.next ?? null;
    } while (after && walked.length < 100);
    expect(walked).toEqual(whole.map((u) => u.id));
    const first = await call(authOps.listUsers, { limit: 6 });
    await expect(
      call(authOps.listUsers, {
        limit: 6,
        after: first.next,
        sort: { field: 'name', order: 'ASC' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(call(authOps.listUsers, { after: 'junk' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(call(authOps.listUsers, { limit: 101 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('lists users for admins only, sorted by login id by default, with search, role filter and paging', async () => {
    const all = await call(authOps.listUsers, {});
    expect(all.total).toBe(20);
    expect(all.items).toHaveLength(15);
    const ids = all.items.map((u) => u.loginId.toLowerCase());
    expect(ids).toEqual([...ids].sort());
    const search = await call(authOps.listUsers, { q: 'north valley' });
    expect(search.items.map((u) => u.loginId).sort()).toEqual(['cedarhill', 'maplegrove']);
    const volunteers = await call(authOps.listUsers, { role: 'volunteer' });
    expect(volunteers.total).toBe(2);
    const page2 = await call(authOps.listUsers, {
      offset: 15,
      limit: 15,
      sort: { field: 'name', order: 'DESC' },
    });
    expect(page2.items).toHaveLength(5);
    // LIKE wildcards are taken literally.
    expect((await call(authOps.listUsers, { q: '%' })).total).toBe(0);

    const volunteer = await actorOf(t.env, 'volunteer');
    const school = await actorOf(t.env, 'maplegrove');
    await expect(call(authOps.listUsers, {}, volunteer)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(call(authOps.listUsers, {}, school)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(call(authOps.listUsers, {}, null)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('get-user: an admin reads anyone, a user only themselves; unknown and malformed ids are 404', async () => {
    const school = await actorOf(t.env, 'riverside');
    const other = await actorOf(t.env, 'oakpark');
    await expect(call(authOps.getUser, { id: school.id })).resolves.toMatchObject({
      loginId: 'riverside',
      address: '900 River Bend Dr',
      district: 'Riverside',
    });
    await expect(call(authOps.getUser, { id: school.id }, school)).resolves.toMatchObject({
      id: school.id,
    });
    await expect(call(authOps.getUser, { id: other.id }, school)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(call(authOps.getUser, { id: TestEnv.actor('user').id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(call(authOps.getUser, { id: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const many = await call(authOps.getUsers, { ids: [school.id, other.id, 'junk'] });
    expect(many.map((u) => u.loginId).sort()).toEqual(['oakpark', 'riverside']);
  });

  it('registers a user (admin only) who can then log in; a duplicate login id in any case is 409', async () => {
    const created = await call(authOps.registerUser, {
      name: 'Elm Street School',
      email: 'elmstreet',
      password: 'elm-code-1',
      role: 'user',
      address: '5 Elm St',
      district: 'Central',
    });
    expect(created).toMatchObject({
      loginId: 'elmstreet',
      role: 'user',
      avatar: { url: '/default-avatar.svg' },
    });
    await expect(login(t.env, 'elmstreet', 'elm-code-1')).resolves.toMatchObject({
      user: { id: created.id },
    });
    const duplicate = await errorOf(
      call(authOps.registerUser, {
        name: 'Copy',
        email: 'ELMSTREET',
        password: 'another-1',
        role: 'user',
      }),
    );
    expect(duplicate.code).toBe('CONFLICT');
    const school = await actorOf(t.env, 'maplegrove');
    await expect(
      call(
        authOps.registerUser,
        { name: 'X', email: 'x-school', password: 'xxxxxx', role: 'admin' },
        school,
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const events = await outboxOf(created.id);
    expect(events.map((e) => e.subject)).toEqual(['auth.user.created.v1']);
    expect(events[0]?.envelope.data).toEqual({
      user: {
        id: created.id,
        name: 'Elm Street School',
        loginId: 'elmstreet',
        role: 'user',
        address: '5 Elm St',
        district: 'Central',
      },
    });
  });

  it('validates new accounts: password 6 to 128 characters without truncation, a known role, a name', async () => {
    const short = await errorOf(
      call(authOps.registerUser, { name: 'A', email: 'a1', password: '12345' }),
    );
    expect(short).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^password/),
    });
    const long = await errorOf(
      call(authOps.registerUser, { name: 'A', email: 'a1', password: 'x'.repeat(129) }),
    );
    expect(long.message).toMatch(/^password/);
    const role = await errorOf(
      call(authOps.registerUser, { name: 'A', email: 'a1', password: 'abcdef', role: 'root' }),
    );
    expect(role.message).toMatch(/^role/);
    const name = await errorOf(call(authOps.registerUser, { email: 'a1', password: 'abcdef' }));
    expect(name.message).toMatch(/^name/);
    // 128 characters are kept whole: a password differing only in the last character is refused.
    const longCode = `${'y'.repeat(127)}z`;
    await call(authOps.registerUser, { name: 'Long', email: 'longcode', password: longCode });
    await expect(login(t.env, 'longcode', longCode)).resolves.toBeTruthy();
    await expect(login(t.env, 'longcode', `${'y'.repeat(127)}q`)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('updates name, login id and role admin/user; volunteer only when unchanged; role change ends sessions', async () => {
    const grant = await login(t.env, 'sunnyside');
    const updated = await call(authOps.updateUser, {
      id: grant.user.id,
      name: 'Sunnyside Elementary School',
      email: 'sunnyside',
      role: 'user',
    });
    expect(updated.name).toBe('Sunnyside Elementary School');
    // Same role: the session survives.
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).resolves.toBeTruthy();

    const toVolunteer = await errorOf(
      call(authOps.updateUser, {
        id: grant.user.id,
        name: 'S',
        email: 'sunnyside',
        role: 'volunteer',
      }),
    );
    expect(toVolunteer).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^role/),
    });

    await call(authOps.updateUser, {
      id: grant.user.id,
      name: 'S',
      email: 'sunnyside',
      role: 'admin',
    });
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const relogged = await login(t.env, 'sunnyside');
    expect(relogged.user.role).toBe('admin');
    await call(authOps.updateUser, {
      id: grant.user.id,
      name: 'Sunnyside Elementary',
      email: 'sunnyside',
      role: 'user',
    });

    const volunteer = await login(t.env, 'TEST VOLUNTEER');
    await expect(
      call(authOps.updateUser, {
        id: volunteer.user.id,
        name: 'Helper',
        email: 'TEST VOLUNTEER',
        role: 'volunteer',
      }),
    ).resolves.toMatchObject({ role: 'volunteer', name: 'Helper' });

    const taken = await errorOf(
      call(authOps.updateUser, { id: grant.user.id, name: 'S', email: 'Riverside', role: 'user' }),
    );
    expect(taken.code).toBe('CONFLICT');
    await expect(
      call(authOps.updateUser, {
        id: TestEnv.actor('user').id,
        name: 'S',
        email: 'nobody',
        role: 'user',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const events = await outboxOf(grant.user.id);
    expect(events.map((e) => e.subject)).toEqual([
      'auth.user.created.v1',
      ...Array(3).fill('auth.user.updated.v1'),
    ]);
    expect(events.map((e) => e.envelope.version)).toEqual([1, 2, 3, 4]);
  });

  it('an admin cannot demote or delete themselves, nor the last admin', async () => {
    await expect(
      call(authOps.updateUser, { id: admin.id, name: 'Admin', email: 'admin', role: 'user' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'You cannot remove your own admin role' });
    await expect(call(authOps.deleteUser, { id: admin.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete your own account',
    });

    // Leave exactly one admin (TEST ADMIN), then let it try to lose that role through another admin
    // whose role was taken away after it logged in (a stale caller).
    const others = (await call(authOps.listUsers, { role: 'admin', limit: 100 })).items.filter(
      (u) => u.loginId !== 'admin',
    );
    for (const other of others) {
      await call(authOps.updateUser, {
        id: other.id,
        name: other.name,
        email: other.loginId,
        role: 'user',
      });
    }
    expect((await call(authOps.listUsers, { role: 'admin' })).total).toBe(1);
    const stale: Actor = { ...admin, id: others[0]!.id };
    await expect(
      call(
        authOps.updateUser,
        { id: admin.id, name: 'Admin', email: 'admin', role: 'user' },
        stale,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'The last admin cannot be demoted' });
    await expect(call(authOps.deleteUser, { id: admin.id }, stale)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The last admin cannot be deleted',
    });
    for (const other of others) {
      await call(authOps.updateUser, {
        id: other.id,
        name: other.name,
        email: other.loginId,
        role: 'admin',
      });
    }
  });

  it('deletes a user (admin only): their sessions end, a deleted event is written, 404 afterwards', async () => {
    const grant = await login(t.env, 'foxrun');
    const school = await actorOf(t.env, 'maplegrove');
    await expect(call(authOps.deleteUser, { id: grant.user.id }, school)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const deleted = await call(authOps.deleteUser, { id: grant.user.id });
    expect(deleted.loginId).toBe('foxrun');
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login(t.env, 'foxrun')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(call(authOps.deleteUser, { id: grant.user.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const events = await outboxOf(grant.user.id);
    expect(events.at(-1)).toMatchObject({
      subject: 'auth.user.deleted.v1',
      envelope: { data: { userId: grant.user.id } },
    });
  });

  it('sets a new readable code shown once: the old code stops working and sessions end', async () => {
    const grant = await login(t.env, 'granitefalls');
    const reply = await call(authOps.setUserCode, { id: grant.user.id });
    expect(reply.id).toBe(grant.user.id);
    expect(reply.code).toMatch(/^[a-z2-9]{10}$/);
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login(t.env, 'granitefalls', DEMO_CODE)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(login(t.env, 'granitefalls', reply.code)).resolves.toBeTruthy();
    const { rows } = await t.env.pool.query<{ password_hash: string }>(
      `SELECT password_hash FROM auth.users WHERE id = $1`,
      [grant.user.id],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(reply.code);
    const volunteer = await actorOf(t.env, 'volunteer');
    await expect(call(authOps.setUserCode, { id: grant.user.id }, volunteer)).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
  });

  it('publishes the user events to the AUTH stream (outbox relayed, nothing left unsent)', async () => {
    await waitFor(async () => (await countUnsent(t.env.pool, 'auth')) === 0, {
      message: 'outbox drained',
    });
    // A message may hold several events of one type: count events.
    const published = await streamEvents(t.env.nc, t.env.namespace, 'AUTH');
    const { rows } = await t.env.pool.query<{ event_id: string }>(
      `SELECT event_id FROM auth.outbox`,
    );
    expect(published.map((e) => e.eventId).sort()).toEqual(rows.map((r) => r.event_id).sort());
    expect(published.length).toBeGreaterThan(20);
  });
});

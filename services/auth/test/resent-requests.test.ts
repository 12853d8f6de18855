/**
 * Account writes sent again with the same request id, as RpcClient resends a call whose reply was
 * lost: each applies once, writes one event, and every copy gets the first reply.
 */
import { randomUUID } from 'node:crypto';
import {
  authOps,
  type Actor,
  type AuthUser,
  type InputOf,
  type Operation,
  type OutputOf,
} from '@lr/contracts';
import { callWithRequestId } from '@lr/testing';
import { actorOf, startAuth, type AuthTestEnv } from './support/auth-env.js';

describe('resent account writes', () => {
  let t: AuthTestEnv;
  let admin: Actor;

  beforeAll(async () => {
    t = await startAuth();
    admin = await actorOf(t.env, 'admin');
  });
  afterAll(() => t.env.close());

  const send = <Op extends Operation>(
    operation: Op,
    input: InputOf<Op>,
    requestId: string,
    actor: Actor = admin,
  ) => callWithRequestId<OutputOf<Op>>(t.env, operation.subject, input, { actor, requestId });

  async function eventsOf(userId: string, subject: string): Promise<number> {
    const { rows } = await t.env.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.outbox
        WHERE subject = $1 AND (envelope->'data'->'user'->>'id' = $2 OR envelope->'data'->>'userId' = $2)`,
      [subject, userId],
    );
    return rows[0]!.n;
  }

  function newUser(name: string) {
    return {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 6)}`,
      password: 'resend-code-1',
      role: 'user' as const,
      address: '1 School Road',
      district: 'North',
    };
  }

  it('registers one account for a resent registration, and answers both with it', async () => {
    const requestId = randomUUID();
    const input = newUser('Resent Register');
    const [first, second] = await Promise.all([
      send(authOps.registerUser, input, requestId),
      send(authOps.registerUser, input, requestId),
    ]);
    const again = await send(authOps.registerUser, input, requestId);
    expect(first).toMatchObject({ ok: true, data: { loginId: input.email } });
    expect(second).toEqual(first);
    expect(again).toEqual(first);
    const { rows } = await t.env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.users WHERE login_id = $1',
      [input.email],
    );
    expect(rows[0]!.n).toBe(1);
    const id = (first as { data: AuthUser }).data.id;
    expect(await eventsOf(id, 'auth.user.created.v1')).toBe(1);
  });

  it('updates once and deletes once, answering resends with the first reply', async () => {
    const created = await t.env.rpc.call(authOps.registerUser, newUser('Resent Ed'), {
      actor: admin,
    });
    const update = {
      id: created.id,
      name: 'Resent Edited',
      email: created.loginId,
      role: 'user' as const,
    };
    const updateId = randomUUID();
    const updated = await send(authOps.updateUser, update, updateId);
    expect(updated).toMatchObject({ ok: true, data: { name: 'Resent Edited' } });
    // Someone renames the account meanwhile; the late resend must not undo that.
    await t.env.rpc.call(
      authOps.updateUser,
      { ...update, name: 'Renamed Later' },
      { actor: admin },
    );
    expect(await send(authOps.updateUser, update, updateId)).toEqual(updated);
    const { rows } = await t.env.pool.query<{ name: string }>(
      'SELECT name FROM auth.users WHERE id = $1',
      [created.id],
    );
    expect(rows[0]!.name).toBe('Renamed Later');
    expect(await eventsOf(created.id, 'auth.user.updated.v1')).toBe(2);

    const deleteId = randomUUID();
    const deleted = await send(authOps.deleteUser, { id: created.id }, deleteId);
    expect(deleted).toMatchObject({ ok: true, data: { id: created.id } });
    expect(await send(authOps.deleteUser, { id: created.id }, deleteId)).toEqual(deleted);
    expect(await eventsOf(created.id, 'auth.user.deleted.v1')).toBe(1);
  });

  it('answers a resent profile change with its first reply', async () => {
    const user = await t.env.rpc.call(authOps.registerUser, newUser('Resent Self'), {
      actor: admin,
    });
    const self: Actor = { id: user.id, role: 'user', name: user.name, loginId: user.loginId };
    const requestId = randomUUID();
    const change = { name: 'Resent Self Renamed', email: user.loginId };
    const first = await send(authOps.updateProfile, change, requestId, self);
    const again = await send(authOps.updateProfile, change, requestId, self);
    expect(first).toMatchObject({ ok: true, data: { name: 'Resent Self Renamed' } });
    expect(again).toEqual(first);
    expect(await eventsOf(user.id, 'auth.user.updated.v1')).toBe(1);
    // The same id from another caller is not theirs to replay (the admin keeps its own login id,
    // so no current code is asked for before the replay is refused).
    const adminsOwn = { name: change.name, email: admin.loginId };
    expect(await send(authOps.updateProfile, adminsOwn, requestId, admin)).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This request id was already used for another request' },
    });
  });
});

/**
 * What the gateways' session caches rely on: the session check says how long its answer may be
 * reused (`cacheUntil`) and which session it is, and every change that ends sessions or alters a
 * user broadcasts a hint (HINTS.authSessionsChanged) that arrives before the reply of the request
 * that caused it. The test listens on the connection its requests use, as a gateway does.
 */
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { decodeJwt } from 'jose';
import {
  authOps,
  HINTS,
  namespaced,
  namespacedStream,
  type Actor,
  type AuthUser,
  type SessionsChangedHint,
  type InputOf,
  type Operation,
} from '@lr/contracts';
import { countUnsent } from '@lr/nest-kit';
import { buildSchool, waitFor } from '@lr/testing';
import { hashResetToken } from '../src/passwords/passwords.service.js';
import {
  agedToken,
  DEMO_CODE,
  actorOf,
  errorOf,
  login,
  startAuth,
  type AuthTestEnv,
} from './support/auth-env.js';

describe('auth session-cache hints', () => {
  let t: AuthTestEnv;
  let admin: Actor;
  const received: SessionsChangedHint[] = [];

  /** Input is `unknown`: these tests also send what the schema refuses. */
  const call = <Op extends Operation>(operation: Op, input: unknown, actor: Actor | null = admin) =>
    t.env.rpc.call(operation, input as InputOf<Op>, { actor });

  /** The hints that had arrived by the time `action`'s reply did. */
  async function hintsBeforeReply(action: () => Promise<unknown>): Promise<SessionsChangedHint[]> {
    received.length = 0;
    await action();
    return [...received];
  }

  async function newSchool(): Promise<{ user: AuthUser; actor: Actor; token: string }> {
    const user = await call(authOps.registerUser, buildSchool());
    const grant = await login(t.env, user.loginId, 'school-code-1');
    const checked = await call(authOps.sessionCheck, { token: grant.token });
    return { user, actor: checked.actor, token: grant.token };
  }

  beforeAll(async () => {
    t = await startAuth();
    admin = await actorOf(t.env, 'admin');
    const decoder = new TextDecoder();
    // A callback subscription runs as the message is read, like the gateway's.
    t.env.nc.subscribe(namespaced(t.env.namespace, HINTS.authSessionsChanged), {
      callback: (err, msg) => {
        if (!err) received.push(JSON.parse(decoder.decode(msg.data)) as SessionsChangedHint);
      },
    });
    await t.env.nc.flush();
  });
  afterAll(() => t.env.close());

  it('a check names the session and may be reused until the token is half way through its life', async () => {
    const grant = await login(t.env, 'maplegrove');
    const claims = decodeJwt(grant.token);
    const checked = await call(authOps.sessionCheck, { token: grant.token });
    expect(checked.sessionId).toBe(claims.sid);
    expect(checked.refreshedToken).toBeNull();
    expect(new Date(checked.cacheUntil!).getTime()).toBe(((claims.iat! + claims.exp!) / 2) * 1000);
  });

  it('a check that refreshes the token is not to be cached', async () => {
    const grant = await login(t.env, 'cedarhill');
    const aged = await agedToken(grant.token, t.config.JWT_SECRET);
    const checked = await call(authOps.sessionCheck, { token: aged });
    expect(checked.refreshedToken).toEqual(expect.any(String));
    expect(checked.cacheUntil).toBeNull();
  });

  it('logout hints the session before replying', async () => {
    const grant = await login(t.env, 'oakpark');
    const sid = decodeJwt(grant.token).sid;
    expect(await hintsBeforeReply(() => call(authOps.logout, { token: grant.token }))).toEqual([
      { sessionId: sid },
    ]);
  });

  it('an admin changing, re-coding or deleting a user hints the user before replying', async () => {
    const { user } = await newSchool();
    const change = { id: user.id, name: user.name, email: user.loginId, role: 'user' };
    expect(
      await hintsBeforeReply(() => call(authOps.updateUser, { ...change, name: 'Renamed school' })),
    ).toEqual([{ userId: user.id }]);
    expect(
      await hintsBeforeReply(() => call(authOps.updateUser, { ...change, role: 'admin' })),
    ).toEqual([{ userId: user.id }]);
    expect(await hintsBeforeReply(() => call(authOps.setUserCode, { id: user.id }))).toEqual([
      { userId: user.id },
    ]);
    expect(await hintsBeforeReply(() => call(authOps.deleteUser, { id: user.id }))).toEqual([
      { userId: user.id },
    ]);
  });

  it('a user changing their own profile or code hints them before replying', async () => {
    const { user, actor } = await newSchool();
    expect(
      await hintsBeforeReply(() =>
        call(authOps.updateProfile, { name: 'New name', email: user.loginId }, actor),
      ),
    ).toEqual([{ userId: user.id }]);
    const password = { oldPassword: 'school-code-1', newPassword: 'new-code-1' };
    expect(
      await hintsBeforeReply(() =>
        call(authOps.updatePassword, { ...password, confirmPassword: 'new-code-1' }, actor),
      ),
    ).toEqual([{ userId: user.id }]);
  });

  it('a password reset hints the user before replying', async () => {
    const { user } = await newSchool();
    const token = randomBytes(32).toString('base64url');
    await t.env.pool.query(
      `INSERT INTO auth.password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '10 minutes')`,
      [hashResetToken(token), user.id],
    );
    const reset = { token, password: 'reset-code-1', confirmPassword: 'reset-code-1' };
    expect(await hintsBeforeReply(() => call(authOps.resetPassword, reset, null))).toEqual([
      { userId: user.id },
    ]);
  });

  it('a refused change, a login or a check hints nothing', async () => {
    const refused = await hintsBeforeReply(() =>
      errorOf(call(authOps.deleteUser, { id: admin.id })),
    );
    expect(refused).toEqual([]);
    const quiet = await hintsBeforeReply(async () => {
      const grant = await login(t.env, 'riverside', DEMO_CODE);
      await call(authOps.sessionCheck, { token: grant.token });
    });
    expect(quiet).toEqual([]);
  });

  it('hints are not events: the AUTH stream holds only the outbox events', async () => {
    await waitFor(async () => (await countUnsent(t.env.pool, 'auth')) === 0, {
      message: 'outbox drained',
    });
    const jsm = await jetstreamManager(t.env.nc);
    const info = await jsm.streams.info(namespacedStream(t.env.namespace, 'AUTH'), {
      subjects_filter: '>',
    });
    const subjects = Object.keys(info.state.subjects ?? {});
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) expect(subject).toMatch(/\.auth\.user\.[a-z]+\.v1$/);
  });
});

/**
 * Own profile and code changes, the forgotten-code flow (mailed single-use link, 30 minutes,
 * stored hashed, same answer for unknown accounts), throttling details, the demo seed and the
 * production initial admin.
 */
import { authOps, type SessionGrant } from '@lr/contracts';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv, mailsIn, waitFor } from '@lr/testing';
import { AuthAppModule, authConfigSchema, seedDemoData } from '../src/index.js';
import { hashResetToken } from '../src/passwords/passwords.service.js';
import { argon2Work } from '../src/core/passwords.js';
import {
  DEMO_CODE,
  actorOf,
  afterReplyDone,
  errorOf,
  login,
  startAuth,
  type AuthTestEnv,
} from './support/auth-env.js';

async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  return (await mailsIn(dataDir)).filter((m) => m.includes(`To: ${to}`));
}

function linkIn(mail: string): string {
  // Quoted-printable may wrap long lines with "=\n".
  const unwrapped = mail.replace(/=\r?\n/g, '');
  const match = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(unwrapped);
  if (!match?.[1]) throw new Error('no reset link in mail');
  return match[1];
}

describe('auth profile and passwords', () => {
  let t: AuthTestEnv;
  let teacher: SessionGrant;

  beforeAll(async () => {
    t = await startAuth({ PUBLIC_URL: 'http://shop.example' });
    const admin = await actorOf(t.env, 'admin');
    await t.env.rpc.call(
      authOps.registerUser,
      {
        name: 'Teacher School',
        email: 'teacher@school.example',
        password: 'first-code',
        address: '1 Way',
        district: 'D',
      },
      { actor: admin },
    );
    teacher = await login(t.env, 'teacher@school.example', 'first-code');
  });
  afterAll(() => t.env.close());

  const actorFor = async (grant: SessionGrant) =>
    (await t.env.rpc.call(authOps.sessionCheck, { token: grant.token })).actor;

  it('updates own name, login id and avatar; a login id taken by another account is 409', async () => {
    const grant = await login(t.env, 'blueheron');
    const actor = await actorFor(grant);
    const updated = await t.env.rpc.call(
      authOps.updateProfile,
      {
        name: 'Blue Heron School',
        email: 'blue-heron',
        currentPassword: DEMO_CODE,
        avatar: { url: '/media/avatars/abc.web.webp' },
      },
      { actor },
    );
    expect(updated).toMatchObject({
      name: 'Blue Heron School',
      loginId: 'blue-heron',
      avatar: { url: '/media/avatars/abc.web.webp' },
    });
    // Without an avatar the current one stays.
    const again = await t.env.rpc.call(
      authOps.updateProfile,
      { name: 'Blue Heron Elementary', email: 'blueheron', currentPassword: DEMO_CODE },
      { actor },
    );
    expect(again.avatar.url).toBe('/media/avatars/abc.web.webp');
    await expect(
      t.env.rpc.call(
        authOps.updateProfile,
        { name: 'X', email: 'MapleGrove', currentPassword: DEMO_CODE },
        { actor },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      t.env.rpc.call(authOps.updateProfile, { name: '', email: 'x' }, { actor }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^name/),
    });
    await expect(
      t.env.rpc.call(authOps.updateProfile, { name: 'X', email: 'x' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('changes own code: wrong old code is 400, confirm must match, other sessions end', async () => {
    const first = await login(t.env, 'meadowbrook');
    const second = await login(t.env, 'meadowbrook');
    const actor = await actorFor(first);
    const wrongOld = await errorOf(
      t.env.rpc.call(
        authOps.updatePassword,
        { oldPassword: 'nope-nope', newPassword: 'new-code-1', confirmPassword: 'new-code-1' },
        { actor },
      ),
    );
    expect(wrongOld).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^oldPassword/),
    });
    const mismatch = await errorOf(
      t.env.rpc.call(
        authOps.updatePassword,
        { oldPassword: DEMO_CODE, newPassword: 'new-code-1', confirmPassword: 'new-code-2' },
        { actor },
      ),
    );
    expect(mismatch.message).toMatch(/^confirmPassword/);
    const grant = await t.env.rpc.call(
      authOps.updatePassword,
      { oldPassword: DEMO_CODE, newPassword: 'new-code-1', confirmPassword: 'new-code-1' },
      { actor },
    );
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: second.token }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).resolves.toBeTruthy();
    await expect(login(t.env, 'meadowbrook', DEMO_CODE)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(login(t.env, 'meadowbrook', 'new-code-1')).resolves.toBeTruthy();
  });

  it('forgot password mails a single-use link valid 30 minutes, stored only as a hash', async () => {
    const reply = await t.env.rpc.call(authOps.forgotPassword, {
      email: 'Teacher@School.example',
    });
    const unknown = await t.env.rpc.call(authOps.forgotPassword, {
      email: 'nobody@school.example',
    });
    expect(unknown.message.replace('nobody@school.example', 'X')).toBe(
      reply.message.replace('Teacher@School.example', 'X'),
    );

    // The link is made and mailed after the answer.
    await afterReplyDone(t.env);
    const mails = await mailsTo(t.env.dataDir, 'teacher@school.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.replace(/=\r?\n/g, '')).toContain('http://shop.example/password/reset/');
    const token = linkIn(mails[0]!);
    const { rows } = await t.env.pool.query<{ token_hash: string; minutes: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM auth.password_resets`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashResetToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Math.round(Number(rows[0]!.minutes))).toBe(30);

    const mismatch = await errorOf(
      t.env.rpc.call(authOps.resetPassword, {
        token,
        password: 'reset-code-1',
        confirmPassword: 'other-code',
      }),
    );
    expect(mismatch.message).toMatch(/^confirmPassword/);
    await t.env.rpc.call(authOps.resetPassword, {
      token,
      password: 'reset-code-1',
      confirmPassword: 'reset-code-1',
    });
    // Sessions opened with the old code end; the new code works; the link works once only.
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: teacher.token }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login(t.env, 'teacher@school.example', 'reset-code-1')).resolves.toBeTruthy();
    await expect(
      t.env.rpc.call(authOps.resetPassword, {
        token,
        password: 'again-code-1',
        confirmPassword: 'again-code-1',
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Reset Password Token is invalid or has been expired',
    });
  });

  it('an expired or superseded reset link is refused', async () => {
    await t.env.rpc.call(authOps.forgotPassword, { email: 'teacher@school.example' });
    await t.env.rpc.call(authOps.forgotPassword, { email: 'teacher@school.example' });
    await afterReplyDone(t.env);
    const mails = await mailsTo(t.env.dataDir, 'teacher@school.example');
    const [older, newer] = mails.slice(-2).map(linkIn) as [string, string];
    await expect(
      t.env.rpc.call(authOps.resetPassword, {
        token: older,
        password: 'abcdef1',
        confirmPassword: 'abcdef1',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await t.env.pool.query(
      `UPDATE auth.password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    await expect(
      t.env.rpc.call(authOps.resetPassword, {
        token: newer,
        password: 'abcdef1',
        confirmPassword: 'abcdef1',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('sends at most 3 reset mails per account in 15 minutes, with the same answer', async () => {
    // Three links were already made for this account by the tests above.
    const before = (await mailsTo(t.env.dataDir, 'teacher@school.example')).length;
    const reply = await t.env.rpc.call(authOps.forgotPassword, {
      email: 'teacher@school.example',
    });
    expect(reply.message).toContain('teacher@school.example');
    await afterReplyDone(t.env);
    expect(await mailsTo(t.env.dataDir, 'teacher@school.example')).toHaveLength(before);
    await t.env.pool.query(
      `UPDATE auth.password_resets SET created_at = created_at - interval '16 minutes'`,
    );
    await t.env.rpc.call(authOps.forgotPassword, { email: 'teacher@school.example' });
    await afterReplyDone(t.env);
    expect(await mailsTo(t.env.dataDir, 'teacher@school.example')).toHaveLength(before + 1);
  });

  it('limits reset requests per client address, known accounts or not, and tells when to retry', async () => {
    const ip = '198.51.100.7';
    const forgot = (email: string, from = ip) =>
      t.env.rpc.call(authOps.forgotPassword, { email, ip: from });
    // RESET_MAX_REQUESTS_PER_IP defaults to 10; unknown accounts count too (nothing to probe).
    for (let i = 0; i < 10; i++) await forgot(i % 2 === 0 ? `nobody${i}@x.example` : 'blueheron');
    const refused = await errorOf(forgot('teacher@school.example'));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many reset requests; try again in \d+ seconds$/);
    const { retryAfterSeconds } = refused.details as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    await expect(forgot('teacher@school.example', '198.51.100.8')).resolves.toMatchObject({
      message: expect.stringContaining('teacher@school.example'),
    });
    // Once the window has passed for the oldest requests, the address may ask again.
    await t.env.pool.query(
      `UPDATE auth.reset_requests SET at = at - interval '16 minutes' WHERE ip = $1`,
      [ip],
    );
    await expect(forgot('nobody@x.example')).resolves.toBeTruthy();
    const { rows } = await t.env.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.reset_requests WHERE ip = $1 AND kind = 'link'`,
      [ip],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('throttles per address across accounts, and a success clears only that address on that account', async () => {
    // Per account and address: 4 failures, a success from there, then 4 more are still allowed.
    for (let i = 0; i < 4; i += 1)
      await expect(login(t.env, 'pineridge', 'bad-code', '10.1.1.1')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    await login(t.env, 'pineridge', DEMO_CODE, '10.1.1.1');
    for (let i = 0; i < 4; i += 1)
      await expect(login(t.env, 'pineridge', 'bad-code', '10.1.1.1')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    await expect(login(t.env, 'pineridge', DEMO_CODE, '10.1.1.1')).resolves.toBeTruthy();

    // Per address: 20 failures over many accounts (a shared office's typos) refuse nobody else:
    // the hard level per address is far higher (shared-address-throttle.test.ts).
    for (let i = 0; i < 20; i += 1) {
      await expect(login(t.env, `nobody-${i}`, 'bad-code', '10.9.9.9')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(login(t.env, 'oakpark', DEMO_CODE, '10.9.9.9')).resolves.toBeTruthy();
  });

  it('one address cannot lock an account for others: it waits, the owner elsewhere logs in', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i += 1)
      await expect(login(t.env, 'ADMIN', `guess-${i}`, attacker)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    // The attacking address is refused on that account, even with the right code...
    const refused = await errorOf(login(t.env, 'admin', DEMO_CODE, attacker));
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many failed logins; try again in \d+ seconds$/),
    });
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      14 * 60,
    );
    // ...while the owner's right code from another address is let through at once.
    await expect(login(t.env, 'admin', DEMO_CODE, '203.0.113.1')).resolves.toMatchObject({
      user: { role: 'admin' },
    });
    // The owner's login does not give the attacker new guesses.
    await expect(login(t.env, 'admin', 'guess-x', attacker)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('counts IPv6 addresses of one /64 together (one host may use them all)', async () => {
    for (let i = 1; i <= 5; i += 1)
      await expect(
        login(t.env, 'harborpoint', 'bad-code', `2001:db8:a:b::${i}`),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      login(t.env, 'harborpoint', DEMO_CODE, '2001:db8:a:b:ffff::99'),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(login(t.env, 'harborpoint', DEMO_CODE, '2001:db8:a:c::1')).resolves.toBeTruthy();
  });

  it('many addresses guessing one account slow its failures down but never refuse the right code', async () => {
    // 6 addresses x 4 failures: past every per-address limit of nobody, 24 failures on the account.
    for (let a = 0; a < 6; a += 1)
      for (let i = 0; i < 4; i += 1)
        await expect(
          login(t.env, 'lockerroom345', `guess-${a}-${i}`, `192.0.2.${a + 10}`),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(login(t.env, 'lockerroom345', DEMO_CODE, '192.0.2.200')).resolves.toBeTruthy();
    await expect(login(t.env, 'lockerroom345', DEMO_CODE, '192.0.2.10')).resolves.toBeTruthy();
  });

  it('counts wrong old codes of a code change like failed logins, per account and address', async () => {
    const grant = await login(t.env, 'cedarhill', DEMO_CODE, '10.5.5.1');
    const actor = await actorFor(grant);
    const change = (oldPassword: string, ip: string) =>
      t.env.rpc.call(
        authOps.updatePassword,
        { oldPassword, newPassword: 'cedar-new-1', confirmPassword: 'cedar-new-1', ip },
        { actor },
      );
    for (let i = 0; i < 5; i += 1) {
      expect(await errorOf(change(`wrong-old-${i}`, '10.5.5.66'))).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^oldPassword/),
      });
    }
    const refused = await errorOf(change(DEMO_CODE, '10.5.5.66'));
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many wrong old codes; try again in \d+ seconds$/),
    });
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      14 * 60,
    );
    // Same counters as logins: that address cannot log in to the account either.
    await expect(login(t.env, 'cedarhill', DEMO_CODE, '10.5.5.66')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // From another address the right old code still works.
    await expect(change(DEMO_CODE, '10.5.5.1')).resolves.toMatchObject({
      user: { loginId: 'cedarhill' },
    });
  });

  it('refuses an unknown reset token before any argon2 work, and limits uses per address', async () => {
    const ip = '198.51.100.99';
    const reset = (token: string, from = ip) =>
      t.env.rpc.call(authOps.resetPassword, {
        token,
        password: 'random-code-1',
        confirmPassword: 'random-code-1',
        ip: from,
      });
    const before = argon2Work.count;
    for (let i = 0; i < 10; i += 1) {
      expect(await errorOf(reset(`random-token-${i}-`.padEnd(43, 'x')))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Reset Password Token is invalid or has been expired',
      });
    }
    expect(argon2Work.count).toBe(before);
    // RESET_MAX_ATTEMPTS_PER_IP (10 by default), then the address waits.
    const refused = await errorOf(reset('random-token-11'.padEnd(43, 'x')));
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many reset attempts; try again in \d+ seconds$/),
    });
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      14 * 60,
    );

    // A valid token from another address costs one hash, for the new code.
    await t.env.pool.query(
      `UPDATE auth.password_resets SET created_at = created_at - interval '16 minutes'`,
    );
    await t.env.rpc.call(authOps.forgotPassword, { email: 'teacher@school.example' });
    await afterReplyDone(t.env);
    const token = linkIn((await mailsTo(t.env.dataDir, 'teacher@school.example')).at(-1)!);
    expect(await errorOf(reset(token))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const valid = argon2Work.count;
    await reset(token, '198.51.100.100');
    expect(argon2Work.count).toBe(valid + 1);
    await expect(login(t.env, 'teacher@school.example', 'random-code-1')).resolves.toBeTruthy();
  });
});

describe('reset links after the answer', () => {
  let t: AuthTestEnv;
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // An SMTP server that accepts connections and never says a word.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await startAuth({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const admin = await actorOf(t.env, 'admin');
    await t.env.rpc.call(
      authOps.registerUser,
      {
        name: 'Slow Mail School',
        email: 'office@slow-mail.example',
        password: 'first-code',
        address: '1 Way',
        district: 'D',
      },
      { actor: admin },
    );
  });
  afterAll(async () => {
    // A refusing greeting at last lets the stuck mail fail (it is logged), so auth stops at once.
    for (const socket of sockets) socket.end('421 closing\r\n');
    await afterReplyDone(t.env);
    await t.env.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers an existing account without waiting for the mail server', async () => {
    const started = Date.now();
    const reply = await t.env.rpc.call(authOps.forgotPassword, {
      email: 'office@slow-mail.example',
      ip: '10.7.7.7',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(reply.message).toContain('office@slow-mail.example');
    // The link was made after the answer and its mail is stuck on the silent server.
    await waitFor(async () => {
      const { rows } = await t.env.pool.query('SELECT 1 FROM auth.password_resets');
      return rows.length === 1;
    });
    await waitFor(() => sockets.size > 0, { message: 'a connection to the silent server' });
  });
});

describe('auth seed and initial admin', () => {
  it('seeds the demo accounts once, with argon2id hashes and the demo code', async () => {
    const env = await TestEnv.create();
    try {
      const config = parseConfig(authConfigSchema, env.envVars('auth'));
      await env.startService('auth', AuthAppModule.register(config, env.logger), config);
      expect(await seedDemoData(env.pool, { demoCode: 'other-demo' })).toBe(20);
      expect(await seedDemoData(env.pool, { demoCode: 'other-demo' })).toBe(0);
      const { rows } = await env.pool.query<{
        login_id: string;
        role: string;
        password_hash: string;
      }>(`SELECT login_id, role, password_hash FROM auth.users ORDER BY login_id`);
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.password_hash.startsWith('$argon2id$'))).toBe(true);
      const roles = Object.fromEntries(rows.map((r) => [r.login_id, r.role]));
      expect(roles).toMatchObject({
        admin: 'admin',
        volunteer: 'volunteer',
        'TEST ADMIN': 'admin',
        'TEST VOLUNTEER': 'volunteer',
        'TEST USER': 'user',
        lockerroom345: 'admin',
        maplegrove: 'user',
      });
      await expect(login(env, 'TEST USER', 'other-demo')).resolves.toMatchObject({
        user: { address: '1 Test Street', district: 'Test District' },
      });
      await expect(seedDemoData(env.pool, { nodeEnv: 'production' })).rejects.toThrow(/production/);
    } finally {
      await env.close();
    }
  });

  it('creates login id admin from INITIAL_ADMIN_CODE when there is no admin, once', async () => {
    const env = await TestEnv.create();
    try {
      const config = parseConfig(
        authConfigSchema,
        env.envVars('auth', { INITIAL_ADMIN_CODE: 'first-admin-code' }),
      );
      await env.startService('auth', AuthAppModule.register(config, env.logger), config);
      const grant = await login(env, 'admin', 'first-admin-code');
      expect(grant.user.role).toBe('admin');
      await env.stopService('auth');
      await env.startService('auth', AuthAppModule.register(config, env.logger), config);
      const { rows } = await env.pool.query(`SELECT 1 FROM auth.users`);
      expect(rows).toHaveLength(1);
    } finally {
      await env.close();
    }
  });
});

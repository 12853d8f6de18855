/**
 * Abuse of codes and sessions through the real gateway and auth service: locking others' accounts,
 * guessing old codes, random reset tokens, cross-site logout, slow reset answers and the session
 * key. Two client addresses are loopback addresses given to Fastify's inject (`remoteAddress`).
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { authOps, type Actor } from '@lr/contracts';
import { mailsIn, waitFor } from '@lr/testing';
import { argon2Work } from '../../services/auth/src/core/passwords.js';
import { startFullStack, type FullStack, PUBLIC_URL } from '../support/full-stack.js';

const ATTACKER = '127.0.0.1';
const OWNER = '127.0.0.2';

async function adminActor(stack: FullStack): Promise<Actor> {
  const cookie = await stack.login('admin');
  const reply = await stack.env.rpc.call(authOps.sessionCheck, {
    token: cookie.replace(/^token=/, ''),
  });
  return reply.actor;
}

async function registerMailAccount(stack: FullStack, email: string): Promise<void> {
  await stack.env.rpc.call(
    authOps.registerUser,
    { name: `School ${email}`, email, password: 'first-code', address: '1 Way', district: 'D' },
    { actor: await adminActor(stack) },
  );
}

describe('account abuse', () => {
  let stack: FullStack;

  beforeAll(async () => {
    stack = await startFullStack();
    await registerMailAccount(stack, 'office@abuse-school.example');
  }, 120_000);
  afterAll(() => stack.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    stack.request({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress,
      payload: { email, password },
    });

  it('wrong codes from one address do not lock the admin out elsewhere; that address waits', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login('admin', `guess-${i}`, ATTACKER)).statusCode).toBe(401);
    }
    const refused = await login('admin', 'demo345', ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).not.toMatch(/\bat \S+ \(/);
    const owner = await login('admin', 'demo345', OWNER);
    expect(owner.statusCode).toBe(200);
    expect(String(owner.headers['set-cookie'])).toMatch(/^token=/);
    // The owner's login does not reset the attacker's count.
    expect((await login('admin', 'guess-x', ATTACKER)).statusCode).toBe(429);
  });

  it('throttles wrong old codes of a code change (429 with Retry-After)', async () => {
    const cookie = await stack.login('oakpark');
    const change = (oldPassword: string, remoteAddress: string) =>
      stack.request({
        method: 'PUT',
        url: '/api/v1/password/update',
        cookie,
        remoteAddress,
        payload: { oldPassword, newPassword: 'oak-new-1', confirmPassword: 'oak-new-1' },
      });
    for (let i = 0; i < 5; i += 1)
      expect((await change(`old-${i}`, ATTACKER)).statusCode).toBe(400);
    const refused = await change('demo345', ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await change('demo345', OWNER)).statusCode).toBe(200);
  });

  it('refuses random reset tokens without hashing their codes, then limits the address', async () => {
    const before = argon2Work.count;
    const reset = (i: number, remoteAddress = ATTACKER) =>
      stack.request({
        method: 'PUT',
        url: `/api/v1/password/reset/${`random-${i}-`.padEnd(43, 'r')}`,
        remoteAddress,
        payload: { password: 'new-code-1', confirmPassword: 'new-code-1' },
      });
    for (let i = 0; i < 10; i += 1) expect((await reset(i)).statusCode).toBe(400);
    expect(argon2Work.count).toBe(before);
    const limited = await reset(10);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await reset(11, OWNER)).statusCode).toBe(400);
  });

  it('refuses a cross-site GET logout (403) and a foreign-origin POST logout; ours works', async () => {
    const cookie = await stack.login('TEST USER');
    const me = () => stack.request({ method: 'GET', url: '/api/v1/me', cookie });
    const crossSite = await stack.request({
      method: 'GET',
      url: '/api/v1/logout',
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(JSON.parse(crossSite.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const foreignPost = await stack.request({
      method: 'POST',
      url: '/api/v1/logout',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignPost.statusCode).toBe(403);
    expect((await me()).statusCode).toBe(200);
    const ours = await stack.request({
      method: 'POST',
      url: '/api/v1/logout',
      cookie,
      headers: { origin: new URL(PUBLIC_URL).origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(ours.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('answers a reset request before the link is made; the mail still arrives', async () => {
    const forgot = await stack.request({
      method: 'POST',
      url: '/api/v1/password/forgot',
      remoteAddress: OWNER,
      payload: { email: 'office@abuse-school.example' },
    });
    expect(forgot.statusCode).toBe(200);
    const mails = await waitFor(async () => {
      const filed = (await mailsIn(stack.env.dataDir)).filter((m) =>
        m.includes('To: office@abuse-school.example'),
      );
      return filed.length > 0 ? filed : null;
    });
    expect(mails[0]!.replace(/=\r?\n/g, '')).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
  });
});

describe('reset requests with a mail server that never answers', () => {
  let stack: FullStack;
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    stack = await startFullStack({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    await registerMailAccount(stack, 'office@silent-mail.example');
  }, 120_000);
  afterAll(async () => {
    // A refusing greeting at last lets the stuck mails fail (they are logged), so auth stops.
    for (const socket of sockets) socket.end('421 closing\r\n');
    await stack.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers an existing and an unknown account alike, without waiting for the mail', async () => {
    const forgot = async (email: string) => {
      const started = Date.now();
      const response = await stack.request({
        method: 'POST',
        url: '/api/v1/password/forgot',
        payload: { email },
      });
      return { response, ms: Date.now() - started };
    };
    const existing = await forgot('office@silent-mail.example');
    const unknown = await forgot('nobody@silent-mail.example');
    expect(existing.response.statusCode).toBe(200);
    expect(unknown.response.statusCode).toBe(200);
    const message = (r: typeof existing, email: string) =>
      (JSON.parse(r.response.body) as { message: string }).message.replace(email, 'X');
    expect(message(existing, 'office@silent-mail.example')).toBe(
      message(unknown, 'nobody@silent-mail.example'),
    );
    // The mail server has not said a word, yet both answers are back.
    expect(existing.ms).toBeLessThan(2000);
    await waitFor(() => sockets.size > 0, { message: 'the mail waiting on the silent server' });
  });
});

/**
 * Every /api/v1 and /api/console user endpoint called as guest, user, volunteer and admin, with the
 * exact status each must get; a refused call changes nothing.
 */
import type { InjectOptions } from 'fastify';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

type Role = 'guest' | 'user' | 'volunteer' | 'admin';
const ROLES: Role[] = ['guest', 'user', 'volunteer', 'admin'];

interface RouteCase {
  name: string;
  /** Builds the request; may create what it needs (e.g. a user to delete) through `h`. */
  request: (h: AuthHarness, ids: Ids) => Promise<InjectOptions> | InjectOptions;
  expected: Record<Role, number>;
}

interface Ids {
  school: string;
}

const ADMIN_ONLY = (ok: number): Record<Role, number> => ({
  guest: 401,
  user: 403,
  volunteer: 403,
  admin: ok,
});
const LOGIN = (ok: number): Record<Role, number> => ({
  guest: 401,
  user: ok,
  volunteer: ok,
  admin: ok,
});
const ANYONE = (ok: number): Record<Role, number> => ({
  guest: ok,
  user: ok,
  volunteer: ok,
  admin: ok,
});

let counter = 0;
/** A throwaway account to update, delete or give a new code, created by the admin. */
async function throwaway(h: AuthHarness): Promise<string> {
  counter += 1;
  const admin = await h.loginAs('TEST ADMIN');
  const response = await h.inject({
    method: 'POST',
    url: '/api/console/users',
    headers: { cookie: admin },
    payload: {
      name: `Throwaway ${counter}`,
      email: `throwaway-${counter}`,
      password: 'throwaway-code',
      role: 'user',
    },
  });
  return response.json().id as string;
}

const CASES: RouteCase[] = [
  {
    name: 'GET /api/v1/getUserList',
    request: () => ({ method: 'GET', url: '/api/v1/getUserList' }),
    expected: ANYONE(200),
  },
  {
    name: 'GET /api/v1/me',
    request: () => ({ method: 'GET', url: '/api/v1/me' }),
    expected: LOGIN(200),
  },
  {
    name: 'PUT /api/v1/me/update (same values)',
    request: () => ({ method: 'PUT', url: '/api/v1/me/update', payload: {} }),
    // Filled in per role below: each caller sends its own name and login id.
    expected: LOGIN(200),
  },
  {
    name: 'PUT /api/v1/password/update (wrong old code)',
    request: () => ({
      method: 'PUT',
      url: '/api/v1/password/update',
      payload: { oldPassword: 'wrong-old', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
    }),
    expected: LOGIN(400),
  },
  {
    name: 'POST /api/v1/password/forgot',
    request: () => ({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: 'nobody@example.org' },
    }),
    expected: ANYONE(200),
  },
  {
    name: 'PUT /api/v1/password/reset/:token (unknown token)',
    request: () => ({
      method: 'PUT',
      url: `/api/v1/password/reset/${'x'.repeat(43)}`,
      payload: { password: 'abcdefg', confirmPassword: 'abcdefg' },
    }),
    expected: ANYONE(400),
  },
  {
    name: 'GET /api/v1/admin/users',
    request: () => ({ method: 'GET', url: '/api/v1/admin/users' }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'GET /api/v1/admin/user/:id',
    request: (_h, ids) => ({ method: 'GET', url: `/api/v1/admin/user/${ids.school}` }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'PUT /api/v1/admin/user/:id',
    request: (_h, ids) => ({
      method: 'PUT',
      url: `/api/v1/admin/user/${ids.school}`,
      payload: { name: 'Riverside High School', email: 'riverside', role: 'user' },
    }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'DELETE /api/v1/admin/user/:id',
    request: async (h) => ({ method: 'DELETE', url: `/api/v1/admin/user/${await throwaway(h)}` }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /api/v1/register',
    request: () => {
      counter += 1;
      return {
        method: 'POST',
        url: '/api/v1/register',
        payload: {
          name: `New ${counter}`,
          email: `new-${counter}`,
          password: 'new-code',
          role: 'user',
          address: 'A',
          district: 'D',
        },
      };
    },
    expected: ADMIN_ONLY(201),
  },
  {
    name: 'GET /api/console/users',
    request: () => ({ method: 'GET', url: '/api/console/users' }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'GET /api/console/users/:id',
    request: (_h, ids) => ({ method: 'GET', url: `/api/console/users/${ids.school}` }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /api/console/users',
    request: () => {
      counter += 1;
      return {
        method: 'POST',
        url: '/api/console/users',
        payload: {
          name: `C ${counter}`,
          email: `c-${counter}`,
          password: 'c-code-1',
          role: 'volunteer',
        },
      };
    },
    expected: ADMIN_ONLY(201),
  },
  {
    name: 'PUT /api/console/users/:id',
    request: (_h, ids) => ({
      method: 'PUT',
      url: `/api/console/users/${ids.school}`,
      payload: { id: ids.school, name: 'Riverside High School', email: 'riverside', role: 'user' },
    }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'DELETE /api/console/users/:id',
    request: async (h) => ({ method: 'DELETE', url: `/api/console/users/${await throwaway(h)}` }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /api/console/users/:id/code',
    request: async (h) => ({
      method: 'POST',
      url: `/api/console/users/${await throwaway(h)}/code`,
    }),
    expected: ADMIN_ONLY(200),
  },
];

const ACCOUNTS: Record<Exclude<Role, 'guest'>, { loginId: string; name: string }> = {
  user: { loginId: 'maplegrove', name: 'Maple Grove Elementary' },
  volunteer: { loginId: 'volunteer', name: 'Volunteer' },
  admin: { loginId: 'admin', name: 'Admin' },
};

describe('gateway auth: access matrix', () => {
  let h: AuthHarness;
  const cookies: Partial<Record<Role, string>> = {};
  const ids: Ids = { school: '' };

  beforeAll(async () => {
    h = await startAuthHarness();
    for (const role of ['user', 'volunteer', 'admin'] as const)
      cookies[role] = await h.loginAs(ACCOUNTS[role].loginId);
    const list = (await h.inject({ method: 'GET', url: '/api/v1/getUserList' })).json().users as {
      _id: string;
      email: string;
    }[];
    ids.school = list.find((u) => u.email === 'riverside')!._id;
  });
  afterAll(() => h.close());

  const matrix = CASES.flatMap((c) =>
    ROLES.map((role) => [c.name, role, c.expected[role], c] as const),
  );

  it.each(matrix)('%s as %s -> %i', async (_name, role, status, routeCase) => {
    const options = await routeCase.request(h, ids);
    if (routeCase.name.startsWith('PUT /api/v1/me/update') && role !== 'guest') {
      options.payload = { name: ACCOUNTS[role].name, email: ACCOUNTS[role].loginId };
    }
    const headers = {
      ...(options.headers ?? {}),
      ...(cookies[role] ? { cookie: cookies[role] } : {}),
    };
    const before = await h.env.pool.query(
      `SELECT id, login_id, name, role, password_hash, version FROM auth.users ORDER BY id`,
    );
    const response = await h.inject({ ...options, headers });
    expect({
      status: response.statusCode,
      body: response.statusCode === status ? null : response.body,
    }).toEqual({ status, body: null });
    if (status >= 400 || response.statusCode >= 400) {
      expect(response.json()).toMatchObject({
        success: false,
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    if (response.statusCode === 401 || response.statusCode === 403) {
      // A refused call changes no account (throwaway accounts made for the call are the only difference).
      const after = await h.env.pool.query(
        `SELECT id, login_id, name, role, password_hash, version FROM auth.users ORDER BY id`,
      );
      expect(after.rows).toEqual(before.rows);
    }
  });

  it("logout is open to everyone and ends only the caller's session", async () => {
    for (const method of ['POST', 'GET'] as const) {
      for (const role of ROLES) {
        const cookie = role === 'guest' ? undefined : await h.loginAs(ACCOUNTS[role].loginId);
        const response = await h.inject({
          method,
          url: '/api/v1/logout',
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode).toBe(200);
      }
    }
    // The matrix sessions are still alive.
    const me = await h.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: cookies.admin! },
    });
    expect(me.statusCode).toBe(200);
  });
});

/**
 * Renames racing for one login id: the "is it taken?" check of each transaction cannot see the
 * others' uncommitted rows, so the unique index decides, and its violation must be the same 409 the
 * check gives, never a 500.
 */
import { loginKeyOf } from '@lr/contracts';
import { DEMO_CODE, startAuthHarness, type AuthHarness } from './auth-harness.js';

const SCHOOLS = ['maplegrove', 'cedarhill', 'riverside', 'oakpark', 'willowcreek', 'sunnyside'];

describe('concurrent renames to one login id', () => {
  let h: AuthHarness;
  let admin: string;
  let ids: Map<string, string>;

  beforeAll(async () => {
    h = await startAuthHarness();
    admin = await h.loginAs('admin');
    const { rows } = await h.env.pool.query<{ id: string; login_id: string }>(
      'SELECT id, login_id FROM auth.users WHERE login_id = ANY($1)',
      [SCHOOLS],
    );
    ids = new Map(rows.map((row) => [row.login_id, row.id]));
    expect(ids.size).toBe(SCHOOLS.length);
  });
  afterAll(() => h.close());

  function expectOneWinner(statuses: number[], bodies: string[]): void {
    expect([...statuses].sort()).toEqual([200, ...Array<number>(statuses.length - 1).fill(409)]);
    for (const [i, body] of bodies.entries()) {
      if (statuses[i] === 409) expect(body).toContain('this Login ID is already in use');
    }
  }

  it('console Update User: exactly one 200, the others 409, in every round', async () => {
    for (let round = 0; round < 5; round += 1) {
      const target = `Shared-Id-${round}`;
      const responses = await Promise.all(
        SCHOOLS.map((loginId) =>
          h.inject({
            method: 'PUT',
            url: `/api/console/users/${ids.get(loginId)}`,
            headers: { cookie: admin },
            payload: { name: `School ${loginId}`, email: target, role: 'user' },
          }),
        ),
      );
      expectOneWinner(
        responses.map((r) => r.statusCode),
        responses.map((r) => r.body),
      );
      const { rows } = await h.env.pool.query(
        'SELECT count(*)::int AS n FROM auth.users WHERE login_key = $1',
        [loginKeyOf(target)],
      );
      expect(rows[0]).toEqual({ n: 1 });
      // Everyone takes a fresh id again (one of them wears the target) for the next round.
      await Promise.all(
        SCHOOLS.map((loginId) =>
          h.env.pool.query('UPDATE auth.users SET login_id = $1, login_key = $2 WHERE id = $3', [
            loginId,
            loginKeyOf(loginId),
            ids.get(loginId),
          ]),
        ),
      );
    }
  }, 60_000);

  it('own profile update (/me/update): exactly one 200, the others 409', async () => {
    const cookies = await Promise.all(SCHOOLS.map((loginId) => h.loginAs(loginId)));
    for (let round = 0; round < 3; round += 1) {
      const target = `mine-${round}`;
      const responses = await Promise.all(
        SCHOOLS.map((loginId, i) =>
          h.inject({
            method: 'PUT',
            url: '/api/v1/me/update',
            headers: { cookie: cookies[i] as string },
            payload: { name: `School ${loginId}`, email: target, currentPassword: DEMO_CODE },
          }),
        ),
      );
      expectOneWinner(
        responses.map((r) => r.statusCode),
        responses.map((r) => r.body),
      );
      const winner = SCHOOLS[responses.findIndex((r) => r.statusCode === 200)] as string;
      await h.env.pool.query('UPDATE auth.users SET login_id = $1, login_key = $2 WHERE id = $3', [
        winner,
        loginKeyOf(winner),
        ids.get(winner),
      ]);
    }
  }, 60_000);
});

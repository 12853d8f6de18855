import { AppError, type Actor } from '@lr/contracts';
import { hasRole, refuseRole, requireActor, requireRole, requireSelfOrRole } from './access.js';

const actor = (role: Actor['role']): Actor => ({
  id: '3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a',
  role,
  name: 'Someone',
  loginId: 'someone',
});

function refusal(check: () => unknown): { code: string; message: string } {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('access checks', () => {
  it('refuses an anonymous caller with 401', () => {
    expect(refusal(() => requireActor(null))).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Please login to access this resource',
    });
    expect(refusal(() => requireRole(null, 'admin')).code).toBe('UNAUTHORIZED');
    expect(refusal(() => refuseRole(null, 'volunteer', 'no')).code).toBe('UNAUTHORIZED');
  });

  it('lets one of the roles through and names any other', () => {
    const admin = actor('admin');
    expect(requireRole(admin, 'admin', 'volunteer')).toBe(admin);
    expect(refusal(() => requireRole(actor('user'), 'admin', 'volunteer'))).toEqual({
      code: 'FORBIDDEN',
      message: 'Role: user is not allowed to access this resource',
    });
  });

  it('refuses one role with its own message', () => {
    expect(refuseRole(actor('user'), 'volunteer', 'Volunteers cannot')).toMatchObject({
      role: 'user',
    });
    expect(refusal(() => refuseRole(actor('volunteer'), 'volunteer', 'Volunteers cannot'))).toEqual(
      { code: 'FORBIDDEN', message: 'Volunteers cannot' },
    );
  });

  it('answers whether the caller has a role', () => {
    expect(hasRole(actor('volunteer'), 'admin', 'volunteer')).toBe(true);
    expect(hasRole(actor('user'), 'admin')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });

  it('lets a user reach their own record and the roles reach any record', () => {
    const user = actor('user');
    const other = '00000000-0000-4000-8000-000000000001';
    expect(requireSelfOrRole(user, user.id, 'admin')).toBe(user);
    expect(requireSelfOrRole(actor('admin'), other, 'admin').role).toBe('admin');
    expect(refusal(() => requireSelfOrRole(user, other, 'admin'))).toEqual({
      code: 'FORBIDDEN',
      message: 'You are not allowed to access this resource',
    });
    expect(refusal(() => requireSelfOrRole(null, other, 'admin')).code).toBe('UNAUTHORIZED');
  });
});

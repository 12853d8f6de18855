import { ADD_USER_ROLE_CHOICES, UPDATE_USER_ROLE_CHOICES, initialUpdateRole } from './role-choices';
import { roleColor } from './role-colors';

describe('role choices', () => {
  it('Update User offers Admin and User only', () => {
    expect(UPDATE_USER_ROLE_CHOICES.map((c) => c.name)).toEqual(['Admin', 'User']);
  });

  it('Add User offers Admin, Volunteer and User', () => {
    expect(ADD_USER_ROLE_CHOICES.map((c) => c.name)).toEqual(['Admin', 'Volunteer', 'User']);
  });

  it('starts Update User at Choose Role for a volunteer', () => {
    expect(initialUpdateRole('volunteer')).toBe('');
    expect(initialUpdateRole('admin')).toBe('admin');
    expect(initialUpdateRole('user')).toBe('user');
  });
});

describe('role colours', () => {
  it('colours admin green, user red and volunteer blue', () => {
    expect(roleColor('admin')).toBe('#2e7d32');
    expect(roleColor('user')).toBe('#d32f2f');
    expect(roleColor('volunteer')).toBe('#1565c0');
    expect(roleColor('guest')).toBe('inherit');
  });
});

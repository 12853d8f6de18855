import type { Role } from '@lr/contracts';

export interface RoleChoice {
  id: Role;
  name: string;
}

/** Update User may set admin or user only: volunteer is not offered. */
export const UPDATE_USER_ROLE_CHOICES: readonly RoleChoice[] = [
  { id: 'admin', name: 'Admin' },
  { id: 'user', name: 'User' },
];

/** Add User may set admin, volunteer or user. */
export const ADD_USER_ROLE_CHOICES: readonly RoleChoice[] = [
  { id: 'admin', name: 'Admin' },
  { id: 'volunteer', name: 'Volunteer' },
  { id: 'user', name: 'User' },
];

/** The role the Update User form starts with: a volunteer must be given a new role explicitly. */
export function initialUpdateRole(current: string | undefined): Role | '' {
  return UPDATE_USER_ROLE_CHOICES.some((choice) => choice.id === current) ? (current as Role) : '';
}

/**
 * 'A role must be chosen'. A plain function rather than react-admin's required() so the
 * dropdown keeps its 'Choose Role' entry, as the original app lists it among the options.
 */
export function roleChosen(value: string | undefined | null): string | undefined {
  return value ? undefined : 'Choose a role';
}

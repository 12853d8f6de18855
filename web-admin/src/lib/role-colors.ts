import type { Role } from '@lr/contracts';

/** Role cells of the users table: admin green, user red, volunteer blue. */
export const ROLE_COLORS: Readonly<Record<Role, string>> = {
  admin: '#2e7d32',
  user: '#d32f2f',
  volunteer: '#1565c0',
};

export function roleColor(role: string): string {
  return (ROLE_COLORS as Record<string, string>)[role] ?? 'inherit';
}

/** Role checks done by the service itself (the gateway checks too; services never trust it blindly). */
import { AppError, type Actor, type Role } from '@lr/contracts';

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

export function requireRole(actor: Actor | null, ...roles: Role[]): Actor {
  const known = requireActor(actor);
  if (!roles.includes(known.role))
    throw AppError.forbidden(`Role: ${known.role} is not allowed to access this resource`);
  return known;
}

export function isAdmin(actor: Actor | null): boolean {
  return actor?.role === 'admin';
}

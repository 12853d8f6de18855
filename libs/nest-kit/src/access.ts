/**
 * The services' own role checks, called by each RPC controller before it hands the input on. The
 * gateway checks roles too, but a service never trusts it alone.
 */
import { AppError, type Actor, type Role } from '@lr/contracts';

/** True when the caller is logged in with one of `roles`. */
export function hasRole(actor: Actor | null, ...roles: Role[]): boolean {
  return actor !== null && roles.includes(actor.role);
}

/** The caller, who must be logged in (401 otherwise). */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

/** The caller, who must be logged in (401) with one of `roles` (403 naming their role). */
export function requireRole(actor: Actor | null, ...roles: Role[]): Actor {
  const known = requireActor(actor);
  if (!roles.includes(known.role))
    throw AppError.forbidden(`Role: ${known.role} is not allowed to access this resource`);
  return known;
}

/** The caller, who must be logged in (401) with any role but `role` (403 with `message`). */
export function refuseRole(actor: Actor | null, role: Role, message: string): Actor {
  const known = requireActor(actor);
  if (known.role === role) throw AppError.forbidden(message);
  return known;
}

/** The caller, who must be logged in (401) and be the user `userId` or have one of `roles` (403). */
export function requireSelfOrRole(actor: Actor | null, userId: string, ...roles: Role[]): Actor {
  const known = requireActor(actor);
  if (known.id !== userId && !roles.includes(known.role)) throw AppError.forbidden();
  return known;
}

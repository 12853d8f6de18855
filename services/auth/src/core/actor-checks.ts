/** Role checks every handler repeats: the gateway checks too, but a service never trusts it alone. */
import { AppError, type Actor } from '@lr/contracts';

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const known = requireActor(actor);
  if (known.role !== 'admin')
    throw new AppError('FORBIDDEN', `Role: ${known.role} is not allowed to access this resource`);
  return known;
}

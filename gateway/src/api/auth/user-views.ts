/** Explicit mappings of the auth service's users to the HTTP shapes (the old API's `_id`/`email`, console `id`). */
import type {
  ApiLoginChoice,
  ApiUser,
  AuthUser,
  ConsoleUser,
  PublicUserEntry,
} from '@lr/contracts';

export function toApiUser(user: AuthUser): ApiUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.loginId,
    role: user.role,
    address: user.address,
    district: user.district,
    avatar: { url: user.avatar.url },
    exemptFromLineCap: user.exemptFromLineCap,
    createdAt: user.createdAt,
  };
}

/** The login dropdown: nothing but the id, the school's name and its login id. */
export function toLoginChoice(entry: PublicUserEntry): ApiLoginChoice {
  return { _id: entry.id, name: entry.name, email: entry.loginId };
}

export function toConsoleUser(user: AuthUser): ConsoleUser {
  return {
    id: user.id,
    loginId: user.loginId,
    email: user.loginId,
    name: user.name,
    role: user.role,
    address: user.address,
    district: user.district,
    avatar: { url: user.avatar.url },
    exemptFromLineCap: user.exemptFromLineCap,
    createdAt: user.createdAt,
  };
}

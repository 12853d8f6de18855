/** Explicit row -> message mappings: no hash, no internal column ever leaves the service. */
import type { AuthUser, PublicUserEntry, UserSnapshot } from '@lr/contracts';
import type { UserRow } from '../db/schema.js';

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    loginId: row.loginId,
    name: row.name,
    role: row.role,
    address: row.address,
    district: row.district,
    avatar: { url: row.avatarUrl },
    exemptFromLineCap: row.exemptFromLineCap,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUserSnapshot(row: UserRow): UserSnapshot {
  return {
    id: row.id,
    name: row.name,
    loginId: row.loginId,
    role: row.role,
    address: row.address,
    district: row.district,
  };
}

export function toPublicEntry(row: Pick<UserRow, 'id' | 'name' | 'loginId'>): PublicUserEntry {
  return { id: row.id, name: row.name, loginId: row.loginId };
}

/** The store's generated placeholder (served by web-store). */
export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** The only place with SQL about user rows. Methods take an executor so callers can pass a transaction. */
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DATABASE,
  isUuid,
  likeContaining,
  withUniqueMessages,
  type Database,
  type Executor,
  type UniqueConstraintMessages,
} from '@lr/nest-kit';
import { loginKeyOf, type Role } from '@lr/contracts';
import { users, type UserRow } from '../db/schema.js';

/** A new row; its comparison keys are computed here from the login id and the name. */
export type NewUserRow = Omit<typeof users.$inferInsert, 'loginKey' | 'nameKey'>;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'loginId'
    | 'name'
    | 'role'
    | 'address'
    | 'district'
    | 'avatarUrl'
    | 'passwordHash'
    | 'exemptFromLineCap'
  >
>;

export interface UserListQuery {
  sort: { field: 'loginId' | 'name' | 'district' | 'role' | 'createdAt'; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  q?: string | undefined;
  role?: Role | undefined;
  /** Keyset walk in login id order: the rows after this one. */
  after?: { loginId: string; id: string } | null;
}

/**
 * Login ids are unique by their login key, and school names among schools by theirs
 * (004-account-keys-and-cap-flag.sql): the indexes answer a race the checks lost.
 */
export const LOGIN_ID_IN_USE = 'email: this Login ID is already in use';
export const SCHOOL_NAME_IN_USE =
  'name: another school already has this name (names are compared ignoring case, width and invisible characters)';
const UNIQUE_MESSAGES: UniqueConstraintMessages = {
  users_login_key_idx: LOGIN_ID_IN_USE,
  users_school_name_key_idx: SCHOOL_NAME_IN_USE,
};

/** The comparison keys that follow the login id and the name of a patch. */
function keysOf(patch: { loginId?: string | undefined; name?: string | undefined }) {
  return {
    ...(patch.loginId !== undefined ? { loginKey: loginKeyOf(patch.loginId) } : {}),
    ...(patch.name !== undefined ? { nameKey: loginKeyOf(patch.name) } : {}),
  };
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async findById(id: string, exec: Executor = this.db): Promise<UserRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await exec.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async findByLoginId(loginId: string, exec: Executor = this.db): Promise<UserRow | undefined> {
    const rows = await exec
      .select()
      .from(users)
      .where(eq(users.loginKey, loginKeyOf(loginId)))
      .limit(1);
    return rows[0];
  }

  async findByIds(ids: string[], exec: Executor = this.db): Promise<UserRow[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return exec.select().from(users).where(inArray(users.id, valid));
  }

  /** True when another account already uses this login id (compared by login key). */
  async loginIdTaken(
    loginId: string,
    exceptId: string | null,
    exec: Executor = this.db,
  ): Promise<boolean> {
    const sameId = eq(users.loginKey, loginKeyOf(loginId));
    const rows = await exec
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(sameId, ne(users.id, exceptId)) : sameId)
      .limit(1);
    return rows.length > 0;
  }

  /** True when another school already has this name (compared by its key, like login ids). */
  async schoolNameTaken(
    name: string,
    exceptId: string | null,
    exec: Executor = this.db,
  ): Promise<boolean> {
    const sameName = and(eq(users.nameKey, loginKeyOf(name)), eq(users.role, 'user'))!;
    const rows = await exec
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(sameName, ne(users.id, exceptId)) : sameName)
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: NewUserRow, exec: Executor = this.db): Promise<UserRow> {
    const keyed = { ...row, loginKey: loginKeyOf(row.loginId), nameKey: loginKeyOf(row.name) };
    const rows = await withUniqueMessages(UNIQUE_MESSAGES, () =>
      exec.insert(users).values(keyed).returning(),
    );
    return rows[0]!;
  }

  /** Applies the patch and bumps the version; undefined when the user no longer exists. */
  async update(
    id: string,
    patch: UserPatch,
    exec: Executor = this.db,
  ): Promise<UserRow | undefined> {
    // A malformed id names no user (404), it is not a database error.
    if (!isUuid(id)) return undefined;
    const rows = await withUniqueMessages(UNIQUE_MESSAGES, () =>
      exec
        .update(users)
        .set({
          ...patch,
          ...keysOf(patch),
          version: sql`${users.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning(),
    );
    return rows[0];
  }

  async delete(id: string, exec: Executor = this.db): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await exec.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  /** Counts admins, locking their rows so two concurrent demotions cannot both pass the check. */
  async countAdminsForUpdate(exec: Executor): Promise<number> {
    const result = await exec.execute(
      sql`SELECT id FROM auth.users WHERE role = 'admin' FOR UPDATE`,
    );
    return result.rows.length;
  }

  async countAdmins(exec: Executor = this.db): Promise<number> {
    const rows = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'));
    return rows[0]?.n ?? 0;
  }

  async count(exec: Executor = this.db): Promise<number> {
    const rows = await exec.select({ n: sql<number>`count(*)::int` }).from(users);
    return rows[0]?.n ?? 0;
  }

  async list(
    query: UserListQuery,
    exec: Executor = this.db,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.role) conditions.push(eq(users.role, query.role));
    if (query.q) {
      const pattern = likeContaining(query.q);
      conditions.push(
        or(
          sql`${users.name} ILIKE ${pattern}`,
          sql`${users.loginId} ILIKE ${pattern}`,
          sql`${users.district} ILIKE ${pattern}`,
        )!,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const after = query.after
      ? sql`(lower(${users.loginId}), ${users.id}) > (lower(${query.after.loginId}), ${query.after.id}::uuid)`
      : undefined;
    const column = {
      loginId: sql`lower(${users.loginId})`,
      name: sql`lower(${users.name})`,
      district: sql`lower(${users.district})`,
      role: users.role,
      createdAt: users.createdAt,
    }[query.sort.field];
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const rows = await exec
      .select()
      .from(users)
      .where(after ? and(where, after) : where)
      .orderBy(direction(column), asc(users.id))
      .offset(query.offset)
      .limit(query.limit);
    const counted = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    return { rows, total: counted[0]?.n ?? 0 };
  }

  /**
   * One page of the accounts for the login dropdown, by name (then id), after `after` (the last
   * row of the previous page); reserved ones are filtered by the caller.
   */
  async listForLogin(
    page: { after: { name: string; id: string } | null; limit: number },
    exec: Executor = this.db,
  ): Promise<Pick<UserRow, 'id' | 'name' | 'loginId'>[]> {
    const after = page.after
      ? sql`(lower(${users.name}), ${users.id}) > (lower(${page.after.name}), ${page.after.id}::uuid)`
      : undefined;
    return exec
      .select({ id: users.id, name: users.name, loginId: users.loginId })
      .from(users)
      .where(after)
      .orderBy(sql`lower(${users.name})`, asc(users.id))
      .limit(page.limit);
  }
}

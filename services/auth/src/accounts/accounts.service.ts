/**
 * User management by admins and the public login list. Rules kept here: the
 * last admin cannot be deleted or demoted, an admin cannot delete or demote themselves, Update
 * User sets admin or user only, and a role change, new code or deletion ends the user's sessions.
 * Login ids are unique by their login key, school names among schools by theirs; only admins set
 * the per-line cap exemption (the controller lets nobody else call update).
 * Every change to an account is followed, after commit, by a hint to the gateways' session caches.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  PAGE_SIZE_MAX,
  isReservedLoginId,
  type KeysetPage,
  type KeysetPageInput,
  type Actor,
  type AuthUser,
  type PublicUserEntry,
  type SetUserCodeReply,
  type UserList,
  type Role,
} from '@lr/contracts';
import {
  DATABASE,
  LOGGER,
  RecordedReplies,
  type Database,
  type Executor,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import { generateCode, hashPassword } from '../core/passwords.js';
import { SessionHints } from '../sessions/session-hints.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UserEvents } from '../users/user-events.js';
import { DEFAULT_AVATAR_URL, toAuthUser, toPublicEntry } from '../users/users.mapper.js';
import {
  decodeLoginIdKeyset,
  decodeNameKeyset,
  encodeLoginIdKeyset,
  encodeNameKeyset,
} from '../users/user-keysets.js';
import {
  LOGIN_ID_IN_USE,
  SCHOOL_NAME_IN_USE,
  UsersRepository,
  type UserListQuery,
} from '../users/users.repository.js';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
  address: string;
  district: string;
  avatar?: { url: string } | undefined;
}

export interface UserChange {
  id: string;
  name: string;
  email: string;
  role: Role;
  address?: string | undefined;
  district?: string | undefined;
  exemptFromLineCap?: boolean | undefined;
}

const USER_NOT_FOUND = 'User does not exist';

@Injectable()
export class AccountsService {
  private readonly logger: Logger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
    private readonly users: UsersRepository,
    private readonly events: UserEvents,
    private readonly sessions: SessionsService,
    private readonly hints: SessionHints,
    private readonly replies: RecordedReplies,
  ) {
    this.logger = logger.child({ context: AccountsService.name });
  }

  /**
   * The login dropdown, one page at a time: every account but the reserved ones, by name; nothing
   * but id and names. A page may hold fewer rows than asked (reserved ones are left out).
   */
  async publicList(input: KeysetPageInput): Promise<KeysetPage<PublicUserEntry>> {
    const limit = input.limit ?? PAGE_SIZE_MAX;
    const rows = await this.users.listForLogin({
      after: decodeNameKeyset(input.after),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.filter((row) => !isReservedLoginId(row.loginId)).map(toPublicEntry),
      next: rows.length > limit && last ? encodeNameKeyset(last) : null,
    };
  }

  /** A page of users; in the default order (login id ascending) it also says where the next starts. */
  async list(query: Omit<UserListQuery, 'after'> & { after?: string | null }): Promise<UserList> {
    const byLoginId = query.sort.field === 'loginId' && query.sort.order === 'ASC';
    if (query.after && (!byLoginId || query.offset > 0)) {
      throw AppError.badRequest('after: only in login id order, without offset');
    }
    const after = decodeLoginIdKeyset(query.after);
    // One more than the page tells whether another page follows.
    const { rows, total } = await this.users.list({ ...query, after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const more = rows.length > query.limit && last !== undefined;
    return {
      items: page.map(toAuthUser),
      total,
      next: byLoginId && more ? encodeLoginIdKeyset(last) : null,
    };
  }

  /** One user (the controller lets an admin read anyone, any other caller only themselves). */
  async get(id: string): Promise<AuthUser> {
    const row = await this.users.findById(id);
    if (!row) throw AppError.notFound(`${USER_NOT_FOUND} with Id: ${id}`);
    return toAuthUser(row);
  }

  async getMany(ids: string[]): Promise<AuthUser[]> {
    return (await this.users.findByIds(ids)).map(toAuthUser);
  }

  /**
   * `replyKey` (register, update, delete): the request's key when the caller may resend it; the
   * reply is recorded with the change and a resend gets it (RecordedReplies).
   */
  async register(input: NewUser, replyKey: ReplyKey | null = null): Promise<AuthUser> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.replies.transaction(this.db, replyKey, async (tx) => {
      await this.assertLoginIdFree(input.email, null, tx);
      if (input.role === 'user') await this.assertSchoolNameFree(input.name, null, tx);
      const row = await this.users.insert(
        {
          id: randomUUID(),
          loginId: input.email,
          name: input.name,
          role: input.role,
          address: input.address,
          district: input.district,
          avatarUrl: input.avatar?.url ?? DEFAULT_AVATAR_URL,
          passwordHash,
        },
        tx,
      );
      await this.events.created(tx, row);
      return toAuthUser(row);
    });
    this.logger.info({ userId: user.id, role: user.role }, 'user registered');
    return user;
  }

  async update(
    actor: Actor,
    change: UserChange,
    replyKey: ReplyKey | null = null,
  ): Promise<AuthUser> {
    const user = await this.replies.transaction(this.db, replyKey, async (tx) => {
      const current = await this.users.findById(change.id, tx);
      if (!current) throw AppError.notFound(`${USER_NOT_FOUND} with Id: ${change.id}`);
      if (change.role === 'volunteer' && current.role !== 'volunteer') {
        throw AppError.badRequest('role: Update User can set the role admin or user only');
      }
      const demoted = current.role === 'admin' && change.role !== 'admin';
      if (demoted) await this.assertNotSelfOrLastAdmin(actor, current.id, 'demote', tx);
      await this.assertLoginIdFree(change.email, current.id, tx);
      if (change.role === 'user') await this.assertSchoolNameFree(change.name, current.id, tx);
      const row = await this.users.update(
        current.id,
        {
          name: change.name,
          loginId: change.email,
          role: change.role,
          ...(change.address !== undefined ? { address: change.address } : {}),
          ...(change.district !== undefined ? { district: change.district } : {}),
          ...(change.exemptFromLineCap !== undefined
            ? { exemptFromLineCap: change.exemptFromLineCap }
            : {}),
        },
        tx,
      );
      if (!row) throw AppError.notFound(`${USER_NOT_FOUND} with Id: ${change.id}`);
      if (row.role !== current.role) await this.sessions.revokeAllOfUser(row.id, tx);
      await this.events.updated(tx, row);
      return toAuthUser(row);
    });
    // Any update, not only the actor's fields (role, name, login id): cheap, and nothing is missed.
    await this.hints.userChanged(user.id);
    return user;
  }

  async delete(actor: Actor, id: string, replyKey: ReplyKey | null = null): Promise<AuthUser> {
    const deleted = await this.replies.transaction(this.db, replyKey, async (tx) => {
      const current = await this.users.findById(id, tx);
      if (!current) throw AppError.notFound(`${USER_NOT_FOUND} with Id: ${id}`);
      if (actor.id === current.id) throw AppError.conflict('You cannot delete your own account');
      if (current.role === 'admin')
        await this.assertNotSelfOrLastAdmin(actor, current.id, 'delete', tx);
      // Sessions go with the row (ON DELETE CASCADE), so the user is logged out at once.
      await this.users.delete(current.id, tx);
      await this.events.deleted(tx, current);
      this.logger.info({ userId: current.id, by: actor.id }, 'user deleted');
      return toAuthUser(current);
    });
    await this.hints.userChanged(deleted.id);
    return deleted;
  }

  /** A new random code, shown once to the admin; only its hash is kept, and old sessions end. */
  async setCode(actor: Actor, id: string): Promise<SetUserCodeReply> {
    const code = generateCode();
    const passwordHash = await hashPassword(code);
    await this.db.transaction(async (tx) => {
      const row = await this.users.update(id, { passwordHash }, tx);
      if (!row) throw AppError.notFound(`${USER_NOT_FOUND} with Id: ${id}`);
      await this.sessions.revokeAllOfUser(row.id, tx);
    });
    await this.hints.userChanged(id);
    this.logger.info({ userId: id, by: actor.id }, 'user code replaced');
    return { id, code };
  }

  private async assertLoginIdFree(
    loginId: string,
    exceptId: string | null,
    tx: Executor,
  ): Promise<void> {
    if (await this.users.loginIdTaken(loginId, exceptId, tx)) {
      throw AppError.conflict(LOGIN_ID_IN_USE);
    }
  }

  private async assertSchoolNameFree(
    name: string,
    exceptId: string | null,
    tx: Executor,
  ): Promise<void> {
    if (await this.users.schoolNameTaken(name, exceptId, tx)) {
      throw AppError.conflict(SCHOOL_NAME_IN_USE);
    }
  }

  private async assertNotSelfOrLastAdmin(
    actor: Actor,
    targetId: string,
    action: 'delete' | 'demote',
    tx: Executor,
  ): Promise<void> {
    if (actor.id === targetId) {
      throw AppError.conflict(
        action === 'delete'
          ? 'You cannot delete your own account'
          : 'You cannot remove your own admin role',
      );
    }
    if ((await this.users.countAdminsForUpdate(tx)) <= 1) {
      throw AppError.conflict(
        `The last admin cannot be ${action === 'delete' ? 'deleted' : 'demoted'}`,
      );
    }
  }
}

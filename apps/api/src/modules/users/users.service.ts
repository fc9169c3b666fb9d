import { sql, type Database, type Executor } from '@fonrisk/db';
import {
  Role,
  USER_ADMIN_ROLES,
  type CreateUserRequest,
  type TokenClaims,
  type UpdateUserRequest,
  type User,
  type UserModules,
} from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  LastSuperAdminError,
  OtherUserRecordError,
  SelfDeletionError,
  SuperAdminOnlyError,
  UserNotFoundError,
} from './users.errors.ts';
import {
  countActiveSuperAdmins,
  deleteUser,
  findUserById,
  insertUser,
  listUsers,
  revokeSessions,
  roleOf,
  toUser,
  updateUser,
  type UserRow,
} from './users.repository.ts';

/** Serialises user-administration changes so two requests cannot remove the last Super Admin. */
const USER_ADMIN_LOCK_KEY = 72_610_002;

const isSuperAdmin = (role: string) => role === Role.SuperAdmin;

function toUserModules(user: User): UserModules {
  return {
    userId: user.id,
    username: user.username,
    fullName: user.fullName,
    modules: user.modules,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * User management. Route access already limits these calls to Admin and Super Admin (or the
 * user itself for reads); here live the rules about specific records: only a Super Admin
 * touches Super Admins, the last active Super Admin stays, nobody deletes themselves.
 */
export function createUsersService(db: Database) {
  async function mustFind(ex: Executor, id: number): Promise<UserRow> {
    const row = await findUserById(ex, id);
    if (!row) throw new UserNotFoundError();
    return row;
  }

  function assertMaySeeRecord(actor: TokenClaims, id: number): void {
    if (actor.userId !== id && !USER_ADMIN_ROLES.includes(actor.role))
      throw new OtherUserRecordError();
  }

  function inAdminTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${USER_ADMIN_LOCK_KEY})`);
      return work(tx);
    });
  }

  /** A change that would leave no active Super Admin is refused. */
  async function assertNotLastSuperAdmin(
    tx: Executor,
    target: UserRow,
    remainsActiveSuperAdmin: boolean,
  ) {
    if (!isSuperAdmin(target.role) || !target.active || remainsActiveSuperAdmin) return;
    if ((await countActiveSuperAdmins(tx)) <= 1) throw new LastSuperAdminError();
  }

  return {
    async list(): Promise<User[]> {
      return (await listUsers(db)).map(toUser);
    },

    async listModules(): Promise<UserModules[]> {
      return (await listUsers(db)).map((row) => toUserModules(toUser(row)));
    },

    async get(actor: TokenClaims, id: number): Promise<User> {
      assertMaySeeRecord(actor, id);
      return toUser(await mustFind(db, id));
    },

    async getModules(actor: TokenClaims, id: number): Promise<UserModules> {
      return toUserModules(await this.get(actor, id));
    },

    async create(actor: TokenClaims, request: CreateUserRequest): Promise<User> {
      if (isSuperAdmin(request.role) && !isSuperAdmin(actor.role)) throw new SuperAdminOnlyError();
      const passwordHash = await hashPassword(request.password);
      return db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          username: request.username,
          fullName: request.fullName,
          role: request.role,
          modules: request.modules,
          passwordHash,
        });
        const user = toUser(row);
        await recordAudit(tx, {
          actor,
          action: 'user.create',
          entity: 'user',
          entityId: user.id,
          after: user,
        });
        return user;
      });
    },

    async update(actor: TokenClaims, id: number, request: UpdateUserRequest): Promise<User> {
      return inAdminTransaction(async (tx) => {
        const target = await mustFind(tx, id);
        const touchesSuperAdmin = isSuperAdmin(target.role) || isSuperAdmin(request.role);
        if (touchesSuperAdmin && !isSuperAdmin(actor.role)) throw new SuperAdminOnlyError();
        await assertNotLastSuperAdmin(tx, target, isSuperAdmin(request.role) && request.active);
        const row = await updateUser(tx, id, request);
        // A demotion or a deactivation takes effect now, not when the old token expires.
        if (target.role !== request.role || target.active !== request.active)
          await revokeSessions(tx, id);
        const before = toUser(target);
        const after = toUser(row!);
        await recordAudit(tx, {
          actor,
          action: 'user.update',
          entity: 'user',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    async updateModules(
      actor: TokenClaims,
      id: number,
      modules: readonly number[],
    ): Promise<UserModules> {
      return inAdminTransaction(async (tx) => {
        const target = await mustFind(tx, id);
        if (isSuperAdmin(target.role) && !isSuperAdmin(actor.role)) throw new SuperAdminOnlyError();
        const row = await updateUser(tx, id, { modules: [...modules] });
        const before = toUserModules(toUser(target));
        const after = toUserModules(toUser(row!));
        if (before.modules.join() !== after.modules.join()) await revokeSessions(tx, id);
        await recordAudit(tx, {
          actor,
          action: 'user.modules',
          entity: 'user',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    async remove(actor: TokenClaims, id: number): Promise<void> {
      if (actor.userId === id) throw new SelfDeletionError();
      await inAdminTransaction(async (tx) => {
        const target = await mustFind(tx, id);
        if (isSuperAdmin(roleOf(target)) && !isSuperAdmin(actor.role))
          throw new SuperAdminOnlyError();
        await assertNotLastSuperAdmin(tx, target, false);
        await deleteUser(tx, id);
        await recordAudit(tx, {
          actor,
          action: 'user.delete',
          entity: 'user',
          entityId: id,
          before: toUser(target),
        });
      });
    },
  };
}

import {
  and,
  asc,
  count,
  eq,
  isUniqueViolation,
  sql,
  users,
  type Executor,
  type UserRow,
} from '@fonrisk/db';
import { Role, formatModuleList, isRole, parseModuleList, type User } from '@fonrisk/contracts';
import { UsernameTakenError } from './users.errors.ts';

export type { UserRow };

export interface NewUser {
  readonly username: string;
  readonly fullName: string;
  readonly role: Role;
  readonly modules: readonly number[];
  readonly passwordHash: string;
}

export type UserPatch = Partial<
  Pick<UserRow, 'fullName' | 'role' | 'modules' | 'active' | 'passwordHash' | 'lastLoginAt'>
>;

/** Module lists are kept sorted and free of duplicates. */
const normalizeModules = (modules: readonly number[]) => parseModuleList(formatModuleList(modules));

/** The stored role, checked: a row with an unknown role is a data error, not a user's role. */
export function roleOf(row: UserRow): Role {
  if (!isRole(row.role)) throw new Error(`User ${row.id} has unknown role ${row.role}`);
  return row.role;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    role: roleOf(row),
    modules: normalizeModules(row.modules),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function listUsers(ex: Executor): Promise<UserRow[]> {
  return ex.select().from(users).orderBy(asc(users.id));
}

export async function findUserById(ex: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(
  ex: Executor,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.username, username));
  return row;
}

export async function insertUser(ex: Executor, user: NewUser): Promise<UserRow> {
  try {
    const [row] = await ex
      .insert(users)
      .values({ ...user, modules: normalizeModules(user.modules) })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsernameTakenError();
    throw error;
  }
}

export async function updateUser(
  ex: Executor,
  id: number,
  patch: UserPatch,
): Promise<UserRow | undefined> {
  const values = patch.modules ? { ...patch, modules: normalizeModules(patch.modules) } : patch;
  const [row] = await ex.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(ex: Executor, id: number): Promise<void> {
  await ex.delete(users).where(eq(users.id, id));
}

export async function countActiveSuperAdmins(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, Role.SuperAdmin), eq(users.active, true)));
  return row?.n ?? 0;
}

/**
 * What decides whether a token is still good: the account exists, is active, and has the
 * token version the token was signed with (docs/decisions/0026-sessions-and-hardening.md).
 */
export async function findSessionState(
  ex: Executor,
  id: number,
): Promise<{ active: boolean; tokenVersion: number } | undefined> {
  const [row] = await ex
    .select({ active: users.active, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Ends every session of the user: tokens signed before this stop working at once. */
export async function revokeSessions(ex: Executor, id: number): Promise<void> {
  await ex
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

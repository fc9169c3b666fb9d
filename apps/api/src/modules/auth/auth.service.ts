import type { Database } from '@fonrisk/db';
import {
  containsUsername,
  formatModuleList,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type TokenClaims,
} from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  findUserById,
  findUserByUsername,
  revokeSessions,
  roleOf,
  toUser,
  updateUser,
} from '../users/users.repository.ts';
import { UserNotFoundError } from '../users/users.errors.ts';
import type { AccessTokens } from './access-token.ts';
import {
  ChangePasswordRateLimitedError,
  InactiveAccountError,
  PasswordContainsUsernameError,
  InvalidCredentialsError,
  LoginRateLimitedError,
  WrongCurrentPasswordError,
} from './auth.errors.ts';
import {
  clearLoginFailures,
  recordLoginFailure,
  secondsUntilRetry,
} from './login-failures.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface LoginLimits {
  readonly maxFailures: number;
  readonly windowMinutes: number;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(db: Database, tokens: AccessTokens, limits: LoginLimits) {
  // Verifying against a real hash when the user does not exist keeps the answer time the same,
  // so response times do not reveal which usernames exist.
  const decoyHash = hashPassword('fonrisk-decoy-password');

  return {
    async login(request: LoginRequest, ip: string): Promise<LoginResponse> {
      const username = request.username.trim().toLowerCase();
      const key = { username, ip };
      const wait = await secondsUntilRetry(db, key, limits.maxFailures, limits.windowMinutes);
      if (wait > 0) throw new LoginRateLimitedError(wait);

      const row = await findUserByUsername(db, username);
      const passwordOk = await verifyPassword(
        row?.passwordHash ?? (await decoyHash),
        request.password,
      );
      if (!row || !passwordOk) {
        await recordLoginFailure(db, key, limits.windowMinutes);
        throw new InvalidCredentialsError();
      }
      if (!row.active) throw new InactiveAccountError();

      await clearLoginFailures(db, key);
      const user = toUser(row);
      await db.transaction(async (tx) => {
        await updateUser(tx, row.id, { lastLoginAt: new Date() });
        await recordAudit(tx, {
          actor: { userId: row.id, username },
          action: 'user.login',
          entity: 'user',
          entityId: row.id,
        });
      });
      const accessToken = await tokens.sign({
        id: row.id,
        role: roleOf(row),
        modules: user.modules,
        fullName: row.fullName,
        tokenVersion: row.tokenVersion,
      });
      return {
        accessToken,
        userRole: user.role,
        fullName: user.fullName,
        module: formatModuleList(user.modules),
        userId: user.id,
      };
    },

    async changePassword(
      actor: TokenClaims,
      request: ChangePasswordRequest,
    ): Promise<{ changed: true }> {
      const row = await findUserById(db, actor.userId);
      if (!row) throw new UserNotFoundError();
      // Guesses of the current password with a stolen token are limited per account, like
      // logins; the key cannot collide with a login key (usernames have no colon).
      const key = { username: `change-password:${String(row.id)}`, ip: '*' };
      const wait = await secondsUntilRetry(db, key, limits.maxFailures, limits.windowMinutes);
      if (wait > 0) throw new ChangePasswordRateLimitedError(wait);
      if (!(await verifyPassword(row.passwordHash, request.currentPassword))) {
        await recordLoginFailure(db, key, limits.windowMinutes);
        throw new WrongCurrentPasswordError();
      }
      await clearLoginFailures(db, key);
      if (containsUsername(request.newPassword, row.username))
        throw new PasswordContainsUsernameError();
      const passwordHash = await hashPassword(request.newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, row.id, { passwordHash });
        // Every session of the user ends, this one included: the SPA signs in again.
        await revokeSessions(tx, row.id);
        // The audit trail records that the password changed, never the hash.
        await recordAudit(tx, {
          actor,
          action: 'user.change-password',
          entity: 'user',
          entityId: row.id,
        });
      });
      return { changed: true };
    },
  };
}

import { PASSWORD_MESSAGES } from '@fonrisk/contracts';
import {
  AuthenticationError,
  InvalidInputError,
  TooManyAttemptsError,
} from '../../shared/domain-errors.ts';

export class InvalidCredentialsError extends AuthenticationError {
  constructor() {
    super('Kullanıcı adı veya parola hatalı.');
  }
}
export class InactiveAccountError extends AuthenticationError {
  constructor() {
    super('Hesabınız pasif durumda. Yöneticinize başvurun.');
  }
}
export class LoginRateLimitedError extends TooManyAttemptsError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Çok fazla hatalı giriş denemesi. Lütfen ${minutes} dakika sonra tekrar deneyin.`,
      retryAfterSeconds,
    );
  }
}
export class WrongCurrentPasswordError extends InvalidInputError {
  constructor() {
    const message = 'Mevcut parola hatalı.';
    super(message, [{ field: 'currentPassword', message }]);
  }
}

export class PasswordContainsUsernameError extends InvalidInputError {
  constructor() {
    super(PASSWORD_MESSAGES.sameAsUsername, [
      { field: 'newPassword', message: PASSWORD_MESSAGES.sameAsUsername },
    ]);
  }
}

export class ChangePasswordRateLimitedError extends TooManyAttemptsError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Çok fazla hatalı mevcut parola denemesi. Lütfen ${String(minutes)} dakika sonra tekrar deneyin.`,
      retryAfterSeconds,
    );
  }
}

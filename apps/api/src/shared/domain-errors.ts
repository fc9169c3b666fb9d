/**
 * Errors services throw. They carry the Turkish text for the user and never an HTTP status:
 * http/problem-details.ts maps each class to its status in one table.
 */
export abstract class DomainError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = new.target.name;
  }
}

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

export class InvalidInputError extends DomainError {
  constructor(
    detail: string,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(detail);
  }
}
export class AuthenticationError extends DomainError {}
export class PermissionDeniedError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}
export class TooManyAttemptsError extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}
export class ServiceUnavailableError extends DomainError {}

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
  /** File row (imports). */
  readonly row?: number;
  /** The rejected value as the user wrote it (imports). */
  readonly value?: string;
}

export class InvalidInputError extends DomainError {
  constructor(
    detail: string,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(detail);
  }
}
/** Well-formed request whose content cannot be processed (422), e.g. an import file with bad rows. */
export class UnprocessableInputError extends InvalidInputError {}
export class AuthenticationError extends DomainError {}
export class PermissionDeniedError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {
  /** Items in conflict, sent as the problem's `conflicts` member when given. */
  readonly conflicts?: readonly unknown[];
  /** What a price import needs confirmed, sent as the problem's members of the same names. */
  readonly unknownTickers?: readonly unknown[];
  readonly changes?: readonly unknown[];
  readonly warnings?: readonly unknown[];
  /** Portfolio codes a holdings import names that are no portfolio yet. */
  readonly unknownPortfolios?: readonly unknown[];
  /** Stored attributes an FX-rate or instrument import would change. */
  readonly fieldChanges?: readonly unknown[];
  /** Number cells an import read by the default format, to confirm (decision 0047). */
  readonly ambiguousNumbers?: readonly unknown[];
}
export class TooManyAttemptsError extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
  }
}
export class ServiceUnavailableError extends DomainError {}

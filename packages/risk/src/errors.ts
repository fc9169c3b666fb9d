// Typed errors of the risk library. Each message quotes the offending values so that a caller
// (API, worker, CLI) can show it without re-deriving what went wrong (style.md, "Errors").

/** Base class of every error the risk library throws; `code` is stable for mapping to HTTP. */
export class RiskError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** An argument is outside its domain (e.g. `confidenceLevel must be in (0, 1), got 1.2`). */
export class InvalidInputError extends RiskError {
  constructor(message: string) {
    super('invalid_input', message);
  }
}

/** Too few observations for the requested statistic (e.g. `250 observations required, got 180`). */
export class InsufficientHistoryError extends RiskError {
  readonly required: number;
  readonly actual: number;
  /** What is counted: 'observations', 'weekly returns' or 'dates'. */
  readonly what: string;

  constructor(required: number, actual: number, what = 'observations') {
    super('insufficient_history', `${required} ${what} required, got ${actual}`);
    this.required = required;
    this.actual = actual;
    this.what = what;
  }
}

/** Two inputs that must agree in length do not (e.g. fund and benchmark series). */
export class LengthMismatchError extends RiskError {
  constructor(what: string, expected: number, actual: number) {
    super('length_mismatch', `${what}: expected length ${expected}, got ${actual}`);
  }
}

/** A covariance matrix that is not positive definite at the given pivot. */
export class NotPositiveDefiniteError extends RiskError {
  constructor(pivotIndex: number, pivotValue: number) {
    super(
      'not_positive_definite',
      `matrix is not positive definite: pivot ${pivotIndex} is ${pivotValue}`,
    );
  }
}

/**
 * A RiskError as plain data: what crosses a thread boundary (a worker thread's structured clone
 * of an Error keeps only its name, message and stack). The counts of an InsufficientHistoryError
 * come along.
 */
export interface RiskErrorData {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly required?: number;
  readonly actual?: number;
  readonly what?: string;
}

export function riskErrorData(error: RiskError): RiskErrorData {
  const data = { name: error.name, code: error.code, message: error.message };
  return error instanceof InsufficientHistoryError
    ? { ...data, required: error.required, actual: error.actual, what: error.what }
    : data;
}

/** The RiskError the data was made from: the same class for an InsufficientHistoryError. */
export function riskErrorFromData(data: RiskErrorData): RiskError {
  const { required, actual, what } = data;
  const error =
    data.code === 'insufficient_history' && required !== undefined && actual !== undefined
      ? new InsufficientHistoryError(required, actual, what)
      : new RiskError(data.code, data.message);
  error.name = data.name;
  return error;
}

/** Throws InvalidInputError unless 0 < confidenceLevel < 1. */
export function assertConfidenceLevel(confidenceLevel: number): void {
  if (!(confidenceLevel > 0 && confidenceLevel < 1)) {
    throw new InvalidInputError(`confidenceLevel must be in (0, 1), got ${confidenceLevel}`);
  }
}

/** Throws InvalidInputError unless every value is a finite number; names the first bad index. */
export function assertFinite(values: ArrayLike<number>, what = 'values'): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) {
      throw new InvalidInputError(`${what}[${i}] must be a finite number, got ${v}`);
    }
  }
}

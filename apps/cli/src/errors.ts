// The one error type the CLI reports to the user: run-command.ts prints its message (Turkish) to stderr
// and exits 1. Messages name the file and, where there is one, the row and column.
import {
  InsufficientHistoryError,
  LengthMismatchError,
  NotPositiveDefiniteError,
  type RiskError,
} from '@fonrisk/risk';

/** A user-facing failure: bad arguments or bad input files. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Where in an input file a problem is: 1-based row (the header is row 1) and column name. */
export interface CellLocation {
  readonly file: string;
  readonly row?: number;
  readonly column?: string;
}

/** Builds a CliError whose message starts with `file, satır N, sütun "X": `. */
export function cellError(location: CellLocation, problem: string): CliError {
  const parts = [location.file];
  if (location.row !== undefined) parts.push(`satır ${location.row}`);
  if (location.column !== undefined) parts.push(`sütun "${location.column}"`);
  return new CliError(`${parts.join(', ')}: ${problem}`);
}

const COUNTED: Readonly<Record<string, string>> = {
  observations: 'gözlem',
  'weekly returns': 'haftalık getiri',
  dates: 'tarih',
};

/**
 * A risk-library error in Turkish; the library's own (English) text, which quotes the offending
 * values, follows in parentheses where the Turkish sentence does not already say everything.
 */
export function riskErrorText(error: RiskError): string {
  if (error instanceof InsufficientHistoryError) {
    return `yetersiz veri: en az ${error.required} ${COUNTED[error.what] ?? error.what} gerekir, ${error.actual} var`;
  }
  if (error instanceof LengthMismatchError) return `seri uzunlukları uyuşmuyor (${error.message})`;
  if (error instanceof NotPositiveDefiniteError)
    return `kovaryans matrisi pozitif tanımlı değil (${error.message})`;
  return `geçersiz girdi (${error.message})`;
}

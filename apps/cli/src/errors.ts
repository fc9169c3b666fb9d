// The one error type the CLI reports to the user: main.ts prints its message (Turkish) to stderr
// and exits 1. Messages name the file and, where there is one, the row and column.

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

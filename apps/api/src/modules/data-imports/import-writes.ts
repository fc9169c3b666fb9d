// What every kind of import shares once its file is parsed: the request a kind's import gets, what
// it answers, and the one transaction in which its rows, its audit entry and the caller's own
// record of the import (the FTP transfer log) are written together or not at all.
import type { Database, Executor } from '@fonrisk/db';
import type {
  AmbiguousNumber,
  CreatePortfolioRequest,
  ImportKind,
  ImportResponse,
  NewSeriesChoice,
  NumberFormat,
} from '@fonrisk/contracts';
import type { ImportRowByKind } from '../../imports/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { AmbiguousNumbersError } from './imports.errors.ts';

/** What the user confirmed with the upload (see ImportQuerySchema). */
export interface ImportOptions {
  readonly confirmReplace: boolean;
  readonly acceptWarnings: boolean;
  /**
   * How numbers the file shows no format for are read, as the user chose on the 409 (decision
   * 0069); else the imports setting.
   */
  readonly numberFormat?: NumberFormat;
  /** Series to create for tickers the file names and the database does not know. */
  readonly newSeries: readonly NewSeriesChoice[];
  /** Portfolios to create for portfolio codes a holdings file names and the database does not know. */
  readonly newPortfolios?: readonly CreatePortfolioRequest[];
  /**
   * Runs in the import's transaction after the rows are written, so that a caller's own record of
   * the import (the FTP transfer log) is written with it or not at all.
   */
  readonly within?: (tx: Executor, response: WriteResponse) => Promise<void>;
}

/** What a kind's import answers; the reading notes (cached formula cells) are added by the service. */
export type WriteResponse = Omit<ImportResponse, 'cachedFormulaCount' | 'cachedFormulaCells'>;
/** What a kind's writes report, before the kind and the row count are added. */
export type Written = Omit<WriteResponse, 'kind' | 'rowCount'>;
/** The fields of {@link Written} that only some kinds fill. */
export const NOTHING_MORE: Pick<
  Written,
  'createdSeries' | 'createdPortfolios' | 'changes' | 'acceptedWarnings' | 'fieldChanges'
> = {
  createdSeries: [],
  createdPortfolios: [],
  changes: [],
  acceptedWarnings: 0,
  fieldChanges: [],
};

/** A parsed file of one kind, with who sent it and what they confirmed. */
export interface KindImportRequest<K extends ImportKind> {
  /** null: the scheduler (FTP pulls). */
  readonly actor: AuditActor | null;
  readonly rows: ImportRowByKind[K][];
  /** The file's row number of each row (for messages). */
  readonly rowNumbers: readonly number[];
  /** Per row, the columns the file leaves blank or lacks (kinds that merge with stored values). */
  readonly blankColumns: readonly (readonly string[])[];
  readonly fileName: string;
  readonly options: ImportOptions;
  /** Numbers the file shows no format for, read by the default format and not yet accepted. */
  readonly ambiguousNumbers: readonly AmbiguousNumber[];
}

/** One kind's import, from its parsed rows to its answer: all or nothing. */
export type KindImport<K extends ImportKind> = (
  db: Database,
  request: KindImportRequest<K>,
) => Promise<WriteResponse>;

/** A kind's writes: what it reports, and what it replaced for the audit entry (null: nothing). */
export interface KindWrites {
  readonly written: Written;
  readonly before: unknown;
}

/** A file whose numbers the user has not confirmed is refused before anything is read or written. */
export function refuseAmbiguousNumbers(request: KindImportRequest<ImportKind>): void {
  if (request.ambiguousNumbers.length > 0)
    throw new AmbiguousNumbersError(request.ambiguousNumbers);
}

/**
 * `write` in one transaction with the import's audit entry (`import.<kind>`, the answer as
 * `after`, what was replaced as `before`) and the caller's `within`.
 */
export function writeImport<K extends ImportKind>(
  db: Database,
  kind: K,
  request: KindImportRequest<K>,
  write: (tx: Executor) => Promise<KindWrites>,
): Promise<WriteResponse> {
  return db.transaction(async (tx) => {
    const { written, before } = await write(tx);
    const response: WriteResponse = { kind, rowCount: request.rows.length, ...written };
    await recordAudit(tx, {
      actor: request.actor,
      action: `import.${kind}`,
      entity: 'import',
      entityId: request.fileName,
      before,
      after: response,
    });
    await request.options.within?.(tx, response);
    return response;
  });
}

/**
 * The import of a kind that needs nothing read before its transaction (cash flows, corporate
 * actions, instruments, FX rates): a file with unconfirmed numbers is refused, then `write` runs
 * in `writeImport`'s transaction. Holdings plan their new portfolios first; prices confirm their
 * numbers with the rest of their 409.
 */
export function confirmedImport<K extends ImportKind>(
  kind: K,
  write: (tx: Executor, request: KindImportRequest<K>) => Promise<KindWrites>,
): KindImport<K> {
  return (db, request) => {
    refuseAmbiguousNumbers(request);
    return writeImport(db, kind, request, (tx) => write(tx, request));
  };
}

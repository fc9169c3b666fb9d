import type { AmbiguousNumber, ImportConflict } from '@fonrisk/contracts';
import {
  ConflictError,
  InvalidInputError,
  UnprocessableInputError,
} from '../../shared/domain-errors.ts';

export interface RowError {
  readonly row?: number;
  readonly field: string;
  readonly value?: string;
  readonly message: string;
}

/** 422: the file has bad rows; nothing was written. */
export class ImportRejectedError extends UnprocessableInputError {
  constructor(readonly rowErrors: readonly RowError[]) {
    const rows = new Set(rowErrors.map((e) => e.row ?? 0)).size;
    super(`Dosya reddedildi: ${rows} satırda hata var. Hiçbir kayıt yazılmadı.`, rowErrors);
  }
}

/** 409: the file would replace portfolio dates already loaded; the user must confirm. */
export class SnapshotsExistError extends ConflictError {
  constructor(override readonly conflicts: readonly ImportConflict[]) {
    const list = conflicts
      .map((c) => `${c.portfolioCode} ${c.portfolioDate} (${c.existingRows} satır)`)
      .join(', ');
    super(`Bu portföy tarihleri zaten yüklü: ${list}. Değiştirmek için onaylayın.`);
  }
}

/**
 * 409: a cash-flows file would change the stored flows of portfolio dates; the change list names
 * each date with its stored and new flows (count and net TRY amount) until the user confirms.
 */
export class CashFlowsChangeError extends ConflictError {
  constructor(
    override readonly conflicts: readonly ImportConflict[],
    summary: readonly { label: string; stored: string; incoming: string }[],
  ) {
    const list = summary
      .slice(0, 10)
      .map((s) => `${s.label}: kayıtlı ${s.stored} → dosyada ${s.incoming}`)
      .join('; ');
    super(
      `Kayıtlı nakit akışları değişecek (${conflicts.length} portföy tarihi): ${list}${summary.length > 10 ? '…' : ''}. Değiştirmek için onaylayın; hiçbir kayıt yazılmadı.`,
    );
  }
}

export class MissingFileError extends InvalidInputError {
  constructor() {
    super('Yüklenecek dosya bulunamadı. Dosyayı "file" alanında gönderin.', [
      { field: 'file', message: 'dosya gerekli' },
    ]);
  }
}

/** The `newSeries` field of a price upload does not parse. */
export class InvalidNewSeriesError extends InvalidInputError {
  constructor(errors: { field: string; message: string }[]) {
    super('Oluşturulacak seriler okunamadı: her biri için sembol, tür ve döviz gerekli.', errors);
  }
}

/** The `newPortfolios` field of a holdings upload does not parse. */
export class InvalidNewPortfoliosError extends InvalidInputError {
  constructor(errors: { field: string; message: string }[]) {
    super(
      'Oluşturulacak portföyler okunamadı: her biri için kod, ad, tür, döviz ve fonlarda fon kategorisi gerekli.',
      errors,
    );
  }
}

/**
 * 409: the file shows no number format, so ambiguous cells ("276.000") were read by the user's
 * default; each is listed with both readings until the upload accepts them (acceptWarnings).
 */
export class AmbiguousNumbersError extends ConflictError {
  constructor(override readonly ambiguousNumbers: readonly AmbiguousNumber[]) {
    const [first] = ambiguousNumbers;
    const format = first?.format === 'intl' ? 'uluslararası (1,234.56)' : 'Türkçe (1.234,56)';
    super(
      `Dosyadaki sayıların biçimi belli değil: ${ambiguousNumbers.length} hücre varsayılan ${format} biçimle okundu (ör. ${first?.message ?? ''}). Okunuşları onaylayın. Hiçbir kayıt yazılmadı.`,
    );
  }
}

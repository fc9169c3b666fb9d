import type { AmbiguousNumber, JumpWarning, UnknownTicker, ValueChange } from '@fonrisk/contracts';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../shared/domain-errors.ts';

export class SeriesNotFoundError extends NotFoundError {
  constructor(ticker: string) {
    super(`'${ticker}' kodlu seri bulunamadı.`);
  }
}
export class MarketSourceError extends ServiceUnavailableError {}

export class SeriesTickerTakenError extends ConflictError {
  constructor(ticker: string) {
    super(`'${ticker}' kodlu bir seri zaten var.`);
  }
}

export class SeriesInstrumentUnknownError extends InvalidInputError {
  constructor(code: string) {
    super(`'${code}' kodlu yatırım aracı bulunamadı.`, [
      { field: 'instrumentCode', message: 'bilinmeyen yatırım aracı kodu' },
    ]);
  }
}

export class SeriesKindLockedError extends InvalidInputError {
  constructor(ticker: string, count: number) {
    super(
      `'${ticker}' serisinin ${count} değeri var; değerleri olan bir serinin türü değiştirilemez.`,
      [{ field: 'kind', message: 'değerleri olan serinin türü değiştirilemez' }],
    );
  }
}

/** 409 of a price import: what the user must confirm before anything is written. */
export class PriceImportNeedsConfirmationError extends ConflictError {
  constructor(
    override readonly unknownTickers: readonly UnknownTicker[],
    override readonly changes: readonly ValueChange[],
    override readonly warnings: readonly JumpWarning[],
    /** Cells of a price file read by the default number format (decision 0047). */
    override readonly ambiguousNumbers: readonly AmbiguousNumber[] = [],
  ) {
    const parts: string[] = [];
    if (unknownTickers.length > 0)
      parts.push(
        `${unknownTickers.length} bilinmeyen sembol (${unknownTickers
          .slice(0, 5)
          .map((t) => t.ticker)
          .join(', ')}${unknownTickers.length > 5 ? '…' : ''}) için seri oluşturulacak`,
      );
    if (changes.length > 0) parts.push(`kayıtlı ${changes.length} değer değişecek`);
    if (warnings.length > 0) parts.push(`${warnings.length} günlük sıçrama uyarısı var`);
    if (ambiguousNumbers.length > 0)
      parts.push(`${ambiguousNumbers.length} sayının biçimi belli değil (iki okunuşu listelendi)`);
    super(`Onay gerekiyor: ${parts.join('; ')}. Hiçbir kayıt yazılmadı.`);
  }
}

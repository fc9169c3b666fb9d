import { isoToTurkishDate } from '@fonrisk/contracts';
import { NotFoundError, UnprocessableInputError } from '../../shared/domain-errors.ts';

export class VarChangePortfolioNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`'${code}' kodlu portföy bulunamadı.`);
  }
}

const dates = (list: readonly string[]): string => list.map(isoToTurkishDate).join(', ');

/** A date without holdings, with the nearest holdings dates before and after it. */
export class NoHoldingsOnDateError extends UnprocessableInputError {
  constructor(
    code: string,
    field: 'from' | 'to',
    date: string,
    nearest: { before: string | null; after: string | null },
  ) {
    const near = [nearest.before, nearest.after].filter((d) => d !== null);
    const hint =
      near.length === 0
        ? 'Portföyün hiç dağılımı yüklenmemiş.'
        : `En yakın dağılım tarihleri: ${dates(near)}.`;
    super(`'${code}' portföyünün ${isoToTurkishDate(date)} tarihli dağılımı yok. ${hint}`, [
      { field, message: `${isoToTurkishDate(date)} tarihinde portföy dağılımı yok` },
    ]);
  }
}

/** Fewer than two holdings dates up to the requested one: there is nothing to compare. */
export class NoEarlierHoldingsError extends UnprocessableInputError {
  constructor(code: string, to: string | null) {
    super(
      to === null
        ? `'${code}' portföyünün hiç dağılımı yüklenmemiş; karşılaştırılacak iki tarih yok.`
        : `'${code}' portföyünün ${isoToTurkishDate(to)} tarihinden önce dağılımı yok; karşılaştırılacak önceki gün bulunamadı.`,
      [{ field: 'from', message: 'önceki dağılım tarihi yok' }],
    );
  }
}

/** The market data does not cover a side's observation window. */
export class VarChangeHistoryError extends UnprocessableInputError {
  constructor(code: string, from: string, to: string, windowDays: number) {
    super(
      `'${code}' portföyü, ${isoToTurkishDate(from)} - ${isoToTurkishDate(to)}: ${String(windowDays)} günlük gözlem süresi için piyasa verisi yetersiz.`,
    );
  }
}

/** The stored VaR settings no longer validate (the text names the fields). */
export class VarChangeSettingsError extends UnprocessableInputError {}

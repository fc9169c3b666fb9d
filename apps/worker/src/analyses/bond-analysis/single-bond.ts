// The single bond of a bond analysis (source 'instrument' or 'manual').
import type { BondAnalysisInputs, BondTerms } from '@fonrisk/contracts';
import type { BusinessCalendar } from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { RunContext } from '../../runner/handler.ts';
import type { BondCase } from './bond-figures.ts';
import { indexRateOn, indexRatioOn, loadMasterBond, marketQuote } from './bond-data.ts';
import type { BondQuote } from './price-bond.ts';

/**
 * The case of one bond: from the instrument master or typed terms, with the quote given or the
 * market's on the date, and the index rate and ratio given or read; Turkish errors otherwise.
 */
export async function singleBondCase(
  ctx: RunContext<BondAnalysisInputs>,
  calendar: BusinessCalendar,
): Promise<{ bondCase: BondCase; currency: string }> {
  const i = ctx.inputs;
  const inputQuote: BondQuote | null =
    i.yieldPct !== undefined
      ? { kind: 'yield', yieldPct: i.yieldPct }
      : i.cleanPrice !== undefined
        ? { kind: 'price', cleanPrice: i.cleanPrice }
        : null;
  let code: string;
  let name: string;
  let terms: BondTerms;
  let ticker: string | null = null;
  if (i.source === 'manual') {
    terms = i.bond!;
    code = 'GIRILEN-TAHVIL';
    name = 'Elle girilen tahvil';
  } else {
    const master = await loadMasterBond(ctx.db, i.instrumentCode!);
    ({ code, name, terms } = master);
    ticker = master.seriesTicker;
  }
  if (i.asOfDate >= terms.maturityDate)
    throw new AnalysisInputError(
      `${code}: valör tarihi ${i.asOfDate}, vade tarihinden (${terms.maturityDate}) önce olmalı.`,
    );
  const market = inputQuote === null ? await marketQuote(ctx.db, ticker, i.asOfDate) : null;
  const quote = inputQuote ?? market;
  if (quote === null)
    throw new AnalysisInputError(
      `${code} tahvili için ${i.asOfDate} tarihinde ya da öncesinde piyasa fiyatı yok; getiri veya temiz fiyat girin.`,
    );
  return {
    currency: 'TRY',
    bondCase: {
      code,
      name,
      terms,
      quote,
      quoteSource: inputQuote ? 'input' : 'market',
      indexRate:
        i.indexRatePct !== undefined
          ? i.indexRatePct / 100
          : await indexRateOn(ctx.db, terms, i.asOfDate),
      indexRatio: i.indexRatio ?? (await indexRatioOn(ctx.db, terms, i.asOfDate)),
      calendar,
      discountYieldBasis: i.discountYieldBasis,
      currency: 'TRY',
      position: null,
    },
  };
}

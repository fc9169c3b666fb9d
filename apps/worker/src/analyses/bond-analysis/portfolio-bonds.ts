// The bonds of one portfolio in a bond analysis: its latest holdings on or before the date, each
// bond line's case (the market quote, else the price implied by its holdings value), its figures,
// the lines that could not be priced, and the portfolio's figures.
import type { BondAnalysisInputs, BondFigures, BondPortfolio, BondTerms } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import type { BusinessCalendar } from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { RunContext } from '../../runner/handler.ts';
import {
  latestHoldingsDate,
  loadSnapshots,
  type PortfolioRef,
  type Snapshot,
} from '../data/load.ts';
import { indexRateOn, indexRatioOn, marketQuote, tryCurve } from './bond-data.ts';
import { analyseBond, defaultConvention, type BondCase, type PricingMemo } from './bond-figures.ts';
import { portfolioFigures } from './portfolio-figures.ts';
import { priceBond, type BondQuote, type CurvePoint } from './price-bond.ts';

/** What the portfolios of one run share: each date's curve, the pricings, and the reads. */
export interface PortfolioRunMemo {
  readonly curves: Map<string, CurvePoint[]>;
  readonly pricings: PricingMemo;
  /** The same bond, index and date recur across portfolios: read each once per run. */
  readonly cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

export function portfolioRunMemo(): PortfolioRunMemo {
  const memo = new Map<string, Promise<unknown>>();
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  return { curves: new Map(), pricings: new Map(), cached };
}

/**
 * The case of one bond line of a portfolio on its holdings date: the market quote, else (a TRY
 * line with a nominal) the clean price implied by its holdings value; an AnalysisInputError
 * when neither is known.
 */
async function holdingCase(
  db: Database,
  p: Snapshot['positions'][number],
  ref: PortfolioRef,
  date: string,
  calendar: BusinessCalendar,
  discountYieldBasis: BondAnalysisInputs['discountYieldBasis'],
  cached: PortfolioRunMemo['cached'],
): Promise<BondCase> {
  const terms = p.terms as BondTerms;
  const market = await cached(`q|${p.mappingTicker}|${date}`, () =>
    marketQuote(db, p.mappingTicker, date),
  );
  const indexRate = await cached(`r|${terms.referenceIndex}|${date}`, () =>
    indexRateOn(db, terms, date),
  );
  let indexRatio = await cached(`x|${terms.referenceIndex}|${terms.issueDate}|${date}`, () =>
    indexRatioOn(db, terms, date),
  );
  if (
    terms.couponType === 'cpiLinked' &&
    indexRatio === null &&
    market?.kind === 'price' &&
    p.ratePct !== null
  ) {
    // No index value at issue in the market data: the ratio that makes the holdings' real
    // yield give the market's nominal clean price (nominal = real × index ratio).
    const real = priceBond(
      p.instrumentCode,
      terms,
      date,
      { kind: 'yield', yieldPct: p.ratePct },
      { convention: defaultConvention(p.currency), indexRate, indexRatio: 1, calendar },
    ).cleanPrice;
    indexRatio = market.cleanPrice / real;
  }
  let quote: BondQuote;
  let source: BondFigures['quoteSource'];
  if (market) {
    quote = market;
    source = 'market';
  } else if (p.nominalValue && p.nominalValue > 0 && p.currency === 'TRY') {
    // Holdings value per 100 nominal is the dirty price; take the accrued off for the clean price.
    const dirty = (p.valueTry / p.nominalValue) * 100;
    const probe = priceBond(
      p.instrumentCode,
      terms,
      date,
      { kind: 'yield', yieldPct: 10 },
      { convention: defaultConvention(p.currency), indexRate, indexRatio, calendar },
    );
    quote = { kind: 'price', cleanPrice: dirty - probe.accruedInterest };
    source = 'holdings';
  } else
    throw new AnalysisInputError(
      `${p.instrumentCode}: ${date} tarihinde piyasa fiyatı yok ve portföy değerinden fiyat çıkarılamıyor.`,
    );
  return {
    code: p.instrumentCode,
    name: p.instrumentName ?? p.instrumentCode,
    terms,
    quote,
    quoteSource: source,
    indexRate,
    indexRatio,
    calendar,
    discountYieldBasis,
    currency: p.currency,
    position: { portfolioCode: ref.code, nominal: p.nominalValue, valueTry: p.valueTry },
  };
}

/**
 * The bonds of the n-th of `count` portfolios of the run on its holdings date; `priced` null when
 * it holds none (an error when it is the only one, as when none of its bonds could be priced).
 */
export async function portfolioBonds(
  ctx: RunContext<BondAnalysisInputs>,
  ref: PortfolioRef,
  position: { readonly n: number; readonly count: number },
  calendar: BusinessCalendar,
  run: PortfolioRunMemo,
): Promise<{
  date: string;
  priced: { bonds: BondFigures[]; portfolio: BondPortfolio } | null;
}> {
  const i = ctx.inputs;
  const date = await latestHoldingsDate(ctx.db, ref, i.asOfDate);
  if (date === null)
    throw new AnalysisInputError(
      `${ref.code} portföyünün ${i.asOfDate} tarihinde ya da öncesinde dağılımı yok.`,
    );
  const snapshot = (await loadSnapshots(ctx.db, ref, [date])).get(date)!;
  if (!run.curves.has(date)) run.curves.set(date, await tryCurve(ctx.db, date));
  const curve = run.curves.get(date)!;
  const positions = snapshot.positions.filter((p) => p.terms?.kind === 'bond' && p.valueTry !== 0);
  if (positions.length === 0) {
    if (position.count === 1)
      throw new AnalysisInputError(`${ref.code} portföyünde ${date} tarihinde tahvil yok.`);
    return { date, priced: null };
  }
  const cases: BondCase[] = [];
  const own: BondFigures[] = [];
  const skipped: BondPortfolio['skipped'] = [];
  for (const p of positions) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    try {
      const c = await holdingCase(ctx.db, p, ref, date, calendar, i.discountYieldBasis, run.cached);
      own.push(analyseBond(c, date, defaultConvention(p.currency), curve, run.pricings));
      cases.push(c);
    } catch (error) {
      if (!(error instanceof AnalysisInputError)) throw error;
      skipped.push({ instrumentCode: p.instrumentCode, reason: error.message });
    }
  }
  await ctx.progress(
    (position.n + 1) / position.count,
    `${ref.code} portföyünün tahvilleri fiyatlandı`,
  );
  if (own.length === 0 && position.count === 1)
    throw new AnalysisInputError(
      `${ref.code} portföyündeki tahvillerin hiçbiri fiyatlanamadı: ${skipped.map((x) => x.reason).join(' ')}`,
    );
  const portfolio = portfolioFigures(
    own,
    cases,
    { portfolioCode: ref.code, portfolioName: ref.name, asOfDate: date, navTry: snapshot.nav },
    skipped,
    (c) => defaultConvention(c.currency),
    curve,
    run.pricings,
  );
  return { date, priced: { bonds: own, portfolio } };
}

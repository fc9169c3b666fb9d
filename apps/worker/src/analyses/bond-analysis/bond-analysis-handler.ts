// 'bond-analysis': one bond (instrument master or typed) or every bond of a portfolio on a date.
import {
  BOND_SOURCE_LABELS,
  COUPON_TYPE_LABELS,
  DISCOUNT_YIELD_BASIS_LABELS,
  type DiscountYieldBasis,
  MATURITY_BUCKETS,
  MATURITY_BUCKET_LABELS,
  type BondAnalysisInputs,
  type BondAnalysisResult,
  type BondFigures,
  type BondPortfolio,
  type BondTerms,
  type BondYieldConvention,
  type ResultCharts,
  type ResultTables,
  buildTable,
  BOND_ANALYSIS_TABLES,
  withoutColumns,
} from '@fonrisk/contracts';
import { readCalendarOverrides } from '@fonrisk/db';
import { createTurkishCalendar, type BusinessCalendar } from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { latestHoldingsDate, loadSnapshots, resolvePortfolios } from '../data/load.ts';
import { barChartOption, lineChartOption } from '../report-charts.ts';
import { indexRateOn, indexRatioOn, loadMasterBond, marketQuote, tryCurve } from './bond-data.ts';
import {
  keyRateDurations,
  priceBond,
  priceYieldCurve,
  yearsTo,
  type BondQuote,
  type CurvePoint,
  type PricedBond,
} from './price-bond.ts';

/** How coupon payment dates are set, recorded with every run. */
const BOND_PAYMENT_DATES =
  'following: tatile denk gelen ödeme sonraki iş gününe (Türkiye iş günü takvimi, kullanıcı düzenlemeleriyle)';

/** How DV01 is computed, recorded with every run (decision 0057). */
const BOND_DV01 =
  'analitik: modifiye durasyon × kirli fiyat × 1 baz puan (değişken faizlide faiz durasyonu, sonraki faiz belirlemeye kadar)';

/** Parallel shifts of the portfolio table, basis points. */
export const PARALLEL_SHIFTS_BP = [-200, -100, -50, 50, 100, 200] as const;

export interface BondCase {
  readonly code: string;
  readonly name: string;
  readonly terms: BondTerms;
  readonly quote: BondQuote;
  readonly quoteSource: BondFigures['quoteSource'];
  readonly indexRate: number | null;
  readonly indexRatio: number | null;
  /** Calendar of the coupon payment dates (read once per run, users' edits included). */
  readonly calendar: BusinessCalendar;
  /** Discount bills: the yield basis of the run's inputs (default compound, decision 0057). */
  readonly discountYieldBasis?: DiscountYieldBasis | undefined;
  readonly currency: string;
  readonly position: { portfolioCode: string; nominal: number | null; valueTry: number } | null;
}

/** The pricer's default convention: the Hazine formula for TRY bonds, ISMA for foreign-currency ones. */
function defaultConvention(currency: string): BondYieldConvention {
  return currency === 'TRY' ? 'tr-treasury' : 'isma';
}

/** Position-independent pricing of one bond, shared by every portfolio holding it in a run. */
interface BondPricing {
  readonly priced: PricedBond;
  readonly figures: Omit<
    BondFigures,
    'portfolioCode' | 'nominal' | 'valueTry' | 'dv01Try' | 'name' | 'quoteSource'
  >;
}

/** A run's memo of bond pricings: the same bond, quote and date is priced once (issue 13 speed). */
export type PricingMemo = Map<string, BondPricing>;

function pricingOf(
  c: BondCase,
  settlement: string,
  convention: BondYieldConvention,
  curve: readonly CurvePoint[],
  memo: PricingMemo,
): BondPricing {
  const key = JSON.stringify([
    c.code,
    settlement,
    c.quote,
    convention,
    c.indexRate,
    c.indexRatio,
    c.terms,
    c.discountYieldBasis,
  ]);
  const hit = memo.get(key);
  if (hit) return hit;
  const priced = priceBond(c.code, c.terms, settlement, c.quote, {
    convention,
    indexRate: c.indexRate,
    indexRatio: c.indexRatio,
    calendar: c.calendar,
    discountYieldBasis: c.discountYieldBasis,
  });
  const simple = c.terms.couponType === 'discount' && c.discountYieldBasis === 'simple';
  const a = priced.analytics;
  const yieldPct = a.yield * 100;
  // A floater's rate risk is its value at the next reset (decision 0057): one flow there.
  const krdFlows =
    priced.floater === null
      ? priced.cashflows
      : [
          {
            date: priced.floater.nextResetDate,
            amount:
              priced.dirtyPrice *
              (1 + a.yield) ** yearsTo(settlement, priced.floater.nextResetDate),
          },
        ];
  const krd = keyRateDurations(settlement, krdFlows, priced.dirtyPrice, curve);
  const ratio = priced.dirtyPrice / a.dirtyPrice;
  const compounding = convention === 'isma' ? Math.max(1, c.terms.couponFrequency) : 1;
  const pricing: BondPricing = {
    priced,
    figures: {
      instrumentCode: c.code,
      couponType: c.terms.couponType,
      convention,
      settlementDate: settlement,
      maturityDate: c.terms.maturityDate,
      yieldPct,
      cleanPrice: priced.cleanPrice,
      dirtyPrice: priced.dirtyPrice,
      accruedInterest: priced.accruedInterest,
      macaulayDuration: a.macaulayDuration,
      modifiedDuration: a.modifiedDuration,
      convexity: a.convexity,
      dv01: a.dv01 * ratio,
      spreadDuration: priced.floater?.spreadDuration ?? null,
      nextResetDate: priced.floater?.nextResetDate ?? null,
      discountYieldBasis:
        c.terms.couponType === 'discount' ? (c.discountYieldBasis ?? 'compound') : null,
      indexRatio: c.terms.couponType === 'cpiLinked' ? c.indexRatio : null,
      indexRatePct:
        c.terms.couponType === 'floating' && c.indexRate !== null ? c.indexRate * 100 : null,
      // Each flow discounted at its own time under the convention, as the price is: the present
      // values add up to the dirty price (ISMA: (w + k)/f on the unadjusted schedule, not the
      // holiday-shifted payment date on ACT/365).
      cashflows: priced.cashflows.map((f) => ({
        date: f.date,
        amount: f.amount,
        years: f.time,
        presentValue: simple
          ? f.amount / (1 + a.yield * f.time)
          : f.amount * (1 + a.yield / compounding) ** (-compounding * f.time),
      })),
      priceYield: priceYieldCurve(priced, yieldPct),
      keyRateDurations: krd.durations,
      curveSpreadBp: krd.spreadBp,
    },
  };
  memo.set(key, pricing);
  return pricing;
}

export function analyseBond(
  c: BondCase,
  settlement: string,
  convention: BondYieldConvention,
  curve: readonly CurvePoint[],
  memo: PricingMemo = new Map(),
): BondFigures {
  const { figures } = pricingOf(c, settlement, convention, curve, memo);
  return {
    ...figures,
    name: c.name,
    quoteSource: c.quoteSource,
    portfolioCode: c.position?.portfolioCode ?? null,
    nominal: c.position?.nominal ?? null,
    valueTry: c.position?.valueTry ?? null,
    dv01Try: c.position ? figures.modifiedDuration * c.position.valueTry * 0.0001 : null,
  };
}

function bucketOf(years: number): (typeof MATURITY_BUCKETS)[number] {
  if (years <= 1) return '0-1Y';
  if (years <= 3) return '1-3Y';
  if (years <= 5) return '3-5Y';
  if (years <= 10) return '5-10Y';
  return '10Y+';
}

/** Portfolio figures: value-weighted durations, DV01 by maturity bucket, parallel-shift effects. */
export function portfolioFigures(
  bonds: readonly BondFigures[],
  cases: readonly BondCase[],
  head: { portfolioCode: string; portfolioName: string; asOfDate: string; navTry: number },
  skipped: BondPortfolio['skipped'],
  convention: (c: BondCase) => BondYieldConvention,
  curve: readonly CurvePoint[] = [],
  memo: PricingMemo = new Map(),
): BondPortfolio {
  const total = bonds.reduce((s, b) => s + (b.valueTry ?? 0), 0);
  const w = (b: BondFigures) => (total > 0 ? (b.valueTry ?? 0) / total : 0);
  const buckets = MATURITY_BUCKETS.map((bucket) => {
    // A floater's rate risk sits at its next reset, not at its maturity (decision 0057).
    const inBucket = bonds.filter(
      (b) => bucketOf(yearsTo(b.settlementDate, b.nextResetDate ?? b.maturityDate)) === bucket,
    );
    const value = inBucket.reduce((s, b) => s + (b.valueTry ?? 0), 0);
    return {
      bucket,
      label: MATURITY_BUCKET_LABELS[bucket],
      valueTry: value,
      weight: total > 0 ? value / total : 0,
      modifiedDuration:
        value > 0
          ? inBucket.reduce((s, b) => s + b.modifiedDuration * (b.valueTry ?? 0), 0) / value
          : 0,
      dv01Try: inBucket.reduce((s, b) => s + (b.dv01Try ?? 0), 0),
    };
  });
  const shifts = PARALLEL_SHIFTS_BP.map((bp) => {
    let full = 0;
    let approx = 0;
    bonds.forEach((b, i) => {
      const c = cases[i]!;
      const value = b.valueTry ?? 0;
      const dy = bp / 10_000;
      // The bond's own pricing (its market yield), repriced after the rates move (a floater
      // with its index: decision 0057).
      const { priced } = pricingOf(c, b.settlementDate, convention(c), curve, memo);
      let shocked: number;
      try {
        shocked = priced.afterRateMove(dy);
      } catch {
        shocked = 0;
      }
      full += value * (shocked / b.dirtyPrice - 1);
      approx += value * (-b.modifiedDuration * dy + 0.5 * b.convexity * dy * dy);
    });
    return {
      shiftBp: bp,
      fullRevaluationTry: full,
      durationConvexityTry: approx,
      pctOfNav: head.navTry > 0 ? full / head.navTry : 0,
    };
  });
  return {
    ...head,
    bondValueTry: total,
    weightedModifiedDuration: bonds.reduce((s, b) => s + w(b) * b.modifiedDuration, 0),
    weightedMacaulayDuration: bonds.reduce((s, b) => s + w(b) * b.macaulayDuration, 0),
    dv01Try: bonds.reduce((s, b) => s + (b.dv01Try ?? 0), 0),
    buckets,
    shifts,
    skipped,
  };
}

function tablesOf(
  bonds: readonly BondFigures[],
  portfolios: readonly BondPortfolio[],
): ResultTables {
  // A bond held by several portfolios has one cash-flow table and one set of key-rate durations.
  const distinct = bonds.filter(
    (b, i) => bonds.findIndex((x) => x.instrumentCode === b.instrumentCode) === i,
  );
  const tables: ResultTables = {
    bonds: buildTable(
      portfolios.length > 0
        ? BOND_ANALYSIS_TABLES.bonds
        : withoutColumns(BOND_ANALYSIS_TABLES.bonds, ['portfolioCode']),
      bonds.map((b) => ({
        ...b,
        cashflows: undefined,
        priceYield: undefined,
        keyRateDurations: undefined,
        yield: b.yieldPct / 100,
        couponTypeLabel: COUPON_TYPE_LABELS[b.couponType as BondTerms['couponType']],
        yieldBasisLabel:
          b.discountYieldBasis === null ? null : DISCOUNT_YIELD_BASIS_LABELS[b.discountYieldBasis],
        quoteSourceLabel: { input: 'Girilen', market: 'Piyasa verisi', holdings: 'Portföy değeri' }[
          b.quoteSource
        ],
      })),
    ),
    cashflows: buildTable(
      BOND_ANALYSIS_TABLES.cashflows,
      distinct.flatMap((b) => b.cashflows.map((f) => ({ instrumentCode: b.instrumentCode, ...f }))),
    ),
    keyRates: buildTable(
      BOND_ANALYSIS_TABLES.keyRates,
      distinct.flatMap((b) =>
        b.keyRateDurations.map((k) => ({ instrumentCode: b.instrumentCode, ...k })),
      ),
    ),
  };
  if (portfolios.length > 0) {
    tables.portfolios = buildTable(
      BOND_ANALYSIS_TABLES.portfolios,
      portfolios.map(({ buckets: _b, shifts: _s, skipped: _k, ...p }) => ({ ...p })),
    );
    tables.buckets = buildTable(
      BOND_ANALYSIS_TABLES.buckets,
      portfolios.flatMap((p) => p.buckets.map((b) => ({ portfolioCode: p.portfolioCode, ...b }))),
    );
    tables.shifts = buildTable(
      BOND_ANALYSIS_TABLES.shifts,
      portfolios.flatMap((p) => p.shifts.map((x) => ({ portfolioCode: p.portfolioCode, ...x }))),
    );
    const skipped = portfolios.flatMap((p) =>
      p.skipped.map((x) => ({ portfolioCode: p.portfolioCode, ...x })),
    );
    if (skipped.length > 0) tables.skipped = buildTable(BOND_ANALYSIS_TABLES.skipped, skipped);
  }
  return tables;
}

function chartsOf(
  bonds: readonly BondFigures[],
  portfolios: readonly BondPortfolio[],
): ResultCharts {
  const charts: ResultCharts = {};
  // Per-bond charts of a single bond, or of each distinct bond of the portfolios.
  const seen = new Set<string>();
  for (const b of bonds) {
    if (seen.has(b.instrumentCode)) continue;
    seen.add(b.instrumentCode);
    charts[`priceYield:${b.instrumentCode}`] = {
      title: `Fiyat-Getiri Eğrisi · ${b.name}`,
      option: lineChartOption(
        [
          {
            name: 'Temiz fiyat',
            points: b.priceYield.map((p) => [Math.round(p.yieldPct * 100) / 100, p.cleanPrice]),
          },
          { name: 'Piyasa', points: [[Math.round(b.yieldPct * 100) / 100, b.cleanPrice]] },
        ],
        { xType: 'value', xName: 'Getiri (%)', yName: 'Temiz fiyat', digits: 4 },
      ),
    };
    if (b.keyRateDurations.length > 0)
      charts[`keyRates:${b.instrumentCode}`] = {
        title: `Anahtar Vade Durasyonları · ${b.name}`,
        option: barChartOption(
          b.keyRateDurations.map((k) => k.tenor),
          [{ name: 'Anahtar vade durasyonu', values: b.keyRateDurations.map((k) => k.duration) }],
        ),
      };
  }
  for (const portfolio of portfolios) {
    charts[`buckets:${portfolio.portfolioCode}`] = {
      title: 'Vade Dilimlerine Göre DV01 (TL)',
      option: barChartOption(
        portfolio.buckets.map((b) => b.label),
        [{ name: 'DV01 (TL)', values: portfolio.buckets.map((b) => b.dv01Try) }],
        { digits: 0 },
      ),
    };
    charts[`shifts:${portfolio.portfolioCode}`] = {
      title: 'Paralel Kayma Etkisi (TL)',
      option: barChartOption(
        portfolio.shifts.map((s) => `${s.shiftBp > 0 ? '+' : ''}${s.shiftBp} bp`),
        [
          {
            name: 'Tam yeniden değerleme',
            values: portfolio.shifts.map((s) => s.fullRevaluationTry),
          },
          {
            name: 'Durasyon + konveksite',
            values: portfolio.shifts.map((s) => s.durationConvexityTry),
          },
        ],
        { digits: 0 },
      ),
    };
  }
  return charts;
}

async function singleBondCase(
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

async function runBondAnalysis(
  ctx: RunContext<BondAnalysisInputs>,
): Promise<{ result: BondAnalysisResult; dataSnapshot: Record<string, unknown> }> {
  const i = ctx.inputs;
  await ctx.progress(0, 'Tahvil verileri okunuyor');
  const calendar = createTurkishCalendar(await readCalendarOverrides(ctx.db));
  if (i.source !== 'portfolio') {
    const { bondCase, currency } = await singleBondCase(ctx, calendar);
    const convention = i.convention ?? defaultConvention(currency);
    const curve = await tryCurve(ctx.db, i.asOfDate);
    const bonds = [analyseBond(bondCase, i.asOfDate, convention, curve)];
    await ctx.progress(1, 'Tahvil analizi tamamlandı');
    return {
      result: {
        source: BOND_SOURCE_LABELS[i.source],
        asOfDate: i.asOfDate,
        bonds,
        portfolios: [],
        tables: tablesOf(bonds, []),
        charts: chartsOf(bonds, []),
      },
      dataSnapshot: {
        settlementDate: i.asOfDate,
        curveTickers: curve.map((c) => c.ticker),
        conventions: {
          yield: convention,
          discountYieldBasis: i.discountYieldBasis ?? 'compound',
          dv01: BOND_DV01,
          paymentDates: BOND_PAYMENT_DATES,
        },
      },
    };
  }
  const refs = await resolvePortfolios(ctx.db, i.portfolioCodes!);
  const bonds: BondFigures[] = [];
  const portfolios: BondPortfolio[] = [];
  const holdingsDatesUsed: Record<string, string> = {};
  const curves = new Map<string, CurvePoint[]>();
  const pricings: PricingMemo = new Map();
  // The same bond, index and date recur across portfolios: read each once per run.
  const memo = new Map<string, Promise<unknown>>();
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  for (const [n, ref] of refs.entries()) {
    const date = await latestHoldingsDate(ctx.db, ref, i.asOfDate);
    if (date === null)
      throw new AnalysisInputError(
        `${ref.code} portföyünün ${i.asOfDate} tarihinde ya da öncesinde dağılımı yok.`,
      );
    holdingsDatesUsed[ref.code] = date;
    const snapshot = (await loadSnapshots(ctx.db, ref, [date])).get(date)!;
    if (!curves.has(date)) curves.set(date, await tryCurve(ctx.db, date));
    const curve = curves.get(date)!;
    const positions = snapshot.positions.filter(
      (p) => p.terms?.kind === 'bond' && p.valueTry !== 0,
    );
    if (positions.length === 0) {
      if (refs.length === 1)
        throw new AnalysisInputError(`${ref.code} portföyünde ${date} tarihinde tahvil yok.`);
      continue;
    }
    const cases: BondCase[] = [];
    const own: BondFigures[] = [];
    const skipped: BondPortfolio['skipped'] = [];
    for (const p of positions) {
      if (ctx.signal.aborted) throw new RunCancelledError();
      const terms = p.terms as BondTerms;
      try {
        const market = await cached(`q|${p.mappingTicker}|${date}`, () =>
          marketQuote(ctx.db, p.mappingTicker, date),
        );
        const indexRate = await cached(`r|${terms.referenceIndex}|${date}`, () =>
          indexRateOn(ctx.db, terms, date),
        );
        let indexRatio = await cached(`x|${terms.referenceIndex}|${terms.issueDate}|${date}`, () =>
          indexRatioOn(ctx.db, terms, date),
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
        const c: BondCase = {
          code: p.instrumentCode,
          name: p.instrumentName ?? p.instrumentCode,
          terms,
          quote,
          quoteSource: source,
          indexRate,
          indexRatio,
          calendar,
          discountYieldBasis: i.discountYieldBasis,
          currency: p.currency,
          position: { portfolioCode: ref.code, nominal: p.nominalValue, valueTry: p.valueTry },
        };
        own.push(analyseBond(c, date, defaultConvention(p.currency), curve, pricings));
        cases.push(c);
      } catch (error) {
        if (!(error instanceof AnalysisInputError)) throw error;
        skipped.push({ instrumentCode: p.instrumentCode, reason: error.message });
      }
    }
    await ctx.progress((n + 1) / refs.length, `${ref.code} portföyünün tahvilleri fiyatlandı`);
    if (own.length === 0 && refs.length === 1)
      throw new AnalysisInputError(
        `${ref.code} portföyündeki tahvillerin hiçbiri fiyatlanamadı: ${skipped.map((x) => x.reason).join(' ')}`,
      );
    bonds.push(...own);
    portfolios.push(
      portfolioFigures(
        own,
        cases,
        { portfolioCode: ref.code, portfolioName: ref.name, asOfDate: date, navTry: snapshot.nav },
        skipped,
        (c) => defaultConvention(c.currency),
        curve,
        pricings,
      ),
    );
  }
  if (portfolios.length === 0)
    throw new AnalysisInputError('Seçilen portföylerde bu tarihte tahvil yok.');
  await ctx.progress(1, 'Tahvil analizi tamamlandı');
  return {
    result: {
      source: BOND_SOURCE_LABELS.portfolio,
      asOfDate: i.asOfDate,
      bonds,
      portfolios,
      tables: tablesOf(bonds, portfolios),
      charts: chartsOf(bonds, portfolios),
    },
    dataSnapshot: {
      holdingsDates: holdingsDatesUsed,
      curveTickers: [...new Set([...curves.values()].flatMap((c) => c.map((x) => x.ticker)))],
      conventions: {
        yield: 'tr-treasury (TL tahviller), isma (döviz tahviller)',
        discountYieldBasis: i.discountYieldBasis ?? 'compound',
        dv01: BOND_DV01,
        paymentDates: BOND_PAYMENT_DATES,
      },
    },
  };
}

export const bondAnalysisHandler: AnalysisHandler<'bond-analysis'> = { run: runBondAnalysis };

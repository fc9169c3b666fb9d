import type { FxRateRow, HoldingRow, Instrument } from '@fonrisk/contracts';
import { addMonths, formatIsoDate, parseIsoDate } from '@fonrisk/risk';
import { buildAssets, CASH_INSTRUMENTS, CASH_MAPPING, type Asset } from './assets.ts';
import { bondSeries, priceBonds } from './bonds.ts';
import { applyDemoCorporateActions } from './corporate-actions.ts';
import { monthEndIndices } from './calendar.ts';
import { generateDerivatives } from './derivatives.ts';
import { earlyHistoryDates, simulateEarlyHistory } from './early-history.ts';
import { TICKER, historyDates, simulateMarket } from './market.ts';
import { BENCHMARK_DEFS, CUSTOMER_DEFS, FUND_DEFS, portfolioPlans } from './plans.ts';
import { simulatePortfolio } from './simulate.ts';
import { EXTERNAL_FUNDS, externalFundSeries, fundShareInstrument } from './tefas-funds.ts';
import { stockVolumeSeries } from './volumes.ts';
import type { DemoDataSet, DemoInternals, DemoTickerMapping, GeneratedSeries } from './types.ts';

/** The seed of the loaded demo (any seed works; this one gives a moderate equity path). */
export const DEMO_SEED = 1;
const DEMO_ASSET_MANAGER = 'Demo Portföy Yönetimi A.Ş.';
const EXTERNAL_ASSET_MANAGER = 'Örnek Portföy Yönetimi A.Ş.';

/** Bid/ask half-spreads of the FX rows: forex and banknote, as fractions of the mid rate. */
const FX_SPREAD = { forex: 0.0008, banknote: 0.004 } as const;

/**
 * The whole demo data set as a pure function of (seed, end date): no clock, no I/O. The history
 * covers HISTORY_MONTHS months of business days up to `endDate`; holdings are daily for the last
 * year and month-end before that.
 */
export function generateDemoData(
  seed: number,
  endDate: string,
): DemoDataSet & { readonly internals: DemoInternals } {
  const dates = historyDates(endDate);
  const market = simulateMarket(seed, dates);
  const bonds = priceBonds(seed, market, endDate);
  const derivatives = generateDerivatives(market);
  const external = externalFundSeries(seed, market);
  const externalFunds = EXTERNAL_FUNDS.map((f, i) => ({
    instrument: fundShareInstrument(f.code, f.name, f.category, EXTERNAL_ASSET_MANAGER),
    values: external[i]!.values,
  }));
  const assets = buildAssets(market, bonds, derivatives, externalFunds);
  const plans = portfolioPlans({ seed, market, bonds, derivatives });

  const yearAgo = formatIsoDate(addMonths(parseIsoDate(endDate), -12));
  const emit = new Set(monthEndIndices(dates));
  dates.forEach((d, t) => {
    if (d > yearAgo) emit.add(t);
  });

  const holdings: HoldingRow[] = [];
  const rowPrices: number[] = [];
  const navs = new Map<string, number>();
  const ownFundSeries: GeneratedSeries[] = [];
  const customerFlows = new Map<
    string,
    DemoInternals['customerFlows'] extends ReadonlyMap<string, infer V> ? V : never
  >();
  for (const def of [...FUND_DEFS, ...CUSTOMER_DEFS]) {
    const result = simulatePortfolio(seed, plans.get(def.code)!, market, assets, emit);
    holdings.push(...result.holdings);
    rowPrices.push(...result.rowPrices);
    for (const [date, nav] of result.navs) navs.set(`${def.code}|${date}`, nav);
    if (def.kind === 'customer')
      customerFlows.set(def.code, { cashFlows: result.cashFlows, feePayments: result.feePayments });
    if (def.kind === 'fund' && def.fundCategory) {
      const instrument = fundShareInstrument(
        def.code,
        def.name,
        def.fundCategory,
        DEMO_ASSET_MANAGER,
      );
      const values = result.unitPrices;
      ownFundSeries.push({
        ticker: def.code,
        name: `${def.name} birim pay fiyatı`,
        kind: 'price',
        currency: 'TRY',
        tenorDays: null,
        values,
      });
      const asset: Asset = {
        instrument,
        price: (t) => values[t]!,
        perUnit: 1,
        fx: () => 1,
        lot: 1,
        mapping: { ticker: def.code, kind: 'direct', note: null },
      };
      assets.set(def.code, asset);
    }
  }

  const instruments: Instrument[] = [
    ...[...assets.values()].map((a) => a.instrument),
    ...CASH_INSTRUMENTS,
  ];
  const tickerMappings: DemoTickerMapping[] = [
    ...[...assets.values()].flatMap((a) =>
      a.mapping
        ? [
            {
              instrumentCode: a.instrument.code,
              seriesTicker: a.mapping.ticker,
              mappingKind: a.mapping.kind,
              note: a.mapping.note,
            },
          ]
        : [],
    ),
    ...CASH_INSTRUMENTS.map((i) => ({
      instrumentCode: i.code,
      seriesTicker: CASH_MAPPING.ticker,
      mappingKind: CASH_MAPPING.kind,
      note: CASH_MAPPING.note,
    })),
  ];

  // The market before the simulated window, back to 2018 (early-history.ts): market series and
  // FX rates only; bonds, derivatives and funds exist from the window on (NaN before it).
  const earlyDates = earlyHistoryDates(dates[0]!);
  const early = simulateEarlyHistory(seed, earlyDates, market);
  // A few splits, bonus issues and dividends in the early history: raw prices before their
  // ex-dates change, the adjusted and total-return series follow the simulated path.
  const corporateActions = applyDemoCorporateActions(earlyDates, early);
  const allDates = [...earlyDates, ...dates];
  const withEarly = (s: GeneratedSeries): GeneratedSeries => {
    const values = new Float64Array(allDates.length).fill(Number.NaN);
    const before = early.get(s.ticker);
    if (before) values.set(before);
    values.set(s.values, earlyDates.length);
    return { ...s, values };
  };
  const fxMid: Record<'USD' | 'EUR' | 'GBP' | 'XAU', Float64Array> = {
    USD: withEarly(market.series.get(TICKER.usdTry)!).values,
    EUR: withEarly(market.series.get(TICKER.eurTry)!).values,
    GBP: withEarly(market.series.get(TICKER.gbpTry)!).values,
    XAU: withEarly(market.series.get(TICKER.xauTry)!).values,
  };

  const fxRates: FxRateRow[] = [];
  allDates.forEach((date, t) => {
    for (const currency of ['USD', 'EUR', 'GBP', 'XAU'] as const) {
      const mid = fxMid[currency][t]!;
      const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
      const banknote = currency !== 'XAU';
      fxRates.push({
        currency,
        date,
        forexBuying: r4(mid * (1 - FX_SPREAD.forex)),
        forexSelling: r4(mid * (1 + FX_SPREAD.forex)),
        banknoteBuying: banknote ? r4(mid * (1 - FX_SPREAD.banknote)) : null,
        banknoteSelling: banknote ? r4(mid * (1 + FX_SPREAD.banknote)) : null,
      });
    }
  });

  return {
    seed,
    endDate,
    dates: allDates,
    instruments,
    series: [
      ...market.series.values(),
      ...bondSeries(bonds),
      ...derivatives.map((d) => d.series),
      ...external,
      ...ownFundSeries,
      ...stockVolumeSeries(seed, market),
    ].map(withEarly),
    fxRates,
    portfolios: [...FUND_DEFS, ...CUSTOMER_DEFS].map((d) => ({
      code: d.code,
      name: d.name,
      kind: d.kind,
      fundCategory: d.fundCategory,
      referenceBenchmarkCode: d.benchmarkCode,
    })),
    holdings,
    benchmarks: BENCHMARK_DEFS.map((b) => ({
      code: b.code,
      name: b.name,
      rebalancing: 'monthly',
      components: Object.entries(b.weights).map(([seriesTicker, weightPct]) => ({
        seriesTicker,
        weightPct,
      })),
    })),
    tickerMappings,
    corporateActions,
    unifiedPortfolios: [
      {
        newPortfolioCode: 'DBIRLESIK',
        name: 'Demo Birleşik Hisse Fonları (DHS + DEF)',
        members: ['DHS', 'DEF'],
      },
    ],
    internals: { navs, rowPrices, customerFlows },
  };
}

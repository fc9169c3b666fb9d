// The scenario P&L builder shared by every market-risk analysis (analyses.md "Scenario P&L"):
// a pure function of positions, market data and a window, used by the worker and by the CLI
// replaying an input bundle (docs/decisions/0040-pricing-in-the-library-and-input-bundles.md).
import type { MarketData, ScenarioWindow } from './market.ts';
import {
  type Priced,
  priceBond,
  priceCash,
  priceFundByCategory,
  priceFuture,
  type FundProxies,
  priceLinear,
  priceOption,
  priceRateInstrument,
} from './pricing.ts';
import type {
  PositionInput,
  PricingMethod,
  ScenarioMatrix,
  ScenarioPosition,
  UnmappedPosition,
} from './types.ts';

const BOND_TYPES = new Set([
  'governmentBond',
  'treasuryBill',
  'corporateBond',
  'commercialPaper',
  'bankBill',
  'leaseCertificate',
  'eurobond',
  'assetBackedSecurity',
]);
const RATE_TYPES = new Set([
  'deposit',
  'participationAccount',
  'reverseRepo',
  'repo',
  'moneyMarket',
]);

export const RISK_FACTOR = {
  equity: 'Hisse Senedi Fiyatı',
  rate: 'Faiz Oranı',
  fx: 'Döviz Kuru',
  metal: 'Kıymetli Maden',
  fund: 'Fon Fiyatı',
  volatility: 'Opsiyon (Dayanak ve Oynaklık)',
  none: 'Nakit',
  other: 'Diğer',
} as const;

export function classify(mainType: string): PricingMethod {
  if (mainType === 'future') return 'future';
  if (mainType === 'option' || mainType === 'warrant') return 'option';
  if (BOND_TYPES.has(mainType)) return 'bondRepricing';
  if (RATE_TYPES.has(mainType)) return 'rateSensitivity';
  if (mainType === 'margin') return 'cash';
  return 'linear';
}

/**
 * The series a position's scenario P&L moves with: a future's or an option's underlying (never
 * its own price series, decision 0051), else the series it is mapped to.
 */
export function seriesMovedWith(p: PositionInput): string | null {
  const method = classify(p.mainType);
  return method === 'future' || method === 'option' ? p.underlyingTicker : p.mappingTicker;
}

/**
 * The risk factor a position's P&L is grouped under: by its pricing method, its currency and the
 * kind of the series it moves with. An index series says "Hisse Senedi Fiyatı" for what trades
 * like a share (a stock, a future or a product on the index); an instrument of type Diğer (a fee
 * accrual mapped to the money-market index as a proxy, say) stays "Diğer": an index of any asset
 * class is of kind `index`, and its type does not say which (decision 0099).
 */
function riskFactorOf(p: PositionInput, method: PricingMethod, market: MarketData): string {
  const ticker = seriesMovedWith(p);
  const kind = ticker === null ? undefined : market.series.get(ticker)?.kind;
  switch (method) {
    case 'bondRepricing':
    case 'bondPriceReturns':
    case 'bondDuration':
    case 'rateSensitivity':
      return p.currency === 'TRY' ? RISK_FACTOR.rate : RISK_FACTOR.fx;
    case 'cash':
      return p.currency === 'TRY' ? RISK_FACTOR.none : RISK_FACTOR.fx;
    case 'option':
      return RISK_FACTOR.volatility;
    case 'future':
    case 'linear':
      if (p.mainType === 'preciousMetal') return RISK_FACTOR.metal;
      if (p.mainType === 'fundShare' || p.mainType === 'exchangeTradedFund')
        return RISK_FACTOR.fund;
      if (kind === 'fxRate' || p.mainType === 'fx' || p.currency !== 'TRY') return RISK_FACTOR.fx;
      if (kind === 'yield' || kind === 'curvePoint') return RISK_FACTOR.rate;
      if (p.mainType === 'stock' || (kind === 'index' && p.mainType !== 'other'))
        return RISK_FACTOR.equity;
      return RISK_FACTOR.other;
  }
}

function price(
  p: PositionInput,
  method: PricingMethod,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
  proxies: FundProxies,
): Priced {
  switch (method) {
    case 'future':
      return priceFuture(p, market, w, asOfDate);
    case 'option':
      return priceOption(p, market, w, asOfDate);
    case 'bondRepricing':
    case 'bondPriceReturns':
    case 'bondDuration':
      return priceBond(p, market, w, asOfDate);
    case 'rateSensitivity':
      return priceRateInstrument(p, market, w, asOfDate);
    case 'cash':
      return priceCash(p, market, w);
    case 'linear':
      // A fund unit without a price series moves with its category's exposure (decision 0070).
      return p.mappingTicker === null && p.terms?.kind === 'fund'
        ? priceFundByCategory(p, market, w, asOfDate, proxies)
        : priceLinear(p, market, w);
  }
}

/**
 * One position priced over a window, as buildScenarioMatrix prices it: its P&L column (TRY, one
 * value per scenario) with its method and exposure, or the row it goes to `unmapped` with.
 */
export type PricedPosition =
  | {
      readonly method: PricingMethod;
      readonly pnl: Float64Array;
      readonly exposureTry: number;
      readonly note?: string | undefined;
    }
  | { readonly unmapped: UnmappedPosition };

/**
 * `p` priced over the window ending at `w.endIndex` (see {@link buildScenarioMatrix}); null for
 * a zero-value position other than a future (no risk: left out). For callers that need the
 * numbers only: the backtest prices its day-dependent positions on each of its days, and making
 * each day's ScenarioPosition (a copy of the whole input) took a tenth of its computation.
 */
export function pricePosition(
  p: PositionInput,
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
  proxies: FundProxies = {},
): PricedPosition | null {
  const method = classify(p.mainType);
  if (p.valueTry === 0 && method !== 'future') return null;
  const priced = price(p, method, market, w, asOfDate, proxies);
  if ('reason' in priced) {
    return {
      unmapped: {
        instrumentCode: p.instrumentCode,
        instrumentName: p.instrumentName,
        valueTry: p.valueTry,
        reason: priced.reason,
      },
    };
  }
  return { method, pnl: priced.pnl, exposureTry: priced.exposureTry, note: priced.note };
}

/**
 * Per-position scenario P&L (TRY) of `positions` over the window ending at `w.endIndex` of
 * `market` (the as-of date). Positions that cannot be priced (no mapping, no history covering
 * the window, missing terms or rates) go to `unmapped` with the reason; none is dropped
 * silently. Zero-value positions other than futures carry no risk and are left out. A fund unit
 * without a price series is priced by its category's exposure (`proxies`: the equity index).
 */
export function buildScenarioMatrix(
  positions: readonly PositionInput[],
  market: MarketData,
  w: ScenarioWindow,
  asOfDate: string,
  proxies: FundProxies = {},
): ScenarioMatrix {
  const kept: ScenarioPosition[] = [];
  const columns: Float64Array[] = [];
  const unmapped: UnmappedPosition[] = [];
  const approximations: { instrumentCode: string; note: string }[] = [];
  for (const p of positions) {
    const priced = pricePosition(p, market, w, asOfDate, proxies);
    if (priced === null) continue;
    if ('unmapped' in priced) {
      unmapped.push(priced.unmapped);
      continue;
    }
    if (priced.note !== undefined)
      approximations.push({ instrumentCode: p.instrumentCode, note: priced.note });
    kept.push({
      ...p,
      method: priced.method,
      riskFactor: riskFactorOf(p, priced.method, market),
      exposureTry: priced.exposureTry,
    });
    columns.push(priced.pnl);
  }
  const pnl = new Float64Array(kept.length * w.scenarios);
  columns.forEach((c, i) => pnl.set(c, i * w.scenarios));
  return { positions: kept, scenarios: w.scenarios, pnl, unmapped, approximations };
}

/** Column i of the matrix (a view, no copy). */
export function pnlColumn(m: ScenarioMatrix, i: number): Float64Array {
  return m.pnl.subarray(i * m.scenarios, (i + 1) * m.scenarios);
}

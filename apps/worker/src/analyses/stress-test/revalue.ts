// A fund's positions revalued under a scenario's market moves (the stress test and its reverse
// search): full revaluation through the scenario pricers on the shocked market.
import { CREDIT_ISSUER_TYPES, type CreditIssuerType } from '@fonrisk/contracts';
import {
  type MarketData,
  type PositionInput,
  type ScenarioWindow,
  buildScenarioMatrix,
  floaterSpreadPnl,
  fxAt,
  pricePosition,
  SHORT_PRICE_HISTORY_NOTE,
} from '@fonrisk/risk';
import { assetClassOf } from '../var/evaluate.ts';
import type { MarketMove, MarketShocker, SeriesContext } from './moves.ts';

export interface PositionPnl {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly assetClass: string;
  readonly method: string;
  readonly valueTry: number;
  readonly pnlTry: number;
  /** Delta-equivalent exposure of a derivative after the move (futures, options), else null. */
  readonly derivativeExposureAfterTry: number | null;
  readonly note: string | null;
}

const CREDIT = new Set<string>(CREDIT_ISSUER_TYPES);

/** The note of a bond mapped to its price series, repriced on the moved curve (decision 0133). */
export const CURVE_REPRICED_NOTE =
  'fiyat serisi yerine şoklanmış getiri eğrisiyle, kalan vadesinde yeniden fiyatlandı';

/** Whether a position is mapped to a bond price series (repriced on the curve in a stress). */
const bondPriceSeries = (p: PositionInput, ctx: SeriesContext): boolean =>
  p.mappingTicker !== null && ctx.roles.get(p.mappingTicker) === 'bondPrice';

/** The one scenario of a move: the shocked day after the valuation date (marketShocker). */
function scenarioWindow(market: MarketData, move: MarketMove): ScenarioWindow {
  const n = market.dates.length;
  return {
    endIndex: n,
    scenarios: 1,
    stepDays: 1,
    valuationIndex: n - 1,
    volatilityShiftPoints: move.volatilityPoints,
  };
}

/**
 * A fund revalued under scenario moves: its positions on the valuation date, its market, the
 * series' roles and betas, and the fund's one `marketShocker` (reused by every revaluation).
 */
export interface FundMarket {
  readonly positions: readonly PositionInput[];
  readonly market: MarketData;
  readonly ctx: SeriesContext;
  readonly asOfDate: string;
  readonly shock: MarketShocker;
}

const isFloater = (p: PositionInput): boolean =>
  p.terms?.kind === 'bond' && p.terms.couponType === 'floating';

/**
 * Full revaluation of a fund's positions under `move`: one pass of the scenario pricers on the
 * shocked market per credit-spread group (positions of issuer types with a spread get it added to
 * every rate; floaters take it with their spread duration beside the rate move), CPI-linked
 * bonds' index ratio added linearly (flagged). Unpriceable positions have P&L 0 and the reason in
 * `note`.
 */
export function revalue(fund: FundMarket, move: MarketMove): PositionPnl[] {
  const { positions, market, ctx, asOfDate, shock } = fund;
  const groups = new Map<number, PositionInput[]>();
  const spreadOf = (p: PositionInput): number =>
    CREDIT.has(p.mainType) ? (move.creditSpreadBp[p.mainType as CreditIssuerType] ?? 0) : 0;
  for (const p of positions) {
    // A floater's coupons follow the rates, not its credit spread: it takes the rate move with
    // its rate duration and the spread separately with its spread duration (decision 0057).
    const spread = isFloater(p) ? 0 : spreadOf(p);
    // Appended in place: a copy of the group for each position was quadratic in a fund's size.
    const group = groups.get(spread);
    if (group === undefined) groups.set(spread, [p]);
    else group.push(p);
  }
  const n = market.dates.length;
  const window = scenarioWindow(market, move);
  const out: PositionPnl[] = [];
  for (const [spread, group] of groups) {
    const shocked = shock(move, spread / 100);
    const m = buildScenarioMatrix(group, shocked, window, asOfDate, {
      equityIndexTicker: ctx.equityIndex,
    });
    const notes = new Map(m.approximations.map((a) => [a.instrumentCode, a.note]));
    m.positions.forEach((p, i) => {
      let pnl = m.pnl[i]!;
      let note = notes.get(p.instrumentCode) ?? null;
      // A bond's own price series has no moved day (marketShocker): its repricing on the shocked
      // curve is the stress test's method, not the fallback for a short history the pricer names.
      if (note === SHORT_PRICE_HISTORY_NOTE && bondPriceSeries(p, ctx)) note = CURVE_REPRICED_NOTE;
      const floaterSpread = isFloater(p) ? spreadOf(p) : 0;
      if (floaterSpread !== 0) {
        const spreadPnl = floaterSpreadPnl(
          p,
          floaterSpread / 100,
          asOfDate,
          fxAt(market, p.currency, n - 1),
        );
        if (spreadPnl !== null) {
          pnl += spreadPnl;
          note = [note, `kredi marjı +${floaterSpread} bp marj durasyonuyla uygulandı`]
            .filter(Boolean)
            .join('; ');
        }
      }
      if (p.terms?.kind === 'bond' && p.terms.couponType === 'cpiLinked' && move.cpi !== 0) {
        pnl += (p.valueTry + pnl) * move.cpi;
        note = [note, 'TÜFE şoku endeks oranına doğrusal uygulandı'].filter(Boolean).join('; ');
      }
      const derivative = p.method === 'future' || p.method === 'option';
      const underlying = p.underlyingTicker;
      const ratio =
        (underlying === null ? 1 : (move.levels.get(underlying) ?? 1)) *
        (move.fx.get(p.currency) ?? 1);
      out.push({
        instrumentCode: p.instrumentCode,
        instrumentName: p.instrumentName,
        assetClass: assetClassOf(p.mainType),
        method: p.method,
        valueTry: p.valueTry,
        pnlTry: pnl,
        derivativeExposureAfterTry: derivative ? p.exposureTry * ratio : null,
        note,
      });
    });
    for (const u of m.unmapped) {
      out.push({
        instrumentCode: u.instrumentCode,
        instrumentName: u.instrumentName,
        assetClass: 'Fiyatlanamayan',
        method: 'none',
        valueTry: u.valueTry,
        pnlTry: 0,
        derivativeExposureAfterTry: null,
        note: `fiyatlanamadı, kayıp sıfır alındı: ${u.reason}`,
      });
    }
  }
  return out;
}

/** The P&L of revalued positions: their sum, in their order. */
export const total = (rows: readonly PositionPnl[]): number =>
  rows.reduce((s, r) => s + r.pnlTry, 0);

/**
 * `total(revalue(...))` without the rows: for a move without credit spreads or a CPI shock (a
 * uniform shock of the reverse search) every position is in one group and takes no floater
 * spread or index-ratio term, so the sum of the priced positions' P&L, in the same order, is the
 * same number to the bit. The reverse search revalues a fund a few hundred times; a row, a copy
 * of each position and its notes each time were most of its work (decision 0133). Any other move
 * is revalued in full.
 */
export function totalPnl(fund: FundMarket, move: MarketMove): number {
  if (move.cpi !== 0 || Object.values(move.creditSpreadBp).some((bp) => bp !== 0))
    return total(revalue(fund, move));
  const { positions, market, ctx, asOfDate, shock } = fund;
  const shocked = shock(move, 0);
  const window = scenarioWindow(market, move);
  const proxies = { equityIndexTicker: ctx.equityIndex };
  let sum = 0;
  for (const p of positions) {
    const priced = pricePosition(p, shocked, window, asOfDate, proxies);
    if (priced !== null && !('unmapped' in priced)) sum += priced.pnl[0]!;
  }
  return sum;
}

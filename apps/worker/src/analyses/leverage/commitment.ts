// Derivative positions -> SPK commitment (netting, hedging) and gross leverage (Rehber §7.5).
import type { LeveragePortfolio, VarSettings } from '@fonrisk/contracts';
import {
  type CommitmentPosition,
  type MarketData,
  type PositionInput,
  buildScenarioMatrix,
  commitmentApproach,
  indexOnOrBefore,
  valueAt,
} from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import { limitStatus } from '../var/evaluate.ts';

/** Days of underlying history for an option's volatility when its price implies none. */
export const VOL_WINDOW = 60;

export interface DerivativeLine {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly kind: 'future' | 'option';
  /** Underlying series ticker: positions on the same one net (§7.5.3). */
  readonly underlying: string;
  readonly contracts: number;
  readonly contractSize: number;
  /** TRY price of the underlying. */
  readonly underlyingPrice: number;
  /** Option delta (1 for futures). */
  readonly delta: number;
  readonly hedge: boolean;
}

export interface SpotLine {
  readonly underlying: string;
  readonly valueTry: number;
}

/** The fund's leverage limit (commitment / NAV) as a fraction: its own, else the settings'. */
export function leverageLimitOf(settings: VarSettings, portfolioCode: string): number {
  const own = settings.portfolioLimits.find((l) => l.portfolioCode === portfolioCode);
  return (own?.leverageLimitPct ?? settings.leverageLimitPct) / 100;
}

/**
 * The derivative lines of `positions` on `date` (delta-equivalent exposures from the same pricing
 * as the scenario builder; options: BSM delta) and the spot holdings of their underlyings. The
 * leverage analysis and the pre-trade check (decision 0064) both read positions through it.
 */
export function derivativeLinesOf(
  positions: readonly PositionInput[],
  market: MarketData,
  date: string,
  hedges: ReadonlySet<string>,
  portfolioCode: string,
): { lines: DerivativeLine[]; spots: SpotLine[] } {
  const endIndex = indexOnOrBefore(market.dates, date);
  const derivatives = positions.filter(
    (p) => p.mainType === 'future' || p.mainType === 'option' || p.mainType === 'warrant',
  );
  const priced =
    endIndex >= 1
      ? buildScenarioMatrix(
          derivatives,
          market,
          { endIndex, scenarios: Math.min(VOL_WINDOW, endIndex), stepDays: 1 },
          date,
        )
      : null;
  const lines: DerivativeLine[] = derivatives.map((p) => {
    const pos = priced?.positions.find((x) => x.instrumentCode === p.instrumentCode);
    const underlying = p.underlyingTicker;
    const terms = p.terms;
    if (!pos || underlying === null || (terms?.kind !== 'future' && terms?.kind !== 'option')) {
      const reason =
        priced?.unmapped.find((u) => u.instrumentCode === p.instrumentCode)?.reason ??
        'dayanak fiyatı bulunamadı';
      throw new AnalysisInputError(
        `${portfolioCode} portföyü, ${date}: ${p.instrumentCode} türev pozisyonu hesaplanamadı (${reason}).`,
      );
    }
    const price = valueAt(market.series.get(underlying)!.values, endIndex);
    const units = (p.nominalValue ?? 0) * terms.contractSize;
    return {
      instrumentCode: p.instrumentCode,
      instrumentName: p.instrumentName,
      kind: terms.kind,
      underlying,
      contracts: p.nominalValue ?? 0,
      contractSize: terms.contractSize,
      underlyingPrice: price,
      delta: terms.kind === 'future' || units === 0 ? 1 : pos.exposureTry / (units * price),
      hedge: hedges.has(p.instrumentCode),
    };
  });
  const underlyings = new Set(lines.map((l) => l.underlying));
  const spots: SpotLine[] = positions
    .filter(
      (p) =>
        p.mappingTicker !== null && underlyings.has(p.mappingTicker) && !derivatives.includes(p),
    )
    .map((p) => ({ underlying: p.mappingTicker!, valueTry: p.valueTry }));
  return { lines, spots };
}

/**
 * Commitment and gross exposure with packages/risk `commitmentApproach`: futures contracts ×
 * size × underlying price, options × delta; spot holdings of the same underlying net; lines
 * flagged as hedges are deducted up to the spot value they hedge. Limit and usage on the open
 * position (commitment) as a fraction of NAV.
 */
export function leverageOf(
  derivatives: readonly DerivativeLine[],
  spots: readonly SpotLine[],
  nav: number,
  limitPct: number,
  settings: Pick<VarSettings, 'warningThresholdPct'>,
  asOf: string,
): Omit<LeveragePortfolio, 'portfolioCode' | 'portfolioName' | 'asOfDate'> {
  const spotBy = new Map<string, number>();
  for (const s of spots) spotBy.set(s.underlying, (spotBy.get(s.underlying) ?? 0) + s.valueTry);
  const positions: CommitmentPosition[] = [
    ...derivatives.map((d): CommitmentPosition => {
      const hedge = d.hedge
        ? { eligible: true, hedgedValue: Math.abs(spotBy.get(d.underlying) ?? 0) }
        : undefined;
      return d.kind === 'future'
        ? {
            kind: 'future',
            id: d.instrumentCode,
            underlying: d.underlying,
            contracts: d.contracts,
            contractSize: d.contractSize,
            underlyingPrice: d.underlyingPrice,
            hedge,
          }
        : {
            kind: 'option',
            id: d.instrumentCode,
            underlying: d.underlying,
            contracts: d.contracts,
            contractSize: d.contractSize,
            underlyingPrice: d.underlyingPrice,
            delta: d.delta,
            hedge,
          };
    }),
    ...[...spotBy.entries()].map(([underlying, value]): CommitmentPosition => ({
      kind: 'spot',
      id: `spot:${underlying}`,
      underlying,
      marketValue: value,
    })),
  ];
  const r = commitmentApproach(positions, nav, {
    asOf,
    limits: [
      {
        id: 'ayar-kaldirac',
        metric: 'openPositionRatio',
        limit: limitPct,
        effectiveFrom: '1900-01-01',
        source: 'RMD ayarları',
      },
    ],
  });
  const usage = limitPct > 0 ? r.openPositionRatio / limitPct : null;
  return {
    navTry: nav,
    positions: derivatives.map((d, i) => ({
      instrumentCode: d.instrumentCode,
      instrumentName: d.instrumentName,
      kind: d.kind,
      underlying: d.underlying,
      exposureTry: r.positions[i]!.position,
      grossWeight: Math.abs(r.positions[i]!.position) / nav,
      hedge: d.hedge,
    })),
    netting: r.netting.map((g) => ({
      underlying: g.underlying,
      derivativeTry: g.derivativePosition,
      spotTry: g.spotPosition,
      netTry: g.netPosition,
    })),
    grossTry: r.grossNotional,
    grossPct: r.leverageRatio,
    hedgeDeductionTry: r.hedgeDeduction,
    commitmentTry: r.openPosition,
    commitmentPct: r.openPositionRatio,
    limitPct,
    usage: usage ?? 0,
    status: limitStatus(usage, settings.warningThresholdPct),
  };
}

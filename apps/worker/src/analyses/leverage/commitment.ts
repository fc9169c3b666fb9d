// Derivative positions -> SPK commitment (netting, hedging) and gross leverage (Rehber §7.5).
import type { LeveragePortfolio, VarSettings } from '@fonrisk/contracts';
import { type CommitmentPosition, commitmentApproach } from '@fonrisk/risk';
import { limitStatus } from '../var/evaluate.ts';

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

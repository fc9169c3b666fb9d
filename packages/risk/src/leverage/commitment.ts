import { InvalidInputError } from '../errors.ts';
import { futuresExposure } from '../derivatives/futures.ts';
import { checkLimits, type LimitCheck, type LimitRule } from '../concentration/limit-rule.ts';

/**
 * A leverage-creating position (kaldıraç yaratan işlem, Rehber §7.2.1) or a spot holding used for
 * netting. Quantities are signed: long positive, short negative. Prices in TRY.
 */
export type CommitmentPosition =
  | {
      readonly kind: 'future';
      readonly id: string;
      readonly underlying: string;
      readonly contracts: number;
      readonly contractSize: number;
      readonly underlyingPrice: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'option';
      readonly id: string;
      readonly underlying: string;
      readonly contracts: number;
      readonly contractSize: number;
      readonly underlyingPrice: number;
      readonly delta: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'warrant' | 'certificate';
      readonly id: string;
      readonly underlying: string;
      readonly quantity: number;
      readonly conversionRatio: number;
      readonly underlyingPrice: number;
      /** For barrier certificates the maximum delta (Rehber fn. 12). */ readonly delta: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'fx-forward' | 'currency-swap';
      readonly id: string;
      readonly underlying: string;
      /** Foreign-currency notional of the currency leg. */ readonly notional: number;
      readonly fxRate: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'interest-rate-swap' | 'inflation-swap' | 'credit-linked-note';
      readonly id: string;
      readonly underlying: string;
      /** Market value of the underlying (or the swap's fixed leg; the CLN's reference asset). */ readonly marketValue: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'forward-bond';
      readonly id: string;
      readonly underlying: string;
      readonly nominal: number;
      /** Price per 1 unit of nominal (a 76,5 % price is 0.765). */ readonly pricePerUnitNominal: number;
      readonly hedge?: HedgeDesignation;
    }
  | {
      readonly kind: 'spot';
      readonly id: string;
      readonly underlying: string;
      readonly marketValue: number;
    };

/**
 * A hedge designation (Rehber §7.5.4). Only positions flagged `eligible` (the five criteria of
 * §7.5.4 a, an FX hedge adding no position, or a beta hedge with index derivatives — judged by
 * the risk unit, not here) are deducted, and only up to `hedgedValue`, the TRY exposure of the
 * hedged assets (beta-adjusted for a beta hedge).
 */
export interface HedgeDesignation {
  readonly eligible: boolean;
  readonly hedgedValue: number;
}

export interface PositionExposure {
  readonly id: string;
  readonly kind: CommitmentPosition['kind'];
  readonly underlying: string;
  /** Signed TRY position by the §7.5.2 formula (spot holdings: market value). */
  readonly position: number;
}

export interface NettingGroup {
  readonly underlying: string;
  /** Σ signed leverage-creating positions on the underlying (any maturity or instrument type, §7.5.3 i). */
  readonly derivativePosition: number;
  /** Σ spot holdings of the same underlying (§7.5.3 ii). */
  readonly spotPosition: number;
  /** Derivative position after netting against opposite spot, signed. */
  readonly netPosition: number;
}

export const COMMITMENT_METRICS = ['openPositionRatio', 'leverageRatio'] as const;
export type CommitmentMetric = (typeof COMMITMENT_METRICS)[number];

/**
 * Default SPK limit: open position ≤ fon toplam değeri (Rehber §7.2.2 a and §7.5.1 b; Tebliğ
 * III-52.1 m.24/1-b). The effective date is the Tebliğ's publication (RG 09.07.2013, no. 28702).
 * RMD-method funds add their own `leverageRatio` rule (§7.2.2 b).
 */
export const SPK_COMMITMENT_LIMITS: readonly LimitRule<CommitmentMetric>[] = [
  {
    id: 'spk-acik-pozisyon',
    metric: 'openPositionRatio',
    limit: 1,
    effectiveFrom: '2013-07-09',
    source: 'SPK Rehber §7.2.2 a, §7.5.1 b',
  },
];

export interface CommitmentResult {
  readonly positions: PositionExposure[];
  readonly netting: NettingGroup[];
  /** Σ |position| of leverage-creating trades before netting and hedging (sum of notionals), TRY. */
  readonly grossNotional: number;
  /** Hedge deductions applied, TRY. */
  readonly hedgeDeduction: number;
  /** Σ |net position| after netting and hedging, TRY (açık pozisyon, §7.5.1 a). */
  readonly openPosition: number;
  /** grossNotional / fund total value ("kaldıraç", §7.5.1 c). */
  readonly leverageRatio: number;
  /** openPosition / fund total value. */
  readonly openPositionRatio: number;
  readonly limitChecks: LimitCheck<CommitmentMetric>[];
}

function requireFinite(id: string, values: readonly number[]): void {
  if (values.some((v) => !Number.isFinite(v)))
    throw new InvalidInputError(`position ${id} has a non-finite input`);
}

/**
 * Signed TRY position of one instrument by the Rehber §7.5.2 formulas (examples dated 12.12.2013):
 * future contracts × size × price; option contracts × size × price × delta; warrant/certificate
 * quantity × (1/conversion ratio) × price × delta; FX forward/currency swap notional × rate;
 * swaps and CLNs the underlying market value; forward-settlement bond nominal × price per unit of
 * nominal (the Rehber's own example, 100 000 × 76,5, mixes a per-100 price with the nominal);
 * spot holdings their market value.
 * @throws InvalidInputError for non-finite inputs or a non-positive conversion ratio.
 */
export function commitmentExposure(p: CommitmentPosition): number {
  switch (p.kind) {
    case 'future':
      return futuresExposure({
        contracts: p.contracts,
        contractSize: p.contractSize,
        price: p.underlyingPrice,
      });
    case 'option':
      requireFinite(p.id, [p.delta]);
      return (
        futuresExposure({
          contracts: p.contracts,
          contractSize: p.contractSize,
          price: p.underlyingPrice,
        }) * p.delta
      );
    case 'warrant':
    case 'certificate':
      requireFinite(p.id, [p.quantity, p.underlyingPrice, p.delta]);
      if (!(p.conversionRatio > 0))
        throw new InvalidInputError(`position ${p.id}: conversionRatio must be positive`);
      return p.quantity * (1 / p.conversionRatio) * p.underlyingPrice * p.delta;
    case 'fx-forward':
    case 'currency-swap':
      requireFinite(p.id, [p.notional, p.fxRate]);
      return p.notional * p.fxRate;
    case 'interest-rate-swap':
    case 'inflation-swap':
    case 'credit-linked-note':
    case 'spot':
      requireFinite(p.id, [p.marketValue]);
      return p.marketValue;
    case 'forward-bond':
      requireFinite(p.id, [p.nominal, p.pricePerUnitNominal]);
      return p.nominal * p.pricePerUnitNominal;
  }
}

function nettedPosition(derivative: number, spot: number): number {
  if (spot === 0 || Math.sign(spot) === Math.sign(derivative)) return derivative;
  const excess = Math.max(0, Math.abs(derivative) - Math.abs(spot));
  return excess === 0 ? 0 : Math.sign(derivative) * excess;
}

/**
 * Open position and leverage by the SPK standard (commitment) method, Rehber §7.5:
 * 1. per-instrument positions (§7.5.2, `commitmentExposure`);
 * 2. netting (§7.5.3): leverage-creating positions on the identical underlying are summed whatever
 *    their maturity or type, and the sum is reduced by an opposite spot holding of that underlying,
 *    never below zero (an index future does not net with a constituent share);
 * 3. hedging (§7.5.4): positions flagged as eligible hedges are excluded from their netting group
 *    and contribute max(0, |position| − hedgedValue);
 * 4. open position = Σ |net positions|; leverage = Σ |positions| before 2–3 ÷ fund total value.
 * Worked example (§7.5.3): spot XYZ 100, XYZ future −20, BIST30 future −10, KLM future 30, KLM
 * warrant −10 → gross 70 TL, open position 30 TL.
 * @throws InvalidInputError for a non-positive fund total value or invalid positions.
 */
export function commitmentApproach(
  positions: readonly CommitmentPosition[],
  fundTotalValue: number,
  options: {
    readonly asOf: string;
    readonly limits?: readonly LimitRule<CommitmentMetric>[] | undefined;
  },
): CommitmentResult {
  if (!(fundTotalValue > 0) || !Number.isFinite(fundTotalValue)) {
    throw new InvalidInputError(`fundTotalValue must be positive, got ${fundTotalValue}`);
  }
  const exposures = positions.map((p) => ({
    id: p.id,
    kind: p.kind,
    underlying: p.underlying,
    position: commitmentExposure(p),
  }));
  const groups = new Map<string, { derivative: number; spot: number }>();
  let grossNotional = 0;
  let hedgeDeduction = 0;
  let hedgedOpen = 0;
  positions.forEach((p, i) => {
    const value = exposures[i]!.position;
    const group = groups.get(p.underlying) ?? { derivative: 0, spot: 0 };
    groups.set(p.underlying, group);
    if (p.kind === 'spot') {
      group.spot += value;
      return;
    }
    grossNotional += Math.abs(value);
    if (p.hedge?.eligible === true) {
      const remaining = Math.max(0, Math.abs(value) - Math.max(0, p.hedge.hedgedValue));
      hedgeDeduction += Math.abs(value) - remaining;
      hedgedOpen += remaining;
      return;
    }
    group.derivative += value;
  });
  const netting = [...groups.entries()]
    .filter(([, g]) => g.derivative !== 0)
    .map(([underlying, g]) => ({
      underlying,
      derivativePosition: g.derivative,
      spotPosition: g.spot,
      netPosition: nettedPosition(g.derivative, g.spot),
    }));
  const openPosition = netting.reduce((sum, g) => sum + Math.abs(g.netPosition), hedgedOpen);
  const leverageRatio = grossNotional / fundTotalValue;
  const openPositionRatio = openPosition / fundTotalValue;
  return {
    positions: exposures,
    netting,
    grossNotional,
    hedgeDeduction,
    openPosition,
    leverageRatio,
    openPositionRatio,
    limitChecks: checkLimits(
      options.limits ?? SPK_COMMITMENT_LIMITS,
      { openPositionRatio, leverageRatio },
      options.asOf,
    ),
  };
}

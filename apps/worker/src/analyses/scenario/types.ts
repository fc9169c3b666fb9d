import type { InstrumentTerms } from '@fonrisk/contracts';

/** One line of a portfolio on a date, joined with its instrument and ticker mapping. */
export interface PositionInput {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  /** Instrument main type (contracts InstrumentMainType). */
  readonly mainType: string;
  readonly currency: string;
  /** Units, nominal or contracts (signed). */
  readonly nominalValue: number | null;
  /** Current value in TRY (0 for futures). */
  readonly valueTry: number;
  readonly maturityDate: string | null;
  /** Holding's yield / interest rate in percent (internalDiscountRate or NominalInterestRate). */
  readonly ratePct: number | null;
  /** Holding's modified duration in years (Duration column). */
  readonly modifiedDuration: number | null;
  readonly terms: InstrumentTerms | null;
  /** The series that drives the instrument's risk (ticker mapper), or null when unmapped. */
  readonly mappingTicker: string | null;
  /** For derivatives: the underlying's series ticker (terms.underlying or its mapping). */
  readonly underlyingTicker: string | null;
  /** For options: the underlying is a futures contract (Black-76). */
  readonly underlyingIsFuture: boolean;
}

/** How a position's scenario P&L was produced. */
export type PricingMethod =
  | 'linear'
  | 'bondRepricing'
  | 'bondPriceReturns'
  | 'bondDuration'
  | 'option'
  | 'future'
  | 'rateSensitivity'
  | 'cash';

export interface ScenarioPosition extends PositionInput {
  readonly method: PricingMethod;
  /** Turkish risk-factor label for grouping component VaR. */
  readonly riskFactor: string;
  /** Turkish asset-class label. */
  readonly assetClass: string;
  /** Delta-equivalent TRY exposure used for marginal VaR per TRY (futures: contracts × size × price). */
  readonly exposureTry: number;
}

export interface UnmappedPosition {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly valueTry: number;
  readonly reason: string;
}

export interface ScenarioMatrix {
  readonly positions: ScenarioPosition[];
  readonly scenarios: number;
  /** P&L in TRY of position i in scenario s at [i * scenarios + s]. */
  readonly pnl: Float64Array;
  readonly unmapped: UnmappedPosition[];
  readonly approximations: { instrumentCode: string; note: string }[];
}

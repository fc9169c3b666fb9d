// Structural inputs of scenario building and pricing: the worker (and the CLI replaying an
// input bundle) maps its rows to these; packages/risk knows no contract or table.

/** Day-count names of the instrument master (contracts DayCount). */
export type BondDayCountName = 'ACT/365' | 'ACT/360' | 'ACT/ACT' | '30/360';

/** Terms of a bond as the pricer reads them (contracts BondTerms is assignable to it). */
export interface ScenarioBondTerms {
  readonly kind: 'bond';
  readonly couponType: 'fixed' | 'floating' | 'cpiLinked' | 'discount';
  /** Annual coupon in percent (25.5 = 25.5 %). */
  readonly couponRatePct: number;
  /** Coupon payments per year (0 for discount instruments). */
  readonly couponFrequency: number;
  readonly dayCount: BondDayCountName;
  readonly issueDate: string;
  readonly maturityDate: string;
}

/** Terms of an option; `contractSize` is units of the underlying per contract. */
export interface ScenarioOptionTerms {
  readonly kind: 'option';
  readonly underlying: string;
  readonly strike: number;
  readonly expiryDate: string;
  readonly optionType: 'call' | 'put';
  readonly contractSize: number;
}

/** Terms of a futures contract; `contractSize` is the multiplier. */
export interface ScenarioFutureTerms {
  readonly kind: 'future';
  readonly underlying: string;
  readonly contractSize: number;
}

/**
 * Terms of a fund unit: what it holds, read only when the unit has no price series (its
 * category's exposure, docs/decisions/0070).
 */
export interface ScenarioFundTerms {
  readonly kind: 'fund';
  /** SPK umbrella category (contracts FundCategory), or null. */
  readonly fundCategory?: string | null | undefined;
  /** The currency an FX fund invests in; absent or null: TRY. */
  readonly exposureCurrency?: string | null | undefined;
}

/** Terms the pricer does not read. */
export interface ScenarioOtherTerms {
  readonly kind: 'none';
}

export type ScenarioTerms =
  | ScenarioBondTerms
  | ScenarioOptionTerms
  | ScenarioFutureTerms
  | ScenarioFundTerms
  | ScenarioOtherTerms;

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
  readonly terms: ScenarioTerms | null;
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

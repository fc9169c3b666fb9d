// The shapes shared by the VaR modules (portfolio-var, covariance, assemble and the SIMD kernel),
// in a module of their own so that those modules import one another one way only.

/** Risk of one position within the portfolio, in the units of the exposures. */
export interface PositionRisk {
  /** ∂VaR/∂xᵢ: VaR change per unit of exposure added to position i. */
  readonly marginal: number;
  /** xᵢ·marginalᵢ (Euler); the components sum to the portfolio VaR. */
  readonly component: number;
  /** component / VaR; null when VaR is 0. */
  readonly componentShare: number | null;
  /** VaR − VaR with position i removed (others unchanged); null when not computed. */
  readonly incremental: number | null;
}

export interface PortfolioVarResult {
  readonly var: number;
  readonly es: number;
  /** In the order of the panel's columns. */
  readonly positions: PositionRisk[];
}

/** Demeaned returns, column-major in one buffer (column i occupies [i·t, (i + 1)·t)). */
export interface CentredPanel {
  readonly data: Float64Array;
  /** Number of columns (positions). */
  readonly size: number;
  /** Observations per column. */
  readonly observations: number;
}

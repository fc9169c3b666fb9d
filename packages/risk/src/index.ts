// Public surface of @fonrisk/risk: explicit named exports only (style.md).

// --- returns, statistics, VaR, backtesting ---
export {
  RiskError,
  InvalidInputError,
  InsufficientHistoryError,
  LengthMismatchError,
  NotPositiveDefiniteError,
} from './errors.ts';
export { normalPdf, normalCdf, normalSf, inverseNormalCdf } from './math/normal.ts';
export {
  logGamma,
  regularizedGammaP,
  regularizedGammaQ,
  chiSquareCdf,
  chiSquareSf,
  binomialPmf,
  binomialCdf,
} from './math/special.ts';
export { createRng, type Rng } from './math/random.ts';
export { cholesky, type SquareMatrix } from './math/linear-algebra.ts';
export { quantile, quantileOfSorted, type QuantileType, type QuantilePoint } from './math/quantile.ts';

// --- instruments, leverage, stress, risk value, liquidity, concentration, performance ---


// Cornish–Fisher expansion of the normal quantile and the matching expected shortfall, as in
// PerformanceAnalytics (Boudt, Peterson & Croux, "Estimation and decomposition of downside risk
// for portfolios with non-normal returns", Journal of Risk 11, 2008).
import { normalPdf } from '../math/normal.ts';

/** Cornish–Fisher quantile h(z; skew, exkurt) of standardized returns at normal quantile z. */
export function cornishFisherQuantile(z: number, skew: number, exkurt: number): number {
  return (
    z +
    ((z * z - 1) * skew) / 6 +
    ((z ** 3 - 3 * z) * exkurt) / 24 -
    ((2 * z ** 3 - 5 * z) * skew * skew) / 36
  );
}

/**
 * Standardized modified ES (positive): −min(−E/α, h) with E the Cornish–Fisher tail expectation
 * (PerformanceAnalytics `operES.CornishFisher`, the "operational" default of `ES(method =
 * "modified")`, which never lets ES fall below the modified VaR).
 */
export function cornishFisherShortfall(
  z: number,
  skew: number,
  exkurt: number,
  alpha: number,
): number {
  const h = cornishFisherQuantile(z, skew, exkurt);
  const e =
    normalPdf(h) *
    (1 +
      (h ** 3 * skew) / 6 +
      ((h ** 6 - 9 * h ** 4 + 9 * h * h + 3) * skew * skew) / 72 +
      ((h ** 4 - 2 * h * h - 1) * exkurt) / 24);
  return -Math.min(-e / alpha, h);
}

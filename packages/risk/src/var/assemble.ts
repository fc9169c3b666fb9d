// Turns the risk of demeaned 1-period returns into the reported horizon VaR with positions.
import type { ResolvedHorizon } from './options.ts';
import type { PortfolioVarResult, PositionRisk } from './var-types.ts';

/** Risk of demeaned returns: D, its ES, ∂D/∂xᵢ and D without each position. */
export interface DemeanedRisk {
  readonly var: number;
  readonly es: number;
  readonly marginal: ArrayLike<number>;
  readonly withoutVar: ArrayLike<number> | null;
}

/**
 * VaR = s·D − m·Σxᵢμᵢ with s = √h (or 1 for overlapping data) and m = s (0 when the mean is
 * excluded), so the h-day VaR is √h × the 1-day VaR whatever the mean option; marginalᵢ = s·∂D/∂xᵢ − m·μᵢ; componentᵢ = xᵢ·marginalᵢ, which sum to VaR because
 * D is homogeneous of degree one in x (Euler); componentShare = component / VaR (null when VaR
 * is 0); incremental = VaR − VaR(xᵢ = 0).
 */
export function assemble(
  risk: DemeanedRisk,
  exposures: ArrayLike<number>,
  means: ArrayLike<number>,
  r: ResolvedHorizon,
): PortfolioVarResult {
  let meanPnl = 0;
  for (let i = 0; i < exposures.length; i++) meanPnl += exposures[i]! * means[i]!;
  const total = r.riskScale * risk.var - r.meanScale * meanPnl;
  const positions: PositionRisk[] = [];
  for (let i = 0; i < exposures.length; i++) {
    const x = exposures[i]!;
    const marginal = r.riskScale * risk.marginal[i]! - r.meanScale * means[i]!;
    const component = x * marginal;
    const without =
      risk.withoutVar === null
        ? null
        : r.riskScale * risk.withoutVar[i]! - r.meanScale * (meanPnl - x * means[i]!);
    positions.push({
      marginal,
      component,
      componentShare: total === 0 ? null : component / total,
      incremental: without === null ? null : total - without,
    });
  }
  return { var: total, es: r.riskScale * risk.es - r.meanScale * meanPnl, positions };
}

import type { PortfolioSummary } from '@fonrisk/contracts';

/** A fund as GET portfolios lists it, without holdings unless given (test fixture). */
export function portfolioSummary(
  code: string,
  overrides: Partial<PortfolioSummary> = {},
): PortfolioSummary {
  return {
    code,
    name: code,
    kind: 'fund',
    fundCategory: 'equity',
    currency: 'TRY',
    referenceBenchmarkCode: null,
    managementCompany: null,
    isDemo: false,
    retiredAt: null,
    firstDate: null,
    lastDate: null,
    dateCount: 0,
    ...overrides,
  };
}

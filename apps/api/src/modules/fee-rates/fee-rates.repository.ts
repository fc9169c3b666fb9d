import { eq, portfolioFeeRates, portfolios, type Executor } from '@fonrisk/db';
import type { PortfolioFeeRate } from '@fonrisk/contracts';

export async function portfolioExists(ex: Executor, code: string): Promise<boolean> {
  const [row] = await ex
    .select({ code: portfolios.code })
    .from(portfolios)
    .where(eq(portfolios.code, code));
  return row !== undefined;
}

/** The stored fee rate of a portfolio (annualFeeRatePct null when none is stored). */
export async function readFeeRate(ex: Executor, code: string): Promise<PortfolioFeeRate> {
  const [row] = await ex
    .select()
    .from(portfolioFeeRates)
    .where(eq(portfolioFeeRates.portfolioCode, code));
  return row
    ? {
        portfolioCode: code,
        annualFeeRatePct: row.annualFeeRatePct,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt.toISOString(),
        isDemo: row.isDemo,
      }
    : {
        portfolioCode: code,
        annualFeeRatePct: null,
        updatedBy: null,
        updatedAt: null,
        isDemo: false,
      };
}

export async function writeFeeRate(
  ex: Executor,
  code: string,
  annualFeeRatePct: number,
  updatedBy: string,
): Promise<void> {
  const values = { annualFeeRatePct, updatedBy, updatedAt: new Date(), isDemo: false };
  await ex
    .insert(portfolioFeeRates)
    .values({ portfolioCode: code, ...values })
    .onConflictDoUpdate({ target: portfolioFeeRates.portfolioCode, set: values });
}

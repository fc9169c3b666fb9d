import { z } from 'zod';
import { AnnualFeeRatePctSchema } from './analyses/performance-report.ts';

/**
 * The annual management fee rate stored for a fund (percent of NAV): the default of the
 * performance report's gross-of-fee add-back (SPK Rehber §8.3 c). Null when none is stored.
 */
export const PortfolioFeeRateSchema = z.object({
  portfolioCode: z.string(),
  annualFeeRatePct: z.number().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  isDemo: z.boolean(),
});
export type PortfolioFeeRate = z.infer<typeof PortfolioFeeRateSchema>;

/** PUT portfolios/{code}/fee-rate */
export const PutPortfolioFeeRateRequestSchema = z.object({
  annualFeeRatePct: AnnualFeeRatePctSchema,
});
export type PutPortfolioFeeRateRequest = z.infer<typeof PutPortfolioFeeRateRequestSchema>;

/** Where the fee rate of a performance report came from. */
export const FeeRateSourceSchema = z.enum(['input', 'stored']);
export type FeeRateSource = z.infer<typeof FeeRateSourceSchema>;
export const FEE_RATE_SOURCE_LABELS: Readonly<Record<FeeRateSource, string>> = {
  input: 'rapor formunda girilen oran',
  stored: 'fonun kayıtlı yönetim ücreti oranı',
};

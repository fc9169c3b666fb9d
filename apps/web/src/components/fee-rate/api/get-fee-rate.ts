import { queryOptions, useQuery } from '@tanstack/react-query';
import { PortfolioFeeRateSchema, type PortfolioFeeRate } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const feeRateKey = ['fee-rate'] as const;

/** GET portfolios/{code}/fee-rate: the fund's stored annual management fee rate (or null). */
export async function getFeeRate(code: string): Promise<PortfolioFeeRate> {
  return PortfolioFeeRateSchema.parse(
    await api.get<unknown>(`portfolios/${encodeURIComponent(code)}/fee-rate`),
  );
}

export const feeRateQuery = (code: string) =>
  queryOptions({ queryKey: [...feeRateKey, code], queryFn: () => getFeeRate(code) });

export function useFeeRate(code: string | null) {
  return useQuery({ ...feeRateQuery(code ?? ''), enabled: code !== null });
}

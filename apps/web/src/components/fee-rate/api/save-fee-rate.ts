import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PortfolioFeeRateSchema, type PortfolioFeeRate } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { feeRateKey } from './get-fee-rate.ts';

/** PUT portfolios/{code}/fee-rate: stores the fund's annual management fee rate. */
export async function saveFeeRate({
  code,
  annualFeeRatePct,
}: {
  code: string;
  annualFeeRatePct: number;
}): Promise<PortfolioFeeRate> {
  return PortfolioFeeRateSchema.parse(
    await api.put<unknown>(`portfolios/${encodeURIComponent(code)}/fee-rate`, { annualFeeRatePct }),
  );
}

export function useSaveFeeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFeeRate,
    onSuccess: () => client.invalidateQueries({ queryKey: feeRateKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TefasRiskValuesResultSchema,
  type TefasRiskValuesRequest,
  type TefasRiskValuesResult,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { tefasFundsKey } from './get-tefas-funds.ts';

/**
 * POST market-data/tefas/risk-values: today's official risk values of the funds from TEFAS; a
 * differing value already stored for today is reported in `changed` and kept unless accepted.
 */
export async function importRiskValues(
  request: TefasRiskValuesRequest,
): Promise<TefasRiskValuesResult> {
  return TefasRiskValuesResultSchema.parse(
    await api.post<unknown>('market-data/tefas/risk-values', request),
  );
}

export function useImportRiskValues() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importRiskValues,
    onSuccess: () => client.invalidateQueries({ queryKey: tefasFundsKey }),
  });
}

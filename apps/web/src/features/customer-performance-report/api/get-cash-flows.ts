import { queryOptions, useQuery } from '@tanstack/react-query';
import { CashFlowListSchema, type CashFlow } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const cashFlowsKey = ['cash-flows'] as const;

/** GET portfolios/{code}/cash-flows: the portfolio's stored cash-flow model, oldest first. */
export async function getCashFlows(code: string): Promise<CashFlow[]> {
  return CashFlowListSchema.parse(
    await api.get<unknown>(`portfolios/${encodeURIComponent(code)}/cash-flows`),
  ).items;
}

export function cashFlowsQuery(code: string) {
  return queryOptions({ queryKey: [...cashFlowsKey, code], queryFn: () => getCashFlows(code) });
}

export function useCashFlows(code: string | null) {
  return useQuery({ ...cashFlowsQuery(code ?? ''), enabled: code !== null });
}

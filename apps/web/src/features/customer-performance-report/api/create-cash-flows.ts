import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CashFlowListSchema, type CashFlow, type CreateCashFlowsRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { cashFlowsKey } from './get-cash-flows.ts';

/** POST portfolios/{code}/cash-flows: adds the flows, all or nothing. */
export async function createCashFlows({
  code,
  request,
}: {
  code: string;
  request: CreateCashFlowsRequest;
}): Promise<CashFlow[]> {
  return CashFlowListSchema.parse(
    await api.post<unknown>(`portfolios/${encodeURIComponent(code)}/cash-flows`, request),
  ).items;
}

export function useCreateCashFlows() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCashFlows,
    onSuccess: () => client.invalidateQueries({ queryKey: cashFlowsKey }),
  });
}

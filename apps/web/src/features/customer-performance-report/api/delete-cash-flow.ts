import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cashFlowsKey } from './get-cash-flows.ts';

/** DELETE portfolios/{code}/cash-flows/{id}. */
export async function deleteCashFlow({ code, id }: { code: string; id: number }): Promise<void> {
  await api.delete(`portfolios/${encodeURIComponent(code)}/cash-flows/${id}`);
}

export function useDeleteCashFlow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCashFlow,
    onSuccess: () => client.invalidateQueries({ queryKey: cashFlowsKey }),
  });
}

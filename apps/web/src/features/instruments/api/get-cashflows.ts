import { queryOptions, useQuery } from '@tanstack/react-query';
import { BondCashflowsSchema, type BondCashflows } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { instrumentsKey } from './get-instruments.ts';

/** GET instruments/{code}/cashflows?settlement=: remaining cash flows per 100 nominal, price and yield. */
export async function getCashflows(code: string, settlement: string): Promise<BondCashflows> {
  return BondCashflowsSchema.parse(
    await api.get<unknown>(`instruments/${encodeURIComponent(code)}/cashflows`, { settlement }),
  );
}

export const cashflowsQuery = (code: string, settlement: string) =>
  queryOptions({
    queryKey: [...instrumentsKey, code, 'cashflows', settlement],
    queryFn: () => getCashflows(code, settlement),
  });

export function useCashflows(code: string, settlement: string) {
  return useQuery({ ...cashflowsQuery(code, settlement), enabled: settlement !== '' });
}

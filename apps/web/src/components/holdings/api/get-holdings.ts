import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  HoldingViewSchema,
  HoldingsSnapshotSchema,
  type HoldingsSnapshot,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from './get-portfolios.ts';

// Loose rows: a column key the contract does not name still reaches the grid (shown unchanged).
const SnapshotSchema = HoldingsSnapshotSchema.extend({ rows: HoldingViewSchema.loose().array() });

/** GET portfolios/{code}/holdings?date=: the snapshot with weights of NAV (unified codes: combined). */
export async function getHoldings(code: string, date: string): Promise<HoldingsSnapshot> {
  return SnapshotSchema.parse(
    await api.get<unknown>(`portfolios/${encodeURIComponent(code)}/holdings`, { date }),
  );
}

export const holdingsQuery = (code: string, date: string) =>
  queryOptions({
    queryKey: [...portfoliosKey, code, 'holdings', date],
    queryFn: () => getHoldings(code, date),
  });

export function useHoldings(code: string | null, date: string | null) {
  return useQuery({
    ...holdingsQuery(code ?? '', date ?? ''),
    enabled: code !== null && date !== null,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { IsoDateSchema } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from './get-portfolios.ts';

/** GET portfolios/{code}/dates: the snapshot dates, newest first. */
export async function getPortfolioDates(code: string): Promise<string[]> {
  return IsoDateSchema.array().parse(
    await api.get<unknown>(`portfolios/${encodeURIComponent(code)}/dates`),
  );
}

export const portfolioDatesQuery = (code: string) =>
  queryOptions({
    queryKey: [...portfoliosKey, code, 'dates'],
    queryFn: () => getPortfolioDates(code),
  });

export function usePortfolioDates(code: string | null) {
  return useQuery({ ...portfolioDatesQuery(code ?? ''), enabled: code !== null });
}

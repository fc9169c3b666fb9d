import { queryOptions, useQuery } from '@tanstack/react-query';
import { SeriesValueSchema, type SeriesValue } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET series/{ticker}/values?from=&to=: the daily values in the range (both ends optional). */
export async function getSeriesValues(
  ticker: string,
  from: string | null,
  to: string | null,
): Promise<SeriesValue[]> {
  return SeriesValueSchema.array().parse(
    await api.get<unknown>(`series/${encodeURIComponent(ticker)}/values`, { from, to }),
  );
}

export const seriesValuesQuery = (ticker: string, from: string | null, to: string | null) =>
  queryOptions({
    queryKey: ['series', ticker, 'values', from ?? '', to ?? ''],
    queryFn: () => getSeriesValues(ticker, from, to),
  });

export function useSeriesValues(ticker: string, from: string | null, to: string | null) {
  return useQuery(seriesValuesQuery(ticker, from, to));
}

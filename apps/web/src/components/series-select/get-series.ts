import { queryOptions, useQuery } from '@tanstack/react-query';
import { SeriesSummarySchema, type SeriesSummary } from '@fonrisk/contracts';
import { api } from '../../lib/api-client.ts';

export type SeriesKind = SeriesSummary['kind'];

/** GET series?q=&kind=: market series matching a code or name. */
export async function getSeries(q: string, kind?: SeriesKind): Promise<SeriesSummary[]> {
  return SeriesSummarySchema.array().parse(
    await api.get<unknown>('series', { q: q === '' ? undefined : q, kind }),
  );
}

export const seriesQuery = (q: string, kind?: SeriesKind) =>
  queryOptions({
    queryKey: ['series', 'list', q, kind ?? 'all'],
    queryFn: () => getSeries(q, kind),
  });

export function useSeries(q: string, kind?: SeriesKind) {
  return useQuery(seriesQuery(q, kind));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SeriesQualitySchema,
  type MarketSeriesKind,
  type QualityFilter,
  type SeriesQuality,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET series/quality?kind=&filter=: gaps, stale runs, jumps and last date of every active series. */
export async function getSeriesQuality(
  kind: MarketSeriesKind | null,
  filter: QualityFilter | null,
): Promise<SeriesQuality[]> {
  return SeriesQualitySchema.array().parse(
    await api.get<unknown>('series/quality', { kind, filter }),
  );
}

export const seriesQualityQuery = (kind: MarketSeriesKind | null, filter: QualityFilter | null) =>
  queryOptions({
    queryKey: ['series', 'quality', kind ?? '', filter ?? ''],
    queryFn: () => getSeriesQuality(kind, filter),
  });

export function useSeriesQuality(kind: MarketSeriesKind | null, filter: QualityFilter | null) {
  return useQuery(seriesQualityQuery(kind, filter));
}

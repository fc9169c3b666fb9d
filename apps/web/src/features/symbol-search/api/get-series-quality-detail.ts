import { useQuery } from '@tanstack/react-query';
import { SeriesQualityDetailSchema, type SeriesQualityDetail } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET series/{ticker}/quality: the gap dates, stale runs and jumps of one series. */
export async function getSeriesQualityDetail(ticker: string): Promise<SeriesQualityDetail> {
  return SeriesQualityDetailSchema.parse(
    await api.get<unknown>(`series/${encodeURIComponent(ticker)}/quality`),
  );
}

export function useSeriesQualityDetail(ticker: string) {
  return useQuery({
    queryKey: ['series', ticker, 'quality'],
    queryFn: () => getSeriesQualityDetail(ticker),
  });
}

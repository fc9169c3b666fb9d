import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SeriesDetailSchema,
  type SeriesCreate,
  type SeriesDetail,
  type SeriesUpdate,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export type SaveSeriesInput =
  | { readonly isNew: true; readonly series: SeriesCreate }
  | { readonly isNew: false; readonly ticker: string; readonly series: SeriesUpdate };

/** POST series (new) or PUT series/{ticker} (edit, retire, reactivate). */
export async function saveSeries(input: SaveSeriesInput): Promise<SeriesDetail> {
  const saved = input.isNew
    ? await api.post<unknown>('series', input.series)
    : await api.put<unknown>(`series/${encodeURIComponent(input.ticker)}`, input.series);
  return SeriesDetailSchema.parse(saved);
}

export function useSaveSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSeries,
    onSuccess: () => client.invalidateQueries(),
  });
}

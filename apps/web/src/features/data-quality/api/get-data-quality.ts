import { useQuery } from '@tanstack/react-query';
import { DataQualityResponseSchema, type DataQualityResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const dataQualityKey = ['data-quality'] as const;

/** GET data-quality: every fund's missing data on "today", the runs since yesterday, open breaches. */
export async function getDataQuality(): Promise<DataQualityResponse> {
  return DataQualityResponseSchema.parse(await api.get<unknown>('data-quality'));
}

export function useDataQuality(enabled = true) {
  return useQuery({ queryKey: dataQualityKey, queryFn: getDataQuality, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReferenceBenchmarkSchema, type ReferenceBenchmark } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/** GET reference-benchmarks: each fund with its reference benchmark (or none). */
export async function getReferenceBenchmarks(): Promise<ReferenceBenchmark[]> {
  return ReferenceBenchmarkSchema.array().parse(await api.get<unknown>('reference-benchmarks'));
}

export const referenceBenchmarksQuery = queryOptions({
  queryKey: [...benchmarksKey, 'references'],
  queryFn: getReferenceBenchmarks,
});

export function useReferenceBenchmarks() {
  return useQuery(referenceBenchmarksQuery);
}

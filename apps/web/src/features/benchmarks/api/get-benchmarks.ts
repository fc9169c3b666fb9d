import { queryOptions, useQuery } from '@tanstack/react-query';
import { BenchmarkSchema, type Benchmark } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const benchmarksKey = ['benchmarks'] as const;

/** GET benchmarks: composite and holdings-based benchmarks. */
export async function getBenchmarks(): Promise<Benchmark[]> {
  return BenchmarkSchema.array().parse(await api.get<unknown>('benchmarks'));
}

export const benchmarksQuery = queryOptions({
  queryKey: [...benchmarksKey, 'list'],
  queryFn: getBenchmarks,
});

export function useBenchmarks() {
  return useQuery(benchmarksQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { BenchmarkSchema, type Benchmark } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET benchmarks, only the holdings-based ones (those with holdings to compare against). */
export async function getHoldingsBenchmarks(): Promise<Benchmark[]> {
  const all = BenchmarkSchema.array().parse(await api.get<unknown>('benchmarks'));
  return all.filter((b) => b.kind === 'holdings');
}

export const holdingsBenchmarksQuery = queryOptions({
  queryKey: ['benchmarks', 'holdings'] as const,
  queryFn: getHoldingsBenchmarks,
});

export function useHoldingsBenchmarks() {
  return useQuery(holdingsBenchmarksQuery);
}

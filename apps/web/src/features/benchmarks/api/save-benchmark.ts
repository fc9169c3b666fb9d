import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BenchmarkSchema, type Benchmark, type BenchmarkRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/** POST benchmarks (new) or PUT benchmarks/{code} (edit). */
export async function saveBenchmark({
  request,
  isNew,
}: {
  request: BenchmarkRequest;
  isNew: boolean;
}): Promise<Benchmark> {
  const saved = isNew
    ? await api.post<unknown>('benchmarks', request)
    : await api.put<unknown>(`benchmarks/${encodeURIComponent(request.code)}`, request);
  return BenchmarkSchema.parse(saved);
}

export function useSaveBenchmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBenchmark,
    onSuccess: () => client.invalidateQueries({ queryKey: benchmarksKey }),
  });
}

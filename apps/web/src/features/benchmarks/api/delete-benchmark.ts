import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/** DELETE benchmarks/{code}. */
export async function deleteBenchmark(code: string): Promise<void> {
  await api.delete(`benchmarks/${encodeURIComponent(code)}`);
}

export function useDeleteBenchmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBenchmark,
    onSuccess: () => client.invalidateQueries({ queryKey: benchmarksKey }),
  });
}

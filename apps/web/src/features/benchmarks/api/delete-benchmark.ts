import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/** DELETE benchmarks/{code}; the list and the other benchmarks' returns are refetched. */
export async function deleteBenchmark(code: string): Promise<void> {
  await api.delete(`benchmarks/${encodeURIComponent(code)}`);
}

export function useDeleteBenchmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBenchmark,
    // The deleted benchmark's return series is left out: refetching it would only answer 404
    // (and toast it) while the screen still shows its panel.
    onSuccess: (_, code) =>
      client.invalidateQueries({
        queryKey: benchmarksKey,
        predicate: (query) => !(query.queryKey[1] === code && query.queryKey[2] === 'returns'),
      }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/** PUT reference-benchmarks/{portfolioCode} { benchmarkCode } (null removes the assignment). */
export async function saveReferenceBenchmark({
  portfolioCode,
  benchmarkCode,
}: {
  portfolioCode: string;
  benchmarkCode: string | null;
}): Promise<void> {
  await api.put<unknown>(`reference-benchmarks/${encodeURIComponent(portfolioCode)}`, {
    benchmarkCode,
  });
}

export function useSaveReferenceBenchmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReferenceBenchmark,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: benchmarksKey });
      await client.invalidateQueries({ queryKey: ['portfolios'] });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { BenchmarkReturnsSchema, type BenchmarkReturns } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { benchmarksKey } from './get-benchmarks.ts';

/**
 * GET benchmarks/{code}/returns?from=&to=: daily returns and the index (100 on `from`), and for a
 * holdings benchmark the instruments carried at a zero return (`unmapped`).
 */
export async function getBenchmarkReturns(
  code: string,
  from: string,
  to: string,
): Promise<BenchmarkReturns> {
  return BenchmarkReturnsSchema.parse(
    await api.get<unknown>(`benchmarks/${encodeURIComponent(code)}/returns`, { from, to }),
  );
}

export const benchmarkReturnsQuery = (code: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...benchmarksKey, code, 'returns', from, to],
    queryFn: () => getBenchmarkReturns(code, from, to),
  });

export function useBenchmarkReturns(code: string, from: string, to: string) {
  return useQuery(benchmarkReturnsQuery(code, from, to));
}

import { useQuery } from '@tanstack/react-query';
import { DerivedValueSchema, type DerivedValue } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET series/{ticker}/derived?from=&to=: raw, adjusted and total-return values side by side. */
export async function getDerivedValues(
  ticker: string,
  from: string | null,
  to: string | null,
): Promise<DerivedValue[]> {
  return DerivedValueSchema.array().parse(
    await api.get<unknown>(`series/${encodeURIComponent(ticker)}/derived`, { from, to }),
  );
}

export function useDerivedValues(ticker: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['series', ticker, 'derived', from ?? '', to ?? ''],
    queryFn: () => getDerivedValues(ticker, from, to),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchResultSchema, type SearchResult } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET search?q=: instruments and series whose code, ISIN or name match (at most 50 each). */
export async function searchSymbols(q: string): Promise<SearchResult> {
  return SearchResultSchema.parse(await api.get<unknown>('search', { q }));
}

export const searchQuery = (q: string) =>
  queryOptions({ queryKey: ['search', q], queryFn: () => searchSymbols(q) });

/** Searches once the text has at least two characters. */
export function useSymbolSearch(q: string) {
  return useQuery({ ...searchQuery(q.trim()), enabled: q.trim().length >= 2 });
}

import { queryOptions, useQueries } from '@tanstack/react-query';
import { InstrumentSchema, type Instrument, type InstrumentMainType } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const instrumentsKey = ['instruments'] as const;

/** GET instruments?mainType=&limit=: the instrument master of one main type (at most 1000). */
export async function getInstruments(mainType: InstrumentMainType): Promise<Instrument[]> {
  return InstrumentSchema.array().parse(
    await api.get<unknown>('instruments', { mainType, limit: 1000 }),
  );
}

export const instrumentsQuery = (mainType: InstrumentMainType) =>
  queryOptions({
    queryKey: [...instrumentsKey, mainType],
    queryFn: () => getInstruments(mainType),
  });

/** The instruments of several main types (one screen's kinds), merged and sorted by code. */
export function useInstrumentsOfTypes(mainTypes: readonly InstrumentMainType[]) {
  return useQueries({
    queries: mainTypes.map((t) => instrumentsQuery(t)),
    combine: (results) => ({
      data: results.flatMap((r) => r.data ?? []).sort((a, b) => a.code.localeCompare(b.code, 'tr')),
      isError: results.some((r) => r.isError),
      isSuccess: results.every((r) => r.isSuccess),
    }),
  });
}

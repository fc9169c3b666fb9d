import { queryOptions, useQueries } from '@tanstack/react-query';
import {
  InstrumentSchema,
  TERMS_KIND_BY_MAIN_TYPE,
  type Instrument,
  type InstrumentMainType,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** The main types whose terms are bond terms (the instrument master's bond screens). */
export const BOND_MAIN_TYPES = (
  Object.keys(TERMS_KIND_BY_MAIN_TYPE) as InstrumentMainType[]
).filter((t) => TERMS_KIND_BY_MAIN_TYPE[t] === 'bond');

/** GET instruments?mainType=&limit=: the bonds of one main type of the instrument master. */
export async function getBondInstruments(mainType: InstrumentMainType): Promise<Instrument[]> {
  return InstrumentSchema.array().parse(
    await api.get<unknown>('instruments', { mainType, limit: 1000 }),
  );
}

const bondInstrumentsQuery = (mainType: InstrumentMainType) =>
  queryOptions({
    queryKey: ['instruments', mainType],
    queryFn: () => getBondInstruments(mainType),
  });

/** Every bond of the instrument master with bond terms, sorted by code. */
export function useBondInstruments() {
  return useQueries({
    queries: BOND_MAIN_TYPES.map((t) => bondInstrumentsQuery(t)),
    combine: (results) =>
      results
        .flatMap((r) => r.data ?? [])
        .filter((i) => i.terms.kind === 'bond')
        .sort((a, b) => a.code.localeCompare(b.code, 'tr')),
  });
}

import { useQueries } from '@tanstack/react-query';
import { TERMS_KIND_BY_MAIN_TYPE, type InstrumentMainType } from '@fonrisk/contracts';
import { instrumentsOfTypeQuery } from '../../../components/instruments/api/get-instruments-of-type.ts';

/** The main types whose terms are bond terms (the instrument master's bond screens). */
export const BOND_MAIN_TYPES = (
  Object.keys(TERMS_KIND_BY_MAIN_TYPE) as InstrumentMainType[]
).filter((t) => TERMS_KIND_BY_MAIN_TYPE[t] === 'bond');

/** Every bond of the instrument master with bond terms, sorted by code. */
export function useBondInstruments() {
  return useQueries({
    queries: BOND_MAIN_TYPES.map((t) => instrumentsOfTypeQuery(t)),
    combine: (results) =>
      results
        .flatMap((r) => r.data ?? [])
        .filter((i) => i.terms.kind === 'bond')
        .sort((a, b) => a.code.localeCompare(b.code, 'tr')),
  });
}

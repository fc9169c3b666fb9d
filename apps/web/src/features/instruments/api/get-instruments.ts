import { useQueries } from '@tanstack/react-query';
import type { InstrumentMainType } from '@fonrisk/contracts';
import {
  instrumentsKey,
  instrumentsOfTypeQuery,
} from '../../../components/instruments/api/get-instruments-of-type.ts';

export { instrumentsKey };

/** The instruments of several main types (one screen's kinds), merged and sorted by code. */
export function useInstrumentsOfTypes(mainTypes: readonly InstrumentMainType[]) {
  return useQueries({
    queries: mainTypes.map((t) => instrumentsOfTypeQuery(t)),
    combine: (results) => ({
      data: results.flatMap((r) => r.data ?? []).sort((a, b) => a.code.localeCompare(b.code, 'tr')),
      isError: results.some((r) => r.isError),
      isSuccess: results.every((r) => r.isSuccess),
    }),
  });
}

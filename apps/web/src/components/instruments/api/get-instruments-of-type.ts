import { queryOptions } from '@tanstack/react-query';
import {
  INSTRUMENT_PAGE_MAX,
  InstrumentSchema,
  type Instrument,
  type InstrumentMainType,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const instrumentsKey = ['instruments'] as const;

/**
 * Every instrument of one main type, by code: GET instruments?mainType=&limit=&offset= page by
 * page until a page comes back short, so that a house with more than one page of a type (1,303
 * shares in the night bench's house) sees them all, not the first thousand (decision 0130).
 */
export async function getInstrumentsOfType(mainType: InstrumentMainType): Promise<Instrument[]> {
  const all: Instrument[] = [];
  for (;;) {
    const page = InstrumentSchema.array().parse(
      await api.get<unknown>('instruments', {
        mainType,
        limit: INSTRUMENT_PAGE_MAX,
        offset: all.length,
      }),
    );
    all.push(...page);
    if (page.length < INSTRUMENT_PAGE_MAX) return all;
  }
}

/** The query of one main type's instruments (shared by every screen that lists them). */
export const instrumentsOfTypeQuery = (mainType: InstrumentMainType) =>
  queryOptions({
    queryKey: [...instrumentsKey, mainType],
    queryFn: () => getInstrumentsOfType(mainType),
  });

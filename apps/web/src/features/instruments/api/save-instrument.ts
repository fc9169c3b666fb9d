import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstrumentSchema, type Instrument } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { instrumentsKey } from './get-instruments.ts';

/** POST instruments (new) or PUT instruments/{code} (edit); observers are refused by the API. */
export async function saveInstrument({
  instrument,
  isNew,
}: {
  instrument: Instrument;
  isNew: boolean;
}): Promise<Instrument> {
  const saved = isNew
    ? await api.post<unknown>('instruments', instrument)
    : await api.put<unknown>(`instruments/${encodeURIComponent(instrument.code)}`, instrument);
  return InstrumentSchema.parse(saved);
}

export function useSaveInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveInstrument,
    onSuccess: () => client.invalidateQueries({ queryKey: instrumentsKey }),
  });
}

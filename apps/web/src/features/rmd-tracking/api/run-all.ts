import { useMutation } from '@tanstack/react-query';
import { RmdRunAllResponseSchema, type RmdRunAllResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST rmd-tracking/run-all: one VaR run per fund on its latest holdings date, queued now. */
export async function runAllRmd(asOfDate?: string): Promise<RmdRunAllResponse> {
  return RmdRunAllResponseSchema.parse(
    await api.post<unknown>('rmd-tracking/run-all', asOfDate === undefined ? {} : { asOfDate }),
  );
}

export function useRunAllRmd() {
  return useMutation({ mutationFn: () => runAllRmd() });
}

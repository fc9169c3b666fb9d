import { useQuery } from '@tanstack/react-query';
import { CorporateActionViewSchema, type CorporateActionView } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const corporateActionsKey = ['corporate-actions'] as const;

/** GET corporate-actions?instrumentCode=: the actions of one instrument (all when null). */
export async function getCorporateActions(
  instrumentCode: string | null,
): Promise<CorporateActionView[]> {
  return CorporateActionViewSchema.array().parse(
    await api.get<unknown>('corporate-actions', { instrumentCode }),
  );
}

export function useCorporateActions(instrumentCode: string | null) {
  return useQuery({
    queryKey: [...corporateActionsKey, instrumentCode ?? ''],
    queryFn: () => getCorporateActions(instrumentCode),
  });
}

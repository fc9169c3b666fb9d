import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CorporateActionViewSchema,
  type CorporateActionInput,
  type CorporateActionView,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST corporate-actions (new) or PUT corporate-actions/{id}; the series are rebuilt. */
export async function saveCorporateAction({
  id,
  action,
}: {
  id: number | null;
  action: CorporateActionInput;
}): Promise<CorporateActionView> {
  const saved =
    id === null
      ? await api.post<unknown>('corporate-actions', action)
      : await api.put<unknown>(`corporate-actions/${id}`, action);
  return CorporateActionViewSchema.parse(saved);
}

export function useSaveCorporateAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCorporateAction,
    // The adjusted and total-return series change with the action.
    onSuccess: () => client.invalidateQueries(),
  });
}

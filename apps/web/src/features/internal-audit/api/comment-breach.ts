import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BreachDetailSchema, type BreachDetail } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { breachesKey } from './get-breaches.ts';

/** POST internal-audit/breaches/{id}/comments: adds a comment with the user and time. */
export async function commentBreach({
  id,
  text,
}: {
  id: number;
  text: string;
}): Promise<BreachDetail> {
  return BreachDetailSchema.parse(
    await api.post<unknown>(`internal-audit/breaches/${id}/comments`, { text }),
  );
}

export function useCommentBreach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commentBreach,
    onSuccess: () => client.invalidateQueries({ queryKey: breachesKey }),
  });
}

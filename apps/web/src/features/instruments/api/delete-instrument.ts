import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { instrumentsKey } from './get-instruments.ts';

/** DELETE instruments/{code}; 409 when a portfolio holds it. */
export async function deleteInstrument(code: string): Promise<void> {
  await api.delete(`instruments/${encodeURIComponent(code)}`);
}

export function useDeleteInstrument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInstrument,
    onSuccess: () => client.invalidateQueries({ queryKey: instrumentsKey }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST Authorization/ChangePassword: the signed-in user's own password. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await api.post<unknown>('Authorization/ChangePassword', request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

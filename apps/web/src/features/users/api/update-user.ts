import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSchema, type UpdateUserRequest, type User } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** PUT Authorization/Users/{id}: full name, role and active flag (deactivation is active=false). */
export async function updateUser({
  id,
  ...request
}: UpdateUserRequest & { readonly id: number }): Promise<User> {
  return UserSchema.parse(await api.put<unknown>(`Authorization/Users/${id}`, request));
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

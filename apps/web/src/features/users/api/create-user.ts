import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSchema, type CreateUserRequest, type User } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST Authorization/Users: a new user with role and modules. */
export async function createUser(request: CreateUserRequest): Promise<User> {
  return UserSchema.parse(await api.post<unknown>('Authorization/Users', request));
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

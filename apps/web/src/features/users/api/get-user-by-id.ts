import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserSchema, type User } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET Authorization/UserListById?Id=: one user (Admin, Super Admin, or the user itself). */
export async function getUserById(id: number): Promise<User> {
  return UserSchema.parse(await api.get<unknown>('Authorization/UserListById', { Id: id }));
}

export const userByIdQuery = (id: number) =>
  queryOptions({ queryKey: ['users', 'byId', id], queryFn: () => getUserById(id) });

export function useUserById(id: number | null) {
  return useQuery({ ...userByIdQuery(id ?? 0), enabled: id !== null });
}

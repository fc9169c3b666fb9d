import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserSchema, type User } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const usersKey = ['users', 'list'] as const;

/** GET Authorization/Users: every user (Admin and Super Admin; silent on failure). */
export async function getUsers(): Promise<User[]> {
  return UserSchema.array().parse(await api.get<unknown>('Authorization/Users'));
}

export const usersQuery = queryOptions({ queryKey: usersKey, queryFn: getUsers });

export function useUsers(enabled: boolean) {
  return useQuery({ ...usersQuery, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserModulesSchema, type UserModules } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export const usersModuleKey = ['modules', 'all'] as const;

/** GET Authorization/GetUsersModule: every user's modules (Admin and Super Admin; silent on failure). */
export async function getUsersModule(): Promise<UserModules[]> {
  return UserModulesSchema.array().parse(await api.get<unknown>('Authorization/GetUsersModule'));
}

export const usersModuleQuery = queryOptions({ queryKey: usersModuleKey, queryFn: getUsersModule });

export function useUsersModule(enabled: boolean) {
  return useQuery({ ...usersModuleQuery, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserModulesSchema, type UserModules } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET Authorization/UserModul?Id=: one user's modules (Admin, Super Admin, or the user itself). */
export async function getUserModule(id: number): Promise<UserModules> {
  return UserModulesSchema.parse(await api.get<unknown>('Authorization/UserModul', { Id: id }));
}

export const userModuleQuery = (id: number) =>
  queryOptions({ queryKey: ['modules', 'user', id], queryFn: () => getUserModule(id) });

export function useUserModule(id: number | null) {
  return useQuery({ ...userModuleQuery(id ?? 0), enabled: id !== null });
}

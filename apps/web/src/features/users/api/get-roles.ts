import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRole, type Role } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export interface RoleOption {
  readonly name: Role;
  readonly label: string;
}

/** GET Authorization/Roles: the four roles with their Turkish labels (silent on failure). */
export async function getRoles(): Promise<RoleOption[]> {
  const data = await api.get<unknown>('Authorization/Roles');
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: unknown) => {
    const { name, label } = (item ?? {}) as { name?: unknown; label?: unknown };
    return isRole(name) && typeof label === 'string' ? [{ name, label }] : [];
  });
}

export const rolesQuery = queryOptions({
  queryKey: ['users', 'roles'],
  queryFn: getRoles,
  staleTime: Infinity,
});

export function useRoles() {
  return useQuery(rolesQuery);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserModulesSchema, type ModuleNumber, type UserModules } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** PUT Authorization/UserModul?Id=: replaces a user's modules (Admin and Super Admin). */
export async function updateUserModule(input: {
  readonly id: number;
  readonly modules: readonly ModuleNumber[];
}): Promise<UserModules> {
  return UserModulesSchema.parse(
    await api.put<unknown>('Authorization/UserModul', { modules: input.modules }, { Id: input.id }),
  );
}

export function useUpdateUserModule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserModule,
    onSuccess: () => client.invalidateQueries({ queryKey: ['modules'] }),
  });
}

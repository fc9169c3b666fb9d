import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_PATHS } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, templatesKey } from './report-cache.ts';

/** DELETE report-templates/{id} (the shipped ones are refused by the API). */
export async function deleteTemplate(id: number): Promise<void> {
  await api.delete(apiPath(REPORT_PATHS.template, { id }));
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

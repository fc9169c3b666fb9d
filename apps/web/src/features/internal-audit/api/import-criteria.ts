import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CriteriaImportResponseSchema, type CriteriaImportResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { criteriaKey } from './get-criteria.ts';

/** POST internal-audit/criteria/import: a .json or .xlsx criteria set, all or nothing. */
export async function importCriteria(file: File): Promise<CriteriaImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return CriteriaImportResponseSchema.parse(
    await api.postForm<unknown>('internal-audit/criteria/import', form),
  );
}

export function useImportCriteria() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importCriteria,
    onSuccess: () => client.invalidateQueries({ queryKey: criteriaKey }),
  });
}

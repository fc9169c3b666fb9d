import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CriteriaImportResponseSchema,
  type CriteriaImportResponse,
  type NumberFormat,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { criteriaKey } from './get-criteria.ts';

export interface CriteriaImportInput {
  readonly file: File;
  /** Accepts the number cells the file writes ambiguously (after the user saw both readings). */
  readonly acceptWarnings: boolean;
  /** How the ambiguous numbers are written, as the user chose on the confirmation (decision 0069). */
  readonly numberFormat?: NumberFormat;
}

/**
 * POST internal-audit/criteria/import?acceptWarnings=&numberFormat= : a .json or .xlsx criteria
 * set, all or nothing; 409 `ambiguousNumbers` until the ambiguous readings are accepted.
 */
export async function importCriteria({
  file,
  acceptWarnings,
  numberFormat,
}: CriteriaImportInput): Promise<CriteriaImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return CriteriaImportResponseSchema.parse(
    await api.postForm<unknown>('internal-audit/criteria/import', form, {
      acceptWarnings: String(acceptWarnings),
      ...(numberFormat === undefined ? {} : { numberFormat }),
    }),
  );
}

export function useImportCriteria() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importCriteria,
    onSuccess: () => client.invalidateQueries({ queryKey: criteriaKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_PATHS,
  ReportTemplateSchema,
  type ReportTemplate,
  type ReportTemplateInput,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, templatesKey } from './report-cache.ts';

/** POST report-templates (new) or PUT report-templates/{id}. */
export async function saveTemplate({
  id,
  request,
}: {
  id: number | null;
  request: ReportTemplateInput;
}): Promise<ReportTemplate> {
  const saved =
    id === null
      ? await api.post<unknown>(apiPath(REPORT_PATHS.templates), request)
      : await api.put<unknown>(apiPath(REPORT_PATHS.template, { id }), request);
  return ReportTemplateSchema.parse(saved);
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

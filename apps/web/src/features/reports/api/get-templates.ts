import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, ReportTemplateSchema, type ReportTemplate } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { apiPath, templatesKey } from './report-cache.ts';

/** GET report-templates: the shipped templates and the users' own. */
export async function getTemplates(): Promise<ReportTemplate[]> {
  return ReportTemplateSchema.array().parse(
    await api.get<unknown>(apiPath(REPORT_PATHS.templates)),
  );
}

export const templatesQuery = queryOptions({ queryKey: templatesKey, queryFn: getTemplates });

export function useTemplates() {
  return useQuery(templatesQuery);
}

import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, type ReportTemplateInput } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';
import { apiPath } from './report-cache.ts';

/** POST report-templates/preview: the template as it stands (saved or not), rendered on a demo fund. */
export async function previewTemplate(request: ReportTemplateInput): Promise<DownloadedFile> {
  return api.postReport(apiPath(REPORT_PATHS.templatePreview), request);
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate });
}

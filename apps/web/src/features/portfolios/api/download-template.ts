import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@fonrisk/contracts';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

export type TemplateFormat = 'xlsx' | 'csv';

/** GET imports/templates/{kind}?format=: the upload template, downloaded by the browser. */
export async function downloadTemplate({
  kind,
  format,
}: {
  kind: ImportKind;
  format: TemplateFormat;
}): Promise<DownloadedFile> {
  return api.getFile(`imports/templates/${kind}`, { format });
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}

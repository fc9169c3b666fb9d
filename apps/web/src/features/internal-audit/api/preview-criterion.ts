import { useQuery } from '@tanstack/react-query';
import {
  CriterionPreviewResponseSchema,
  type CriterionPreviewRequest,
  type CriterionPreviewResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST internal-audit/criteria/preview: the rule's value on a portfolio and date, not saved. */
export async function previewCriterion(
  request: CriterionPreviewRequest,
): Promise<CriterionPreviewResponse> {
  return CriterionPreviewResponseSchema.parse(
    await api.post<unknown>('internal-audit/criteria/preview', request),
  );
}

/** Re-evaluated whenever the (valid) rule, portfolio or date changes while editing. */
export function useCriterionPreview(request: CriterionPreviewRequest | null) {
  return useQuery({
    queryKey: ['internal-audit', 'preview', request],
    queryFn: () => previewCriterion(request!),
    enabled: request !== null,
    retry: false,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PortfolioSummarySchema,
  type PortfolioSummary,
  type UpdatePortfolioRequest,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';
import { portfoliosKey } from '../../../components/holdings/api/get-portfolios.ts';

/** PUT portfolios/{code}: edit every field but the code; `retired` retires or reactivates. */
export async function updatePortfolio({
  code,
  ...body
}: UpdatePortfolioRequest & { code: string }): Promise<PortfolioSummary> {
  return PortfolioSummarySchema.parse(
    await api.put<unknown>(`portfolios/${encodeURIComponent(code)}`, body),
  );
}

export function useUpdatePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePortfolio,
    onSuccess: () => client.invalidateQueries({ queryKey: portfoliosKey }),
  });
}

import { useQuery } from '@tanstack/react-query';
import {
  RmdHistoryResponseSchema,
  RmdTrackingResponseSchema,
  type RmdHistoryResponse,
  type RmdTrackingResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET rmd-tracking: the latest VaR figure of every portfolio with its limit state. */
export async function getRmdTracking(): Promise<RmdTrackingResponse> {
  return RmdTrackingResponseSchema.parse(await api.get<unknown>('rmd-tracking'));
}

/** GET rmd-tracking/{code}/history: the portfolio's VaR % of NAV and limit over time. */
export async function getRmdHistory(code: string): Promise<RmdHistoryResponse> {
  return RmdHistoryResponseSchema.parse(
    await api.get<unknown>(`rmd-tracking/${encodeURIComponent(code)}/history`),
  );
}

export function useRmdTracking() {
  return useQuery({ queryKey: ['rmd-tracking'], queryFn: getRmdTracking });
}

export function useRmdHistory(code: string | null) {
  return useQuery({
    queryKey: ['rmd-tracking', code, 'history'],
    queryFn: () => getRmdHistory(code ?? ''),
    enabled: code !== null,
  });
}

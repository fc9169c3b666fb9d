import { useQuery } from '@tanstack/react-query';
import { VarChangeResponseSchema, type VarChangeResponse } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

export interface VarChangeRequest {
  readonly portfolioCode: string;
  /** The earlier holdings date; the API takes the one before `to` when omitted. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** GET var-change: why the fund's VaR moved between two holdings dates (four parts). */
export async function getVarChange(r: VarChangeRequest): Promise<VarChangeResponse> {
  // A failure toasts the problem's Turkish detail (a GET with parameters) and the section says it too.
  return VarChangeResponseSchema.parse(
    await api.get<unknown>('var-change', {
      portfolioCode: r.portfolioCode,
      from: r.from,
      to: r.to,
    }),
  );
}

export function useVarChange(r: VarChangeRequest) {
  return useQuery({
    queryKey: ['var-change', r.portfolioCode, r.from ?? null, r.to ?? null],
    queryFn: () => getVarChange(r),
    staleTime: 60_000,
    retry: false,
  });
}

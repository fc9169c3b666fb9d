import { useMutation } from '@tanstack/react-query';
import {
  PreTradeResponseSchema,
  type PreTradeRequestBody,
  type PreTradeResponse,
} from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST pre-trade-check: the fund's limits before and after the proposed trades, and the headroom. */
export async function preTradeCheck(body: PreTradeRequestBody): Promise<PreTradeResponse> {
  return PreTradeResponseSchema.parse(await api.post<unknown>('pre-trade-check', body));
}

export function usePreTradeCheck() {
  return useMutation({ mutationFn: preTradeCheck });
}

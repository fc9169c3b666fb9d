import type { PreTradeRequest, PreTradeResponse } from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import { preTradeCheck, TradeRowError } from '@fonrisk/worker';
import { PreTradeInputError } from './pre-trade.errors.ts';

/** The pre-trade check (decision 0064): computed at once, nothing stored. */
export function createPreTradeService(db: Database) {
  return {
    async check(request: PreTradeRequest): Promise<PreTradeResponse> {
      try {
        return await preTradeCheck(db, request);
      } catch (error) {
        if (error instanceof TradeRowError)
          throw new PreTradeInputError(error.message, [
            {
              field: `trades.${String(error.row - 1)}.${error.field}`,
              row: error.row,
              message: error.message,
            },
          ]);
        if (error instanceof Error && error.name === 'AnalysisInputError')
          throw new PreTradeInputError(error.message);
        throw error;
      }
    },
  };
}

export type PreTradeService = ReturnType<typeof createPreTradeService>;

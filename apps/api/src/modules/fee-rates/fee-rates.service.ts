import type { Database } from '@fonrisk/db';
import type { PortfolioFeeRate, TokenClaims } from '@fonrisk/contracts';
import { recordAudit } from '../audit/audit.repository.ts';
import { FeeRatePortfolioNotFoundError } from './fee-rates.errors.ts';
import { portfolioExists, readFeeRate, writeFeeRate } from './fee-rates.repository.ts';

export type FeeRatesService = ReturnType<typeof createFeeRatesService>;

/** The stored annual management fee rate of funds (issue 13): read and set, audited. */
export function createFeeRatesService(db: Database) {
  async function mustExist(code: string): Promise<void> {
    if (!(await portfolioExists(db, code))) throw new FeeRatePortfolioNotFoundError(code);
  }
  return {
    async get(code: string): Promise<PortfolioFeeRate> {
      await mustExist(code);
      return readFeeRate(db, code);
    },
    async set(
      actor: TokenClaims,
      code: string,
      annualFeeRatePct: number,
    ): Promise<PortfolioFeeRate> {
      await mustExist(code);
      return db.transaction(async (tx) => {
        const before = await readFeeRate(tx, code);
        await writeFeeRate(tx, code, annualFeeRatePct, actor.fullName);
        const after = await readFeeRate(tx, code);
        await recordAudit(tx, {
          actor: { userId: actor.userId, username: actor.fullName },
          action: 'fee-rate.update',
          entity: 'portfolio',
          entityId: code,
          before: before.annualFeeRatePct === null ? null : before,
          after,
        });
        return after;
      });
    },
  };
}

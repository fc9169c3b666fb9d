// 'leverage': commitment and gross exposure of derivative positions per portfolio on a date.
import type { LeverageInputs, LeveragePortfolio, LeverageResult } from '@fonrisk/contracts';
import { LEVERAGE_COLUMNS, LIMIT_STATUS_LABELS } from '@fonrisk/contracts';
import { RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { loadVarSettings } from '../data/load.ts';
import { portfolioOnDate } from '../data/portfolio-on-date.ts';
import { VOL_WINDOW, derivativeLinesOf, leverageLimitOf, leverageOf } from './commitment.ts';

async function runLeverage(
  ctx: RunContext<LeverageInputs>,
): Promise<{ result: LeverageResult; dataSnapshot: Record<string, unknown> }> {
  const settings = await loadVarSettings(ctx.db);
  ctx.bundle.recordSettings(settings);
  const hedges = new Set(ctx.inputs.hedgeInstrumentCodes ?? []);
  const out: LeveragePortfolio[] = [];
  const holdingsDates: Record<string, string> = {};
  for (const [k, code] of ctx.inputs.portfolioCodes.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(
      k / ctx.inputs.portfolioCodes.length,
      `${code} portföyünün türev pozisyonları hesaplanıyor`,
    );
    const { ref, snapshot, market } = await portfolioOnDate(
      ctx.db,
      code,
      ctx.inputs.asOfDate,
      VOL_WINDOW + 1,
    );
    holdingsDates[code] = snapshot.date;
    ctx.bundle.recordHoldings(code, snapshot.date, snapshot.nav, snapshot.positions);
    ctx.bundle.recordMarket(market);
    const { lines, spots } = derivativeLinesOf(
      snapshot.positions,
      market,
      snapshot.date,
      hedges,
      code,
    );
    const limitPct = leverageLimitOf(settings, code);
    out.push({
      portfolioCode: code,
      portfolioName: ref.name,
      asOfDate: snapshot.date,
      ...leverageOf(lines, spots, snapshot.nav, limitPct, settings, snapshot.date),
    });
  }
  await ctx.progress(1, 'Kaldıraç analizi tamamlandı');
  const result: LeverageResult = {
    asOfDate: ctx.inputs.asOfDate,
    portfolios: out,
    tables: {
      summary: {
        title: 'Kaldıraç Özeti',
        columns: LEVERAGE_COLUMNS.summary,
        rows: out.map(({ positions: _p, netting: _n, ...r }) => ({
          ...r,
          statusLabel: LIMIT_STATUS_LABELS[r.status],
        })),
      },
      positions: {
        title: 'Türev Pozisyonları',
        columns: LEVERAGE_COLUMNS.positions,
        rows: out.flatMap((p) =>
          p.positions.map((x) => ({
            portfolioCode: p.portfolioCode,
            ...x,
            hedgeLabel: x.hedge ? 'Evet' : 'Hayır',
          })),
        ),
      },
      netting: {
        title: 'Netleştirme (Aynı Dayanak)',
        columns: LEVERAGE_COLUMNS.netting,
        rows: out.flatMap((p) => p.netting.map((g) => ({ portfolioCode: p.portfolioCode, ...g }))),
      },
    },
  };
  return { result, dataSnapshot: { holdingsDates } };
}

export const leverageHandler: AnalysisHandler<'leverage'> = { run: runLeverage };

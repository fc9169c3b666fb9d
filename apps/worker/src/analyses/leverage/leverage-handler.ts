// 'leverage': commitment and gross exposure of derivative positions per portfolio on a date.
import type { LeverageInputs, LeveragePortfolio, LeverageResult } from '@fonrisk/contracts';
import { LEVERAGE_COLUMNS, LIMIT_STATUS_LABELS } from '@fonrisk/contracts';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { loadVarSettings } from '../data/load.ts';
import { portfolioOnDate } from '../data/portfolio-on-date.ts';
import { buildScenarioMatrix, indexOnOrBefore, valueAt } from '@fonrisk/risk';
import { type DerivativeLine, type SpotLine, leverageOf } from './commitment.ts';

/** Days of underlying history for an option's volatility when its price implies none. */
const VOL_WINDOW = 60;

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
    const endIndex = indexOnOrBefore(market.dates, snapshot.date);
    const derivatives = snapshot.positions.filter(
      (p) => p.mainType === 'future' || p.mainType === 'option' || p.mainType === 'warrant',
    );
    // Delta-equivalent exposures from the same pricing as the scenario builder (options: BSM delta).
    const priced =
      endIndex >= 1
        ? buildScenarioMatrix(
            derivatives,
            market,
            { endIndex, scenarios: Math.min(VOL_WINDOW, endIndex), stepDays: 1 },
            snapshot.date,
          )
        : null;
    const lines: DerivativeLine[] = derivatives.map((p) => {
      const pos = priced?.positions.find((x) => x.instrumentCode === p.instrumentCode);
      const underlying = p.underlyingTicker;
      const terms = p.terms;
      if (!pos || underlying === null || (terms?.kind !== 'future' && terms?.kind !== 'option')) {
        const reason =
          priced?.unmapped.find((u) => u.instrumentCode === p.instrumentCode)?.reason ??
          'dayanak fiyatı bulunamadı';
        throw new AnalysisInputError(
          `${code} portföyü, ${snapshot.date}: ${p.instrumentCode} türev pozisyonu hesaplanamadı (${reason}).`,
        );
      }
      const price = valueAt(market.series.get(underlying)!.values, endIndex);
      const units = (p.nominalValue ?? 0) * terms.contractSize;
      return {
        instrumentCode: p.instrumentCode,
        instrumentName: p.instrumentName,
        kind: terms.kind,
        underlying,
        contracts: p.nominalValue ?? 0,
        contractSize: terms.contractSize,
        underlyingPrice: price,
        delta: terms.kind === 'future' || units === 0 ? 1 : pos.exposureTry / (units * price),
        hedge: hedges.has(p.instrumentCode),
      };
    });
    const underlyings = new Set(lines.map((l) => l.underlying));
    const spots: SpotLine[] = snapshot.positions
      .filter(
        (p) =>
          p.mappingTicker !== null && underlyings.has(p.mappingTicker) && !derivatives.includes(p),
      )
      .map((p) => ({ underlying: p.mappingTicker!, valueTry: p.valueTry }));
    const own = settings.portfolioLimits.find((l) => l.portfolioCode === code);
    const limitPct = (own?.leverageLimitPct ?? settings.leverageLimitPct) / 100;
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

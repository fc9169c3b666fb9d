// 'incremental-var': marginal, component (sums to VaR) and incremental VaR per position; what-if trades.
import {
  approachFor,
  POSITION_VAR_COLUMNS,
  UNMAPPED_HOLDING_COLUMNS,
  WHAT_IF_TRADE_COLUMNS,
  resolveParameters,
  type IncrementalVarInputs,
  type IncrementalVarResult,
  type WhatIfOutcome,
  type WhatIfTrade,
} from '@fonrisk/contracts';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { instrumentDetails, loadMarketData, loadVarSettings } from '../data/load.ts';
import { portfolioOnDate } from '../data/portfolio-on-date.ts';
import {
  buildScenarioMatrix,
  type MarketData,
  type ScenarioWindow,
  type PositionInput,
  type ScenarioMatrix,
} from '@fonrisk/risk';
import { checkTolerance, evaluate, riskModel, unmappedRows, windowFor } from '../var/evaluate.ts';
import { RISK_TASKS } from '../var/risk.ts';

interface TradeColumn {
  readonly index: number;
  readonly change: number;
  readonly valueChangeTry: number;
  readonly newPosition: boolean;
}

/** A trade on a held instrument scales its column; a new instrument gets a column of its own. */
async function tradeColumns(
  ctx: RunContext<IncrementalVarInputs>,
  trades: readonly WhatIfTrade[],
  matrix: ScenarioMatrix,
  market: MarketData,
  w: ScenarioWindow,
  date: string,
): Promise<{ columns: TradeColumn[]; extra: Float64Array[] }> {
  const columns: TradeColumn[] = [];
  const extra: Float64Array[] = [];
  const codes = trades
    .map((t) => t.instrumentCode)
    .filter((c) => !matrix.positions.some((p) => p.instrumentCode === c));
  const details = await instrumentDetails(ctx.db, codes);
  let newMarket = market;
  if (codes.length > 0) {
    const fresh = [...details.values()]
      .flatMap((d) => [d.mappingTicker, d.underlyingTicker])
      .filter((t): t is string => t !== null && !market.series.has(t));
    if (fresh.length)
      newMarket = await loadMarketData(
        ctx.db,
        [...new Set([...market.series.keys(), ...fresh])],
        date,
        date,
        w.scenarios + w.stepDays,
      );
  }
  for (const t of trades) {
    const i = matrix.positions.findIndex((p) => p.instrumentCode === t.instrumentCode);
    if (i >= 0) {
      const p = matrix.positions[i]!;
      const base = p.valueTry !== 0 ? p.valueTry : p.exposureTry;
      const change =
        t.valueChangeTry !== undefined
          ? t.valueChangeTry / base
          : t.quantityChange! / (p.nominalValue ?? Number.NaN);
      if (!Number.isFinite(change))
        throw new AnalysisInputError(
          `${t.instrumentCode}: işlem tutarı pozisyona uygulanamadı (değer veya adet bilgisi yok).`,
        );
      columns.push({ index: i, change, valueChangeTry: change * p.valueTry, newPosition: false });
      continue;
    }
    const d = details.get(t.instrumentCode);
    if (!d) throw new AnalysisInputError(`${t.instrumentCode} kodlu varlık tanımlı değil.`);
    if (t.valueChangeTry === undefined)
      throw new AnalysisInputError(
        `${t.instrumentCode} portföyde yok: yeni pozisyon için TL tutarı girilmeli.`,
      );
    const position: PositionInput = {
      instrumentCode: t.instrumentCode,
      instrumentName: d.name,
      mainType: d.mainType,
      currency: d.currency,
      nominalValue: null,
      valueTry: t.valueChangeTry,
      maturityDate: d.terms?.kind === 'bond' ? d.terms.maturityDate : null,
      ratePct: null,
      modifiedDuration: null,
      terms: d.terms,
      mappingTicker: d.mappingTicker,
      underlyingTicker: d.underlyingTicker,
      underlyingIsFuture: d.underlyingIsFuture,
    };
    const single = buildScenarioMatrix([position], newMarket, w, date);
    if (single.unmapped.length > 0)
      throw new AnalysisInputError(`${t.instrumentCode}: ${single.unmapped[0]!.reason}.`);
    columns.push({
      index: matrix.positions.length + extra.length,
      change: 1,
      valueChangeTry: t.valueChangeTry,
      newPosition: true,
    });
    extra.push(single.pnl);
  }
  return { columns, extra };
}

async function runIncrementalVar(
  ctx: RunContext<IncrementalVarInputs>,
): Promise<{ result: IncrementalVarResult; dataSnapshot: Record<string, unknown> }> {
  const settings = await loadVarSettings(ctx.db);
  ctx.bundle.recordSettings(settings);
  const { portfolioCode, asOfDate } = ctx.inputs;
  const params = resolveParameters(
    { ...ctx.inputs, approach: approachFor(settings, portfolioCode, undefined) },
    settings,
  );
  const { model, stepDays } = riskModel(params);
  await ctx.progress(0.05, `${portfolioCode} portföyü verileri yükleniyor`);
  const { ref, snapshot, market } = await portfolioOnDate(
    ctx.db,
    portfolioCode,
    asOfDate,
    params.windowDays + stepDays,
  );
  const w = windowFor(market, snapshot.date, params.windowDays, stepDays, portfolioCode);
  await ctx.progress(0.3, 'Marjinal, bileşen ve artımsal RMD hesaplanıyor');
  const e = await evaluate(
    ctx,
    snapshot.positions,
    snapshot.nav,
    market,
    w,
    snapshot.date,
    params,
    true,
    ref.code,
  );
  const unmapped = unmappedRows(e.matrix, snapshot.nav);
  checkTolerance(unmapped, settings.unmappedTolerancePct, portfolioCode, snapshot.date);
  let whatIf: WhatIfOutcome | null = null;
  if (ctx.inputs.trades.length > 0) {
    await ctx.progress(0.7, 'Önerilen işlemlerle RMD yeniden hesaplanıyor');
    const { columns, extra } = await tradeColumns(
      ctx,
      ctx.inputs.trades,
      e.matrix,
      market,
      w,
      snapshot.date,
    );
    const n = e.matrix.positions.length + extra.length;
    const pnl = new Float64Array(n * w.scenarios);
    pnl.set(e.matrix.pnl);
    extra.forEach((c, k) => pnl.set(c, (e.matrix.positions.length + k) * w.scenarios));
    const exposures = Float64Array.from({ length: n }, (_, i) =>
      i < e.matrix.positions.length ? 1 : 0,
    );
    const trade = new Float64Array(n);
    for (const c of columns) trade[c.index] = trade[c.index]! + c.change;
    const r = await ctx.compute(
      RISK_TASKS.matrixWhatIf,
      pnl,
      n,
      w.scenarios,
      model,
      exposures,
      trade,
    );
    const navAfter = snapshot.nav + columns.reduce((s, c) => s + c.valueChangeTry, 0);
    const linear = columns.every((c) => !c.newPosition)
      ? columns.reduce((s, c) => s + e.risk.marginal[c.index]! * c.change, 0)
      : null;
    whatIf = {
      trades: columns.map((c, k) => ({
        instrumentCode: ctx.inputs.trades[k]!.instrumentCode,
        valueChangeTry: c.valueChangeTry,
        newPosition: c.newPosition,
      })),
      navAfterTry: navAfter,
      varBeforeTry: r.before.var,
      varAfterTry: r.after.var,
      varChangeTry: r.after.var - r.before.var,
      esBeforeTry: r.before.es,
      esAfterTry: r.after.es,
      varAfterPct: navAfter === 0 ? 0 : r.after.var / navAfter,
      linearEstimateTry: linear,
    };
  }
  const result: IncrementalVarResult = {
    portfolioCode,
    portfolioName: ref.name,
    asOfDate: snapshot.date,
    parameters: params,
    navTry: snapshot.nav,
    varTry: e.risk.var,
    varPct: snapshot.nav === 0 ? 0 : e.risk.var / snapshot.nav,
    esTry: e.risk.es,
    positions: e.positions,
    componentSumTry: e.risk.component.reduce((s, c) => s + c, 0),
    whatIf,
    unmapped,
    tables: {
      positions: {
        title: 'Marjinal, Bileşen ve Artımsal RMD',
        columns: POSITION_VAR_COLUMNS,
        rows: e.positions,
      },
      unmapped: {
        title: 'Eşlenmemiş / Fiyatı Eksik Varlıklar',
        columns: UNMAPPED_HOLDING_COLUMNS,
        rows: unmapped,
      },
      ...(whatIf
        ? {
            whatIf: {
              title: 'Önerilen İşlemler (Ne Olursa)',
              columns: WHAT_IF_TRADE_COLUMNS,
              rows: whatIf.trades.map((t) => ({
                ...t,
                newPosition: t.newPosition ? 'Evet' : 'Hayır',
              })),
            },
          }
        : {}),
    },
  };
  await ctx.progress(1, 'Artımsal RMD tamamlandı');
  return {
    result,
    dataSnapshot: { holdingsDate: snapshot.date, marketDataThrough: market.dates[w.endIndex] },
  };
}

export const incrementalVarHandler: AnalysisHandler<'incremental-var'> = { run: runIncrementalVar };

// 'backtest': each day's 1-day VaR from the window ending the day before against realised P&L.
import {
  BACKTEST_MODEL_OVERRIDES,
  BACKTEST_COLUMNS,
  resolveParameters,
  type BacktestInputs,
  type BacktestPoint,
  type BacktestResult,
} from '@fonrisk/contracts';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import {
  type Snapshot,
  holdingsDates,
  loadMarketData,
  loadSnapshots,
  loadVarSettings,
  neededTickers,
  resolvePortfolios,
} from '../data/load.ts';
import { scenarioStart, type ScenarioWindow } from '@fonrisk/risk';
import { checkTolerance, riskModel, unmappedRows } from '../var/evaluate.ts';
import { RISK_TASKS } from '../var/risk.ts';
import { evaluateBacktest } from './evaluate-backtest.ts';
import { slicer } from '../../runner/slices.ts';
import { slidingMatrices } from './sliding-matrices.ts';

const DEFAULT_DAYS = 250;
const CHUNK = 50;

/** Latest snapshot on or before `date` from an ascending list. */
function snapshotOn(snapshots: readonly Snapshot[], date: string): Snapshot | null {
  let found: Snapshot | null = null;
  for (const s of snapshots) {
    if (s.date > date) break;
    found = s;
  }
  return found;
}

async function runBacktest(
  ctx: RunContext<BacktestInputs>,
): Promise<{ result: BacktestResult; dataSnapshot: Record<string, unknown> }> {
  const settings = await loadVarSettings(ctx.db);
  ctx.bundle.recordSettings(settings);
  const [ref] = await resolvePortfolios(ctx.db, [ctx.inputs.portfolioCode]);
  const code = ref!.code;
  const params = resolveParameters({ ...ctx.inputs, ...BACKTEST_MODEL_OVERRIDES }, settings);
  const { model } = riskModel(params);
  await ctx.progress(0.02, `${code} portföyünün dağılımları yükleniyor`);
  const allDates = await holdingsDates(
    ctx.db,
    ref!,
    '1900-01-01',
    ctx.inputs.toDate ?? '9999-12-31',
  );
  if (allDates.length < 2)
    throw new AnalysisInputError(
      `${code} portföyünün geriye dönük test için en az iki tarihli portföy dağılımı olmalı.`,
    );
  const toDate = ctx.inputs.toDate ?? allDates[allDates.length - 1]!;
  const fromDate =
    ctx.inputs.fromDate ?? allDates[Math.max(0, allDates.length - 1 - DEFAULT_DAYS)]!;
  const firstHoldings = [...allDates].reverse().find((d) => d <= fromDate) ?? allDates[0]!;
  const used = allDates.filter((d) => d >= firstHoldings && d <= toDate);
  const snapshotMap = await loadSnapshots(ctx.db, ref!, used);
  const snapshots = used.map((d) => snapshotMap.get(d)!);
  const market = await loadMarketData(
    ctx.db,
    await neededTickers(
      ctx.db,
      snapshots.flatMap((s) => s.positions),
    ),
    fromDate,
    toDate,
    params.windowDays + 1,
  );
  for (const snap of snapshots)
    ctx.bundle.recordHoldings(code, snap.date, snap.nav, snap.positions);
  ctx.bundle.recordMarket(market);
  await ctx.progress(0.1, 'Günlük RMD tahminleri hazırlanıyor');

  const days: { date: string; previous: string; snap: Snapshot; next: Snapshot | null }[] = [];
  const windows: ScenarioWindow[] = [];
  for (let i = 1; i < market.dates.length; i++) {
    const date = market.dates[i]!;
    const previous = market.dates[i - 1]!;
    if (date <= fromDate || date > toDate || previous < fromDate) continue;
    if (ctx.signal.aborted) throw new RunCancelledError();
    const snap = snapshotOn(snapshots, previous);
    if (!snap) continue;
    const w = { endIndex: i, scenarios: params.windowDays + 1, stepDays: 1, valuationIndex: i - 1 };
    if (scenarioStart(w, 0) < 0) {
      throw new AnalysisInputError(
        `${code} portföyü, ${previous}: ${params.windowDays} günlük gözlem süresi için piyasa verisi yetersiz.`,
      );
    }
    days.push({ date, previous, snap, next: snapshotMap.get(date) ?? null });
    windows.push(w);
  }
  // The days of one snapshot are consecutive: their matrices are built with the window sliding.
  const matrices: Float64Array[] = [];
  const counts: number[] = [];
  // The matrices are built on the worker's main thread: a turn of its event loop every 10 ms
  // between snapshots, so that a user's run in the same worker is not held up (decision 0075).
  const pause = slicer(10);
  for (let start = 0; start < days.length;) {
    await pause();
    if (ctx.signal.aborted) throw new RunCancelledError();
    const snap = days[start]!.snap;
    let end = start;
    while (end < days.length && days[end]!.snap === snap) end++;
    const built = slidingMatrices(
      snap.positions,
      market,
      days.slice(start, end).map((d, k) => ({ window: windows[start + k]!, asOfDate: d.previous })),
    );
    for (const [k, m] of built.entries()) {
      const previous = days[start + k]!.previous;
      checkTolerance(unmappedRows(m, snap.nav), settings.unmappedTolerancePct, code, previous);
      matrices.push(m.pnl);
      counts.push(m.positions.length);
    }
    start = end;
  }
  if (days.length < 2)
    throw new AnalysisInputError(
      `${code} portföyü: ${fromDate} - ${toDate} arasında test edilecek gün yok.`,
    );

  const vars = new Float64Array(days.length);
  const realised = new Float64Array(days.length);
  for (let start = 0; start < days.length; start += CHUNK) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    const end = Math.min(days.length, start + CHUNK);
    const r = await ctx.compute(
      RISK_TASKS.backtestDays,
      matrices.slice(start, end),
      counts.slice(start, end),
      params.windowDays,
      model,
    );
    vars.set(r.var, start);
    realised.set(r.realised, start);
    await ctx.progress(0.1 + (0.85 * end) / days.length, `${end} / ${days.length} gün hesaplandı`);
  }

  const points: BacktestPoint[] = days.map((d, k) => {
    const actual = d.next && d.snap.date === d.previous ? d.next.nav - d.snap.nav : null;
    return {
      date: d.date,
      varTry: vars[k]!,
      hypotheticalPnlTry: realised[k]!,
      actualPnlTry: actual,
      hypotheticalException: realised[k]! < -vars[k]!,
      actualException: actual === null ? null : actual < -vars[k]!,
    };
  });
  const dates = points.map((p) => p.date);
  const hypothetical = evaluateBacktest(
    dates,
    points.map((p) => p.hypotheticalPnlTry),
    [...vars],
    params.confidenceLevel,
  );
  const withActual = points.filter((p) => p.actualPnlTry !== null);
  const actual =
    withActual.length >= 2
      ? evaluateBacktest(
          withActual.map((p) => p.date),
          withActual.map((p) => p.actualPnlTry!),
          withActual.map((p) => p.varTry),
          params.confidenceLevel,
        )
      : null;
  const yesNo = (b: boolean | null) => (b === null ? '' : b ? 'Evet' : 'Hayır');
  const result: BacktestResult = {
    portfolioCode: code,
    portfolioName: ref!.name,
    fromDate: days[0]!.date,
    toDate: days[days.length - 1]!.date,
    parameters: params,
    hypothetical,
    actual,
    points,
    tables: {
      days: {
        title: 'Günlük RMD ve Gerçekleşen Kâr/Zarar',
        columns: BACKTEST_COLUMNS.days,
        rows: points.map((p) => ({
          ...p,
          hypotheticalExceptionLabel: yesNo(p.hypotheticalException),
          actualExceptionLabel: yesNo(p.actualException),
        })),
      },
      tests: {
        title: 'Test Sonuçları',
        columns: BACKTEST_COLUMNS.tests,
        rows: [
          ['Varsayımsal', hypothetical] as const,
          ...(actual ? [['Gerçekleşen', actual] as const] : []),
        ].map(([pnl, e]) => ({
          pnl,
          observations: e.observations,
          exceptions: e.exceptions,
          kupiecStatistic: e.kupiec.statistic,
          kupiecPValue: e.kupiec.pValue,
          ccStatistic: e.christoffersenConditional.statistic,
          ccPValue: e.christoffersenConditional.pValue,
          zone: { green: 'Yeşil', yellow: 'Sarı', red: 'Kırmızı' }[e.baselZone],
          verdict: e.verdict,
        })),
      },
    },
  };
  await ctx.progress(1, 'Geriye dönük test tamamlandı');
  return {
    result,
    dataSnapshot: {
      holdingsDates: [used[0], used[used.length - 1]],
      marketDataThrough: market.dates[market.dates.length - 1],
    },
  };
}

export const backtestHandler: AnalysisHandler<'backtest'> = { run: runBacktest };

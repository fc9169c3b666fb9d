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
import { BACKTEST_TASKS, type SnapshotDays } from './backtest-tasks.ts';
import { evaluateBacktest } from './evaluate-backtest.ts';
import type { SlidingDay } from './sliding-matrices.ts';

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
  if (days.length < 2)
    throw new AnalysisInputError(
      `${code} portföyü: ${fromDate} - ${toDate} arasında test edilecek gün yok.`,
    );

  // In pieces of CHUNK days, each one compute task: the thread builds the days' matrices (the
  // days of one snapshot are consecutive: built with the window sliding) and their VaR, so the
  // worker's main thread stays free (decision 0077). The pieces are asked for together, so that
  // both of the pool's threads work on them when the other run slot leaves one idle (each waits
  // for users' runs before it goes to the pool, in ctx.compute); progress counts the days done.
  const vars = new Float64Array(days.length);
  const realised = new Float64Array(days.length);
  let done = 0;
  const piece = async (start: number): Promise<void> => {
    if (ctx.signal.aborted) throw new RunCancelledError();
    const end = Math.min(days.length, start + CHUNK);
    const groups: SnapshotDays[] = [];
    for (let k = start; k < end;) {
      const snap = days[k]!.snap;
      const group: SlidingDay[] = [];
      for (; k < end && days[k]!.snap === snap; k++)
        group.push({ window: windows[k]!, asOfDate: days[k]!.previous });
      groups.push({ positions: snap.positions, days: group });
    }
    const r = await ctx.compute(
      BACKTEST_TASKS.snapshotDaysRisk,
      groups,
      market,
      params.windowDays,
      model,
    );
    r.unmapped.forEach((unmapped, i) => {
      const day = days[start + i]!;
      checkTolerance(
        unmappedRows({ unmapped }, day.snap.nav),
        settings.unmappedTolerancePct,
        code,
        day.previous,
      );
    });
    vars.set(r.var, start);
    realised.set(r.realised, start);
    done += end - start;
    await ctx.progress(
      0.1 + (0.85 * done) / days.length,
      `${done} / ${days.length} gün hesaplandı`,
    );
  };
  const starts = Array.from({ length: Math.ceil(days.length / CHUNK) }, (_, i) => i * CHUNK);
  // Every piece settles before the run goes on or fails; the earliest failing day's error is the
  // run's, whichever piece finished first.
  const settled = await Promise.allSettled(starts.map(piece));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;

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

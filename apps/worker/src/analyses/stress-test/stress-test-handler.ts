// 'stress-test' (Rehber §7.6.5): today's holdings fully revalued under stored scenarios.
import {
  STRESS_BETA_WINDOW_DAYS,
  STRESS_SCENARIO_KIND_LABELS,
  StressShocksSchema,
  type StressOutcome,
  type StressScenario,
  type StressTestInputs,
  type StressTestResult,
  buildTable,
  STRESS_TEST_TABLES,
  stressNoteLine,
} from '@fonrisk/contracts';
import { type Database, inArray, stressScenarios } from '@fonrisk/db';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import {
  latestHoldingsDate,
  loadMarketData,
  loadSnapshots,
  loadVarSettings,
  neededTickers,
  resolvePortfolios,
} from '../data/load.ts';
import type { MarketData } from '@fonrisk/risk';
import {
  type MarketMove,
  combineMoves,
  historicalMove,
  hypotheticalMove,
  marketShocker,
  seriesContext,
} from './moves.ts';
import { reverseShocks } from './reverse.ts';
import { type FundMarket, type PositionPnl, revalue, total } from './revalue.ts';

function toScenario(row: typeof stressScenarios.$inferSelect): StressScenario {
  return {
    id: row.id,
    kind: row.kind as StressScenario['kind'],
    name: row.name,
    description: row.description,
    shocks: row.shocks === null ? null : StressShocksSchema.parse(row.shocks),
    fromDate: row.fromDate,
    toDate: row.toDate,
    componentIds: row.componentIds,
    shipped: row.isShipped,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadScenarios(
  db: Database,
  ids: readonly number[],
): Promise<{ chosen: StressScenario[]; byId: Map<number, StressScenario> }> {
  const rows = await db
    .select()
    .from(stressScenarios)
    .where(inArray(stressScenarios.id, [...ids]));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0)
    throw new AnalysisInputError(`${missing.join(', ')} numaralı stres senaryosu bulunamadı.`);
  const componentIds = rows.flatMap((r) => r.componentIds);
  const components =
    componentIds.length > 0
      ? await db.select().from(stressScenarios).where(inArray(stressScenarios.id, componentIds))
      : [];
  const byId = new Map([...rows, ...components].map((r) => [r.id, toScenario(r)]));
  return { chosen: ids.map((id) => byId.get(id)!), byId };
}

function describeScenario(s: StressScenario, byId: Map<number, StressScenario>): string {
  if (s.kind === 'historical') return `${s.fromDate ?? ''} - ${s.toDate ?? ''} piyasa hareketleri`;
  if (s.kind === 'combination')
    return s.componentIds.map((id) => byId.get(id)?.name ?? String(id)).join(' + ');
  return STRESS_SCENARIO_KIND_LABELS.hypothetical;
}

async function runStressTest(
  ctx: RunContext<StressTestInputs>,
): Promise<{ result: StressTestResult; dataSnapshot: Record<string, unknown> }> {
  const { asOfDate, equityIndexTicker } = ctx.inputs;
  const { chosen, byId } = await loadScenarios(ctx.db, ctx.inputs.scenarioIds);
  const settings = await loadVarSettings(ctx.db);
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  const outcomes: StressOutcome[] = [];
  type Scenario = { readonly portfolioCode: string; readonly scenarioName: string };
  const positionRows: (Scenario & PositionPnl & { readonly pnlPct: number })[] = [];
  const classRows: (Scenario & {
    readonly assetClass: string;
    readonly pnlTry: number;
    readonly pnlPct: number;
  })[] = [];
  const reverse: StressTestResult['reverse'] = [];
  // Each note once per portfolio, with the scenarios it holds for: a beta or a fund's exposures
  // are the portfolio's, the same in every scenario that shocks equities.
  const notes = new Map<string, { readonly portfolioCode: string; readonly scenarios: string[] }>();
  const holdingsDates: Record<string, string> = {};
  for (const [k, ref] of refs.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(k / refs.length, `${ref.code} portföyü senaryolarla yeniden değerleniyor`);
    const date = await latestHoldingsDate(ctx.db, ref, asOfDate);
    if (date === null)
      throw new AnalysisInputError(
        `${ref.code} portföyünün ${asOfDate} veya öncesine ait portföy dağılımı yok.`,
      );
    holdingsDates[ref.code] = date;
    const snapshot = (await loadSnapshots(ctx.db, ref, [date])).get(date)!;
    const tickers = [
      ...new Set([...(await neededTickers(ctx.db, snapshot.positions)), equityIndexTicker]),
    ];
    const market = await loadMarketData(ctx.db, tickers, date, date, STRESS_BETA_WINDOW_DAYS + 1);
    if (market.dates.length === 0)
      throw new AnalysisInputError(
        `${ref.code} portföyü için ${date} tarihinde piyasa verisi yok.`,
      );
    const sctx = seriesContext(
      market,
      snapshot.positions,
      equityIndexTicker,
      date,
      STRESS_BETA_WINDOW_DAYS,
    );
    const currencies = [...market.fx.keys()];
    // One shocker a fund: its market copied once for all its scenarios and the reverse search.
    const fund: FundMarket = {
      positions: snapshot.positions,
      market,
      ctx: sctx,
      asOfDate: date,
      shock: marketShocker(market, sctx),
    };
    const history = new Map<string, MarketData>();
    const moveOf = async (s: StressScenario): Promise<MarketMove> => {
      if (s.kind === 'hypothetical') return hypotheticalMove(s.shocks ?? {}, market, sctx);
      if (s.kind === 'historical') {
        const key = `${s.fromDate}|${s.toDate}`;
        if (!history.has(key))
          history.set(key, await loadMarketData(ctx.db, tickers, s.fromDate!, s.toDate!, 10));
        const h = history.get(key)!;
        if (!h.dates.some((d) => d >= s.fromDate! && d <= s.toDate!))
          throw new AnalysisInputError(
            `'${s.name}' senaryosu: ${s.fromDate} - ${s.toDate} penceresinde kayıtlı piyasa verisi yok.`,
          );
        return historicalMove(h, tickers, currencies, s.fromDate!, s.toDate!);
      }
      const parts: MarketMove[] = [];
      for (const id of s.componentIds) {
        const c = byId.get(id);
        if (c === undefined || c.kind === 'combination')
          throw new AnalysisInputError(
            `'${s.name}' birleşiminin ${id} numaralı bileşeni bulunamadı.`,
          );
        parts.push(await moveOf(c));
      }
      return combineMoves(parts);
    };
    const own = settings.portfolioLimits.find((l) => l.portfolioCode === ref.code);
    const leverageLimitPct = (own?.leverageLimitPct ?? settings.leverageLimitPct) / 100;
    const fundOutcomes: StressOutcome[] = [];
    for (const s of chosen) {
      const move = await moveOf(s);
      for (const n of move.notes) {
        const key = `${ref.code}\u0000${n}`;
        const note = notes.get(key) ?? { portfolioCode: ref.code, scenarios: [] };
        // A combination may carry the same note from two of its parts: its name once.
        if (note.scenarios.at(-1) !== s.name) note.scenarios.push(s.name);
        notes.set(key, note);
      }
      const rows = revalue(fund, move);
      const pnl = total(rows);
      const navAfter = snapshot.nav + pnl;
      const derivatives = rows.filter((r) => r.derivativeExposureAfterTry !== null);
      const gross = derivatives.reduce((a, r) => a + Math.abs(r.derivativeExposureAfterTry!), 0);
      const leverageAfter =
        derivatives.length === 0
          ? null
          : navAfter > 0
            ? gross / navAfter
            : Number.POSITIVE_INFINITY;
      fundOutcomes.push({
        portfolioCode: ref.code,
        scenarioId: s.id,
        scenarioName: s.name,
        navTry: snapshot.nav,
        pnlTry: pnl,
        pnlPct: pnl / snapshot.nav,
        navAfterTry: navAfter,
        negativeNav: navAfter < 0,
        leverageAfterPct:
          leverageAfter === null || Number.isFinite(leverageAfter) ? leverageAfter : null,
        leverageLimitPct,
        leverageBreach:
          leverageAfter !== null && (leverageAfter > leverageLimitPct || navAfter <= 0),
        worst: false,
      });
      for (const r of rows)
        positionRows.push({
          portfolioCode: ref.code,
          scenarioName: s.name,
          ...r,
          pnlPct: r.pnlTry / snapshot.nav,
        });
      const classes = new Map<string, number>();
      for (const r of rows) classes.set(r.assetClass, (classes.get(r.assetClass) ?? 0) + r.pnlTry);
      for (const [assetClass, v] of classes)
        classRows.push({
          portfolioCode: ref.code,
          scenarioName: s.name,
          assetClass,
          pnlTry: v,
          pnlPct: v / snapshot.nav,
        });
    }
    const worst = fundOutcomes.reduce((a, b) => (b.pnlTry < a.pnlTry ? b : a));
    outcomes.push(...fundOutcomes.map((o) => ({ ...o, worst: o === worst })));
    if (ctx.inputs.reverseLossPct !== undefined)
      reverse.push({
        portfolioCode: ref.code,
        lossPct: ctx.inputs.reverseLossPct / 100,
        ...reverseShocks(fund, snapshot.nav, ctx.inputs.reverseLossPct / 100),
      });
  }
  await ctx.progress(1, 'Stres testi tamamlandı');
  const result: StressTestResult = {
    asOfDate,
    scenarios: chosen.map((s) => ({ ...s, resolvedShocksNote: describeScenario(s, byId) })),
    outcomes,
    reverse,
    notes: [...notes].map(([key, { portfolioCode, scenarios }]) =>
      stressNoteLine(
        refs.length > 1 ? portfolioCode : null,
        scenarios.length === chosen.length && chosen.length > 1 ? null : scenarios,
        key.slice(portfolioCode.length + 1),
      ),
    ),
    tables: {
      summary: buildTable(
        STRESS_TEST_TABLES.summary,
        outcomes.map((o) => ({
          ...o,
          marks: [
            o.worst ? 'En kötü senaryo' : null,
            o.negativeNav ? 'FTD sıfırın altında' : null,
            o.leverageBreach ? 'Kaldıraç limiti aşılıyor' : null,
          ]
            .filter(Boolean)
            .join(', '),
        })),
      ),
      assetClasses: buildTable(STRESS_TEST_TABLES.assetClasses, classRows),
      positions: buildTable(STRESS_TEST_TABLES.positions, positionRows),
      reverse: buildTable(
        STRESS_TEST_TABLES.reverse,
        reverse.map((r) => ({ ...r })),
      ),
    },
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates,
      scenarios: chosen.map((s) => ({ id: s.id, name: s.name, updatedAt: s.updatedAt })),
    },
  };
}

export const stressTestHandler: AnalysisHandler<'stress-test'> = { run: runStressTest };

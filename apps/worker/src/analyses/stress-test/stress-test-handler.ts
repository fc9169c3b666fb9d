// 'stress-test' (Rehber §7.6.5): today's holdings fully revalued under stored scenarios.
import {
  CREDIT_ISSUER_TYPES,
  STRESS_BETA_WINDOW_DAYS,
  STRESS_SCENARIO_KIND_LABELS,
  StressShocksSchema,
  type CreditIssuerType,
  type StressOutcome,
  type StressScenario,
  type StressTestInputs,
  type StressTestResult,
  buildTable,
  STRESS_TEST_TABLES,
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
import {
  type MarketData,
  type PositionInput,
  buildScenarioMatrix,
  floaterSpreadPnl,
  fxAt,
} from '@fonrisk/risk';
import { assetClassOf } from '../var/evaluate.ts';
import {
  type MarketMove,
  type SeriesContext,
  combineMoves,
  historicalMove,
  hypotheticalMove,
  marketShocker,
  seriesContext,
} from './moves.ts';

export interface PositionPnl {
  readonly instrumentCode: string;
  readonly instrumentName: string | null;
  readonly assetClass: string;
  readonly method: string;
  readonly valueTry: number;
  readonly pnlTry: number;
  /** Delta-equivalent exposure of a derivative after the move (futures, options), else null. */
  readonly derivativeExposureAfterTry: number | null;
  readonly note: string | null;
}

const CREDIT = new Set<string>(CREDIT_ISSUER_TYPES);

const isFloater = (p: PositionInput): boolean =>
  p.terms?.kind === 'bond' && p.terms.couponType === 'floating';

/**
 * Full revaluation of `positions` under `move`: one pass of the scenario pricers on the shocked
 * market per credit-spread group (positions of issuer types with a spread get it added to every
 * rate; floaters take it with their spread duration beside the rate move), CPI-linked bonds' index
 * ratio added linearly (flagged). Unpriceable positions have P&L 0
 * and the reason in `note`. `shock` moves `market` (one `marketShocker` a fund, reused by every
 * revaluation of it).
 */
export function revalue(
  positions: readonly PositionInput[],
  market: MarketData,
  ctx: SeriesContext,
  move: MarketMove,
  asOfDate: string,
  shock: (move: MarketMove, extraRatePoints: number) => MarketData = marketShocker(market, ctx),
): PositionPnl[] {
  const groups = new Map<number, PositionInput[]>();
  const spreadOf = (p: PositionInput): number =>
    CREDIT.has(p.mainType) ? (move.creditSpreadBp[p.mainType as CreditIssuerType] ?? 0) : 0;
  for (const p of positions) {
    // A floater's coupons follow the rates, not its credit spread: it takes the rate move with
    // its rate duration and the spread separately with its spread duration (decision 0057).
    const spread = isFloater(p) ? 0 : spreadOf(p);
    // Appended in place: a copy of the group for each position was quadratic in a fund's size.
    const group = groups.get(spread);
    if (group === undefined) groups.set(spread, [p]);
    else group.push(p);
  }
  const n = market.dates.length;
  const window = {
    endIndex: n,
    scenarios: 1,
    stepDays: 1,
    valuationIndex: n - 1,
    volatilityShiftPoints: move.volatilityPoints,
  };
  const out: PositionPnl[] = [];
  for (const [spread, group] of groups) {
    const shocked = shock(move, spread / 100);
    const m = buildScenarioMatrix(group, shocked, window, asOfDate, {
      equityIndexTicker: ctx.equityIndex,
    });
    const notes = new Map(m.approximations.map((a) => [a.instrumentCode, a.note]));
    m.positions.forEach((p, i) => {
      let pnl = m.pnl[i]!;
      let note = notes.get(p.instrumentCode) ?? null;
      const floaterSpread = isFloater(p) ? spreadOf(p) : 0;
      if (floaterSpread !== 0) {
        const spreadPnl = floaterSpreadPnl(
          p,
          floaterSpread / 100,
          asOfDate,
          fxAt(market, p.currency, n - 1),
        );
        if (spreadPnl !== null) {
          pnl += spreadPnl;
          note = [note, `kredi marjı +${floaterSpread} bp marj durasyonuyla uygulandı`]
            .filter(Boolean)
            .join('; ');
        }
      }
      if (p.terms?.kind === 'bond' && p.terms.couponType === 'cpiLinked' && move.cpi !== 0) {
        pnl += (p.valueTry + pnl) * move.cpi;
        note = [note, 'TÜFE şoku endeks oranına doğrusal uygulandı'].filter(Boolean).join('; ');
      }
      const derivative = p.method === 'future' || p.method === 'option';
      const underlying = p.underlyingTicker;
      const ratio =
        (underlying === null ? 1 : (move.levels.get(underlying) ?? 1)) *
        (move.fx.get(p.currency) ?? 1);
      out.push({
        instrumentCode: p.instrumentCode,
        instrumentName: p.instrumentName,
        assetClass: assetClassOf(p.mainType),
        method: p.method,
        valueTry: p.valueTry,
        pnlTry: pnl,
        derivativeExposureAfterTry: derivative ? p.exposureTry * ratio : null,
        note,
      });
    });
    for (const u of m.unmapped) {
      out.push({
        instrumentCode: u.instrumentCode,
        instrumentName: u.instrumentName,
        assetClass: 'Fiyatlanamayan',
        method: 'none',
        valueTry: u.valueTry,
        pnlTry: 0,
        derivativeExposureAfterTry: null,
        note: `fiyatlanamadı, kayıp sıfır alındı: ${u.reason}`,
      });
    }
  }
  return out;
}

const total = (rows: readonly PositionPnl[]): number => rows.reduce((s, r) => s + r.pnlTry, 0);

/**
 * Reverse stress: the smallest |s| in (0, limit] such that the uniform shock s (of the equity
 * index, or of every foreign currency against TRY) loses at least `loss` (TRY); each direction
 * scanned on a grid, the first crossing refined by bisection. Null when no such shock exists.
 */
export function smallestShock(pnlOf: (s: number) => number, loss: number): number | null {
  let best: number | null = null;
  for (const limit of [-0.99, 3]) {
    const steps = 60;
    let prev = 0;
    for (let k = 1; k <= steps; k++) {
      const s = (limit * k) / steps;
      if (pnlOf(s) <= -loss) {
        let lo = prev;
        let hi = s;
        for (let it = 0; it < 40; it++) {
          const mid = (lo + hi) / 2;
          if (pnlOf(mid) <= -loss) hi = mid;
          else lo = mid;
        }
        if (best === null || Math.abs(hi) < Math.abs(best)) best = hi;
        break;
      }
      prev = s;
    }
  }
  return best;
}

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

/**
 * A note of the result: the portfolio it is about (null: the run's only one) and the scenarios it
 * holds for (null: every scenario of the run), names apart by semicolons (a name may hold a comma).
 */
function noteLine(
  portfolioCode: string | null,
  scenarios: readonly string[] | null,
  note: string,
): string {
  const where = scenarios === null ? 'Tüm senaryolar' : scenarios.join('; ');
  return `${portfolioCode === null ? '' : `${portfolioCode} · `}${where}: ${note}`;
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
    const shock = marketShocker(market, sctx);
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
      const rows = revalue(snapshot.positions, market, sctx, move, date, shock);
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
    if (ctx.inputs.reverseLossPct !== undefined) {
      const loss = (ctx.inputs.reverseLossPct / 100) * snapshot.nav;
      const uniform = (shocks: Parameters<typeof hypotheticalMove>[0]): number =>
        total(
          revalue(
            snapshot.positions,
            market,
            sctx,
            hypotheticalMove(shocks, market, sctx, false),
            date,
            shock,
          ),
        );
      const foreign = currencies.filter((c) => c !== 'TRY');
      reverse.push({
        portfolioCode: ref.code,
        lossPct: ctx.inputs.reverseLossPct / 100,
        equityShock: smallestShock((s) => uniform({ equityPct: s * 100 }), loss),
        fxShock:
          foreign.length === 0
            ? null
            : smallestShock(
                (s) => uniform({ fxPct: Object.fromEntries(foreign.map((c) => [c, s * 100])) }),
                loss,
              ),
      });
    }
  }
  await ctx.progress(1, 'Stres testi tamamlandı');
  const result: StressTestResult = {
    asOfDate,
    scenarios: chosen.map((s) => ({ ...s, resolvedShocksNote: describeScenario(s, byId) })),
    outcomes,
    reverse,
    notes: [...notes].map(([key, { portfolioCode, scenarios }]) =>
      noteLine(
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

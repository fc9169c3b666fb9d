// The pre-trade check (issue 26, decision 0064): a fund's VaR limit, commitment leverage,
// concentration limits and Module 3 criteria before and after proposed trades, and the headroom
// of each instrument. Answered at once (the API calls it), through the analyses' own code paths.
import {
  ConcentrationRiskInputsSchema,
  approachFor,
  criterionApplies,
  matchesFilter,
  type CriterionRule,
  isoToTurkishDate,
  resolveParameters,
  type AuditHolding,
  type HeadroomLimit,
  type HeadroomRow,
  type PreTradeCheck,
  type PreTradeRequest,
  type PreTradeResponse,
} from '@fonrisk/contracts';
import type { Database } from '@fonrisk/db';
import {
  buildScenarioMatrix,
  matrixRisk,
  scenarioTotals,
  type PositionInput,
  type RiskModel,
} from '@fonrisk/risk';
import {
  instrumentDetails,
  latestHoldingsDate,
  loadMarketData,
  loadSnapshots,
  loadVarSettings,
  neededTickers,
  resolvePortfolios,
} from '../analyses/data/load.ts';
import { loadAuditBooks, proposedAuditHoldings } from '../analyses/internal-audit/audit-book.ts';
import { currentCriteria } from '../analyses/internal-audit/internal-audit-handler.ts';
import { VOL_WINDOW, leverageLimitOf } from '../analyses/leverage/commitment.ts';
import {
  checkTolerance,
  evaluate,
  riskModel,
  unmappedRows,
  windowFor,
} from '../analyses/var/evaluate.ts';
import { portfolioLimit } from '../analyses/var/var-handler.ts';
import { referenceVarPct } from '../analyses/var/reference.ts';
import { AnalysisInputError } from '../runner/errors.ts';
import { inProcessContext } from '../runner/in-process-context.ts';
import {
  auditChecks,
  checkId,
  checksAt,
  concentrationChecks,
  leverageCheck,
  varCheck,
  type CheckSetup,
  type CheckValue,
} from './checks.ts';
import { HEADROOM_GRID, searchHeadroom } from './headroom.ts';
import { heldItem, newItem, resolveTrades, scaled, type Item } from './trades.ts';

/** The line the cash leg of the trades is booked on (TL, no issuer: decision 0064). */
export const CASH_LEG_CODE = 'ISLEM-NAKIT-TL';
const CASH_LEG_NAME = 'Önerilen işlemlerin nakit karşılığı (TL)';

type Factors = ReadonlyMap<string, number>;
const DERIVATIVE_TYPES = new Set(['future', 'option', 'warrant']);

function cashLine(valueTry: number): AuditHolding {
  return {
    instrumentCode: CASH_LEG_CODE,
    instrumentName: CASH_LEG_NAME,
    mainType: 'other',
    subType: null,
    issuer: null,
    issuerGroup: null,
    sector: null,
    currency: 'TRY',
    isForeign: false,
    fundCategory: null,
    counterparty: null,
    valueTry,
    commitmentTry: null,
    notionalTry: null,
    maturity: null,
    columns: {},
  };
}

function scaleHolding(h: AuditHolding, f: number): AuditHolding {
  return {
    ...h,
    valueTry: h.valueTry * f,
    commitmentTry: h.commitmentTry === null ? null : h.commitmentTry * f,
    notionalTry: typeof h.notionalTry === 'number' ? h.notionalTry * f : null,
  };
}

/** Unknown fund, a date without holdings: the messages of the analyses, dates as dd.mm.yyyy. */
async function holdingsDateOf(
  db: Database,
  request: PreTradeRequest,
): Promise<{ ref: Awaited<ReturnType<typeof resolvePortfolios>>[number]; date: string }> {
  const [ref] = await resolvePortfolios(db, [request.portfolioCode]);
  const date = await latestHoldingsDate(db, ref!, request.asOfDate);
  if (date === null)
    throw new AnalysisInputError(
      `${request.portfolioCode} portföyünün ${isoToTurkishDate(request.asOfDate)} veya öncesine ait portföy dağılımı yok.`,
    );
  return { ref: ref!, date };
}

/** Headroom precision: 1 kuruş, or a millionth of NAV for large funds. */
function tolerance(nav: number): number {
  return Math.max(0.01, Math.abs(nav) * 1e-6);
}

export async function preTradeCheck(
  db: Database,
  request: PreTradeRequest,
): Promise<PreTradeResponse> {
  const settings = await loadVarSettings(db);
  const { ref, date } = await holdingsDateOf(db, request);
  const code = ref.code;
  const approach = approachFor(settings, code, undefined);
  const params = resolveParameters({ approach }, settings);
  const { model, stepDays } = riskModel(params);
  const snapshot = (await loadSnapshots(db, ref, [date])).get(date)!;
  const nav = snapshot.nav;

  const held = new Map(snapshot.positions.map((p) => [p.instrumentCode, p]));
  const wanted = [
    ...new Set([
      ...request.trades.map((t) => t.instrumentCode),
      ...request.headroomInstrumentCodes,
    ]),
  ].filter((c) => !held.has(c));
  const details = await instrumentDetails(db, wanted);
  const unknown = request.headroomInstrumentCodes.filter((c) => !held.has(c) && !details.has(c));
  if (unknown.length > 0)
    throw new AnalysisInputError(
      `Boşluk için seçilen varlık tanımlı değil: ${unknown.join(', ')}.`,
    );
  const tickers = new Set(await neededTickers(db, snapshot.positions));
  for (const d of details.values())
    for (const t of [d.mappingTicker, d.underlyingTicker]) if (t !== null) tickers.add(t);
  const market = await loadMarketData(
    db,
    [...tickers],
    date,
    date,
    Math.max(params.windowDays + stepDays, VOL_WINDOW + 1),
  );
  const w = windowFor(market, date, params.windowDays, stepDays, code);

  const items = new Map<string, Item>();
  for (const p of snapshot.positions) items.set(p.instrumentCode, heldItem(p));
  for (const [c, d] of details) items.set(c, newItem(c, d, market, date, nav));
  const { resolved, factors: after } = resolveTrades(request.trades, items, market, date);
  const before = new Map([...items.values()].map((i) => [i.code, i.held ? 1 : 0]));

  const [book] = await loadAuditBooks(db, [code], { asOfDate: date });
  const newHoldings = new Map(
    (
      await proposedAuditHoldings(
        db,
        [...items.values()]
          .filter((i) => !i.held)
          .map((i) => ({ code: i.code, value: i.base.valueTry, nominal: i.base.nominalValue })),
        date,
      )
    ).map((h) => [h.instrumentCode, h]),
  );
  const criteria = (await currentCriteria(db)).filter(
    (c) => c.rule.effectiveFrom <= date && criterionApplies(c.rule.scope, code, book!.fundCategory),
  );
  const ctx = inProcessContext(db, request);
  const refPct = approach === 'relative' ? await referenceVarPct(ctx, ref, date, params) : null;
  const setup: CheckSetup = {
    portfolioCode: code,
    date,
    nav,
    settings,
    approach,
    varLimitPct: portfolioLimit(settings, code, approach, refPct),
    leverageLimitPct: leverageLimitOf(settings, code),
    market,
    book: book!,
    concentration: ConcentrationRiskInputsSchema.parse({ portfolioCodes: [code], asOfDate: date }),
    criteria,
  };

  const positionsAt = (f: Factors): PositionInput[] =>
    [...items.values()].flatMap((i) => {
      const x = f.get(i.code)!;
      // A line sold out is gone (an option at zero value could not be priced for leverage).
      return x === 0 ? [] : [x === 1 && i.held ? i.base : scaled(i, x)];
    });
  const cashAt = (f: Factors): number =>
    -[...items.values()].reduce(
      (s, i) => s + (f.get(i.code)! - (i.held ? 1 : 0)) * i.base.valueTry,
      0,
    );
  const holdingsAt = (f: Factors): AuditHolding[] => {
    const out = book!.holdings.map((h) => {
      const x = f.get(h.instrumentCode) ?? 1;
      return x === 1 ? h : scaleHolding(h, x);
    });
    for (const [c, h] of newHoldings) {
      const x = f.get(c)!;
      if (x !== 0) out.push(scaleHolding(h, x));
    }
    const cash = cashAt(f);
    if (Math.abs(cash) > 1e-9) out.push(cashLine(cash));
    return out;
  };

  const e0 = await evaluate(ctx, positionsAt(before), nav, market, w, date, params, false);
  checkTolerance(unmappedRows(e0.matrix, nav), settings.unmappedTolerancePct, code, date);
  const e1 =
    resolved.length === 0
      ? e0
      : await evaluate(ctx, positionsAt(after), nav, market, w, date, params, false);
  const checksBefore = checksAt(setup, positionsAt(before), holdingsAt(before), e0.risk.var);
  const checksAfter =
    resolved.length === 0
      ? checksBefore
      : checksAt(setup, positionsAt(after), holdingsAt(after), e1.risk.var);

  const headroom = request.includeHeadroom
    ? headroomRows(setup, items, before, e0.matrix, model, w, {
        positionsAt,
        holdingsAt,
        probe: (c) =>
          book!.holdings.find((h) => h.instrumentCode === c) ?? newHoldings.get(c) ?? null,
        baseline: checksBefore,
      })
    : { rows: [], notes: [] };
  const breachedBefore = checksBefore.filter((c) => c.status === 'breach');
  return {
    portfolioCode: code,
    portfolioName: ref.name,
    holdingsDate: date,
    navTry: nav,
    cashChangeTry: cashAt(after),
    approach,
    varBeforeTry: e0.risk.var,
    varAfterTry: e1.risk.var,
    trades: resolved.map((t) => ({
      row: t.row,
      side: t.side,
      instrumentCode: t.item.code,
      instrumentName: t.item.name,
      quantity: t.quantity,
      valueChangeTry: t.valueChangeTry,
      unitPriceTry: t.item.unitPriceTry,
      newPosition: !t.item.held,
    })),
    checks: joinChecks(checksBefore, checksAfter),
    headroomIncluded: request.includeHeadroom,
    headroom: headroom.rows,
    alreadyBreached: breachedBefore.map(limitOf),
    notes: [
      'İşlemlerin nakit karşılığı fonun TL nakdine yazılır (alış nakitten ödenir, satış nakde eklenir); FTD değişmez.',
      'Adetle girilen işlem, portföydeki varlıkta dağılımdaki birim değerle (güncel değer / nominal), portföyde olmayan hisse, fon ve kıymetli madende eşlenen serinin tarihteki fiyatı × kur ile değerlenir.',
      ...(request.includeHeadroom
        ? [
            `Boşluk tablosu mevcut portföy üzerinden (önerilen işlemler uygulanmadan), her varlık için ayrı ayrı hesaplanır: alış en fazla FTD kadar aranır, satış portföydeki tutarla sınırlıdır. Arama ${HEADROOM_GRID} eşit adımlı tarama ve ikiye bölme ile yapılır; hassasiyet ${tolerance(nav).toLocaleString('tr-TR', { maximumFractionDigits: 2 })} TL.`,
            'Bugün zaten ihlalde olan limitler boşluk aramasında dikkate alınmaz; ayrıca listelenir.',
            ...headroom.notes,
          ]
        : []),
    ],
  };
}

function limitOf(c: CheckValue): HeadroomLimit {
  return { kind: c.kind, code: c.code, name: c.name };
}

function joinChecks(before: readonly CheckValue[], after: readonly CheckValue[]): PreTradeCheck[] {
  const state = (c: CheckValue | undefined) =>
    c
      ? { value: c.value, usage: c.usage, key: c.key, status: c.status }
      : { value: null, usage: null, key: null, status: 'pass' as const };
  const ids = [...new Set([...before, ...after].map(checkId))];
  return ids.map((id) => {
    const b = before.find((c) => checkId(c) === id);
    const a = after.find((c) => checkId(c) === id);
    const any = (a ?? b)!;
    return {
      kind: any.kind,
      code: any.code,
      name: any.name,
      unit: any.unit,
      limitText: any.limitText,
      before: state(b),
      after: state(a),
    };
  });
}

interface StateFns {
  positionsAt(f: Factors): PositionInput[];
  holdingsAt(f: Factors): AuditHolding[];
  /** The audit line of an item (held or proposed), null when it has none. */
  probe(code: string): AuditHolding | null;
  baseline: readonly CheckValue[];
}

/**
 * Per item, the largest buy and sale from the current holdings before a limit not already in
 * breach breaks. VaR on the way is the library's matrixRisk on two columns, the rest of the fund
 * and the item (the same P&L total, so the same VaR for historical, parametric and EWMA).
 */
function headroomRows(
  setup: CheckSetup,
  items: ReadonlyMap<string, Item>,
  before: Factors,
  matrix: ReturnType<typeof buildScenarioMatrix>,
  model: RiskModel,
  w: Parameters<typeof buildScenarioMatrix>[2],
  fns: StateFns,
): { rows: HeadroomRow[]; notes: string[] } {
  const S = matrix.scenarios;
  const totals = scenarioTotals(matrix.pnl, matrix.positions.length, S);
  const breachedBefore = new Set(fns.baseline.filter((c) => c.status === 'breach').map(checkId));
  const notes: string[] = [];
  const rows: HeadroomRow[] = [];
  const baseLeverage = fns.baseline.find((c) => c.kind === 'leverage');
  const underlyings = new Set(
    [...items.values()].flatMap((i) =>
      DERIVATIVE_TYPES.has(i.base.mainType) && i.base.underlyingTicker !== null
        ? [i.base.underlyingTicker]
        : [],
    ),
  );
  for (const item of items.values()) {
    const holding = item.held ? item.base.valueTry : 0;
    const row = {
      instrumentCode: item.code,
      instrumentName: item.name,
      held: item.held,
      holdingTry: holding,
    };
    let column: Float64Array | null = null;
    const k = matrix.positions.findIndex((p) => p.instrumentCode === item.code);
    if (k >= 0) column = matrix.pnl.subarray(k * S, (k + 1) * S);
    else if (!item.held) {
      const single = buildScenarioMatrix([item.base], setup.market, w, setup.date);
      if (single.positions.length === 1) column = single.pnl;
    }
    const skip = item.isFuture
      ? 'Vadeli işlem sözleşmesinin TL değeri yok: boşluk sözleşme adediyle denenmeli.'
      : item.base.valueTry <= 0
        ? 'Değeri sıfır veya negatif (borç) kalem: boşluk aranmaz.'
        : column === null
          ? 'RMD için eşlenmemiş veya fiyatı eksik: boşluk aranmaz.'
          : null;
    if (skip !== null) {
      rows.push({
        ...row,
        maxBuyTry: null,
        buyLimit: null,
        maxSellTry: 0,
        sellLimit: null,
        sellCappedByHolding: false,
        note: skip,
      });
      continue;
    }
    const f0 = before.get(item.code)!;
    // A limit moves only if the item's line or the cash line passes its filters (NAV is fixed).
    const probes = [fns.probe(item.code), cashLine(1)].filter((h) => h !== null);
    const relevant = (rule: CriterionRule) =>
      probes.some((h) => rule.filters.every((flt) => matchesFilter(h, flt, setup.date)));
    // Commitment moves only with derivatives and spot lines of their underlyings (NAV is fixed).
    const leverage =
      DERIVATIVE_TYPES.has(item.base.mainType) ||
      (item.base.mappingTicker !== null && underlyings.has(item.base.mappingTicker))
        ? undefined
        : baseLeverage;
    const rest = new Float64Array(S);
    for (let s = 0; s < S; s++) rest[s] = totals[s]! - f0 * column![s]!;
    const pnl = new Float64Array(2 * S);
    pnl.set(rest);
    const breakAt = (signed: number): HeadroomLimit | null => {
      const f = f0 + signed / item.base.valueTry;
      for (let s = 0; s < S; s++) pnl[S + s] = f * column![s]!;
      const varTry = matrixRisk(pnl, 2, S, model, false, []).var;
      const factors = new Map(before);
      factors.set(item.code, f);
      const isNew = (c: CheckValue) => c.status === 'breach' && !breachedBefore.has(checkId(c));
      // Cheapest first, stopping at the first limit that breaks.
      const v = varCheck(setup, varTry);
      if (isNew(v)) return limitOf(v);
      const lev = leverage ?? leverageCheck(setup, fns.positionsAt(factors));
      if (isNew(lev)) return limitOf(lev);
      const holdings = fns.holdingsAt(factors);
      const conc = concentrationChecks(setup, holdings, relevant).find(isNew);
      if (conc) return limitOf(conc);
      const audit = auditChecks(setup, holdings, relevant).find(isNew);
      return audit ? limitOf(audit) : null;
    };
    const tol = tolerance(setup.nav);
    const buy = searchHeadroom((x) => breakAt(x), Math.abs(setup.nav), tol);
    const sell = searchHeadroom((x) => breakAt(-x), holding, tol);
    rows.push({
      ...row,
      maxBuyTry: buy.limit === null ? null : buy.max,
      buyLimit: buy.limit,
      maxSellTry: sell.max,
      sellLimit: sell.limit,
      sellCappedByHolding: sell.limit === null,
      note: null,
    });
  }
  if (model.method === 'montecarlo')
    notes.push(
      'Monte Carlo yönteminde boşluk aramasındaki RMD, iki sütunlu (fonun geri kalanı ve varlık) senaryo kümesinden yeniden çekilir; sınırdaki değer öncesi/sonrası tablosundaki tam hesapla küçük farklar gösterebilir.',
    );
  return { rows, notes };
}

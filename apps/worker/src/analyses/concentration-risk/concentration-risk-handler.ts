// 'concentration-risk': exposures by issuer, group, sector, asset class, currency, country and
// counterparty, HHI and effective number of names, top 10, and the limit checks
// (regulation-and-methods.md §4; decision 0035). The holdings come from the Module 3 audit loader
// (instrument attributes, deposits under their bank, derivative commitment) and the checks are the
// shipped criteria evaluated by the Module 3 engine with the run's limits.
import {
  CONCENTRATION_LIMIT_KEYS,
  CONCENTRATION_TOP_N,
  EXPOSURE_DIMENSIONS,
  EXPOSURE_DIMENSION_LABELS,
  INSTRUMENT_MAIN_TYPE_LABELS,
  concentrationRule,
  criterionApplies,
  evaluateCriterion,
  type AuditHolding,
  type ConcentrationFund,
  type ConcentrationRiskInputs,
  type ConcentrationRiskResult,
  type ConcentrationStatus,
  type CriterionRule,
  type ExposureDimension,
  type ResultTables,
  buildTable,
  CONCENTRATION_RISK_TABLES,
  CONCENTRATION_STATUS_LABELS,
} from '@fonrisk/contracts';
import { groupWeights, herfindahl, topN, type Weight } from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { loadAuditBooks, type AuditBook } from '../internal-audit/audit-book.ts';
import { barChartOption } from '../report-charts.ts';

const DERIVATIVE_TYPES = new Set(['future', 'option', 'warrant']);
/** Labels by any stored main type (a holding may carry one outside the vocabulary). */
const TYPE_LABELS: Readonly<Record<string, string | undefined>> = INSTRUMENT_MAIN_TYPE_LABELS;
export const DERIVATIVE_CONVENTION =
  'Türevler dayanak pozisyonuyla dahil (karar 0051): vadeli işlemde sözleşme sayısı × sözleşme büyüklüğü × dayanağın düzeyi (vadeli işlemin kendi fiyatı değil); opsiyonda ayrıca × delta (Black-Scholes-Merton, vadeli işlem dayanaklıda Black-76; oynaklık primden ima edilir). Delta 1 nominal türev tablosunda yanında gösterilir; fiyatlanamayan türev piyasa değeriyle alınır.';
export const HHI_CONVENTION =
  'HHI = Σ pay² (paylar anahtarların mutlak toplamına göre); etkin sayı = 1 / HHI (regulation-and-methods §4.3).';

/** The exposure a holding adds: derivatives by their commitment, everything else by its value. */
export function exposureOf(h: AuditHolding): number {
  return DERIVATIVE_TYPES.has(h.mainType) ? (h.commitmentTry ?? h.valueTry) : h.valueTry;
}

/** The key of a holding under a dimension; null when it has none (cash has no issuer). */
export function keyOf(h: AuditHolding, dimension: ExposureDimension): string | null {
  switch (dimension) {
    case 'assetClass':
      return TYPE_LABELS[h.mainType] ?? h.mainType;
    case 'country':
      return h.isForeign ? 'Yabancı' : 'Yurt içi';
    case 'currency':
      return h.currency;
    case 'issuer':
    case 'issuerGroup':
    case 'sector':
    case 'counterparty':
      return h[dimension];
  }
}

interface FundOutcome {
  readonly fund: ConcentrationFund;
  readonly weights: Readonly<Record<ExposureDimension, Weight[]>>;
  readonly derivatives: readonly AuditHolding[];
}

/** Status of a checked value: over the limit = the rule's severity, else near or pass. */
function statusOf(
  value: number,
  limit: number,
  severity: 'warning' | 'breach',
  warningUsage: number,
): ConcentrationStatus {
  if (value > limit + 1e-12) return severity;
  if (limit > 0 && value >= warningUsage * limit - 1e-12) return 'near';
  return 'pass';
}

/**
 * The limit checks of a book: each enabled limit that applies, evaluated by the Module 3 engine;
 * per-key limits give a row per key. The pre-trade check (decision 0064) calls it on the
 * holdings after the proposed trades.
 */
export function concentrationChecksOf(
  book: AuditBook,
  inputs: Pick<ConcentrationRiskInputs, 'limits' | 'warningUsage'>,
  keep: (rule: CriterionRule) => boolean = () => true,
): ConcentrationFund['checks'] {
  const ctx = { asOfDate: book.date, nav: book.nav, fundCategory: book.fundCategory };
  const checks: ConcentrationFund['checks'] = [];
  for (const key of CONCENTRATION_LIMIT_KEYS) {
    const setting = inputs.limits[key];
    if (!setting.enabled) continue;
    const rule = concentrationRule(key, setting);
    if (!criterionApplies(rule.scope, book.portfolioCode, book.fundCategory) || !keep(rule))
      continue;
    const ev = evaluateCriterion(rule, book.holdings, ctx);
    if (ev.value === null) continue;
    const limit = setting.limit;
    const row = (value: number, k: string | null) => ({
      limitKey: key,
      code: rule.code,
      name: rule.name,
      key: k,
      value,
      limit,
      margin: limit - value,
      status: statusOf(value, limit, rule.severity, inputs.warningUsage),
      source: rule.source,
    });
    if (rule.measure.aggregation === 'maxWeightPerKey') {
      for (const w of ev.keys) checks.push(row(w.weight, w.key));
    } else if (rule.measure.aggregation === 'sumAboveThreshold') {
      const threshold = rule.measure.threshold ?? 0;
      const above = ev.keys.filter((w) => w.weight > threshold + 1e-12).map((w) => w.key);
      checks.push(row(ev.value, above.length > 0 ? above.join(', ') : null));
    } else checks.push(row(ev.value, null));
  }
  return checks;
}

export function concentrationOf(book: AuditBook, inputs: ConcentrationRiskInputs): FundOutcome {
  if (!(book.nav > 0))
    throw new AnalysisInputError(
      `${book.portfolioCode} portföyünün ${book.date} tarihli fon toplam değeri (FTD) sıfır veya negatif.`,
    );
  const notes: string[] = [];
  const entries = book.holdings.map((h) => ({ h, exposure: exposureOf(h) }));
  const weights = Object.fromEntries(
    EXPOSURE_DIMENSIONS.map((d) => [
      d,
      groupWeights(
        entries.map((e) => ({ key: keyOf(e.h, d), valueTry: e.exposure })),
        book.nav,
      ),
    ]),
  ) as Record<ExposureDimension, Weight[]>;
  const hhi = EXPOSURE_DIMENSIONS.map((d) => {
    const index = herfindahl(weights[d]);
    return {
      dimension: d,
      hhi: index?.hhi ?? null,
      hhiPoints: index?.hhiPoints ?? null,
      effectiveN: index?.effectiveN ?? null,
      keys: weights[d].length,
    };
  });
  const checks = concentrationChecksOf(book, inputs);
  const unkeyed = book.holdings.filter((h) => h.issuer === null && h.valueTry > 0).length;
  if (unkeyed > 0)
    notes.push(`${unkeyed} satırın ihraççısı yok (nakit vb.): ihraççı dağılımına katılmadı.`);
  return {
    fund: {
      portfolioCode: book.portfolioCode,
      portfolioName: book.portfolioName,
      date: book.date,
      nav: book.nav,
      hhi,
      checks,
      breaches: checks.filter((c) => c.status === 'breach').length,
      notes,
    },
    weights,
    derivatives: book.holdings.filter((h) => DERIVATIVE_TYPES.has(h.mainType)),
  };
}

function tables(outcomes: readonly FundOutcome[]): ResultTables {
  const funds = outcomes.map((o) => o.fund);
  return {
    summary: buildTable(
      CONCENTRATION_RISK_TABLES.summary,
      outcomes.map(({ fund: f, weights }) => {
        const issuer = f.hhi.find((h) => h.dimension === 'issuer');
        return {
          portfolioCode: f.portfolioCode,
          portfolioName: f.portfolioName,
          date: f.date,
          nav: f.nav,
          issuerHhi: issuer?.hhiPoints ?? null,
          issuerEffectiveN: issuer?.effectiveN ?? null,
          top10: topN(weights.issuer, CONCENTRATION_TOP_N).reduce((s, w) => s + w.weight, 0),
          breaches: f.breaches,
          warnings: f.checks.filter((c) => c.status === 'warning').length,
          near: f.checks.filter((c) => c.status === 'near').length,
          status: f.breaches > 0 ? 'breach' : 'pass',
        };
      }),
    ),
    checks: buildTable(
      CONCENTRATION_RISK_TABLES.checks,
      funds.flatMap((f) =>
        f.checks.map((c) => ({
          portfolioCode: f.portfolioCode,
          ...c,
          statusLabel: CONCENTRATION_STATUS_LABELS[c.status],
        })),
      ),
    ),
    top10: buildTable(
      CONCENTRATION_RISK_TABLES.top10,
      outcomes.flatMap(({ fund, weights }) =>
        topN(weights.issuer, CONCENTRATION_TOP_N).map((w, i) => ({
          portfolioCode: fund.portfolioCode,
          rank: i + 1,
          key: w.key,
          valueTry: w.valueTry,
          weight: w.weight,
        })),
      ),
    ),
    exposures: buildTable(
      CONCENTRATION_RISK_TABLES.exposures,
      outcomes.flatMap(({ fund, weights }) =>
        EXPOSURE_DIMENSIONS.flatMap((d) =>
          weights[d].map((w) => ({
            portfolioCode: fund.portfolioCode,
            dimensionKey: d,
            dimension: EXPOSURE_DIMENSION_LABELS[d],
            key: w.key,
            valueTry: w.valueTry,
            weight: w.weight,
          })),
        ),
      ),
    ),
    derivatives: buildTable(
      CONCENTRATION_RISK_TABLES.derivatives,
      outcomes.flatMap(({ fund: f, derivatives }) =>
        derivatives.map((h) => ({
          portfolioCode: f.portfolioCode,
          instrumentCode: h.instrumentCode,
          instrumentName: h.instrumentName,
          mainTypeLabel: TYPE_LABELS[h.mainType] ?? h.mainType,
          valueTry: h.valueTry,
          notionalTry: h.notionalTry ?? null,
          delta:
            h.commitmentTry === null || !h.notionalTry ? null : h.commitmentTry / h.notionalTry,
          exposureTry: exposureOf(h),
          weight: exposureOf(h) / f.nav,
        })),
      ),
    ),
    hhi: buildTable(
      CONCENTRATION_RISK_TABLES.hhi,
      funds.flatMap((f) =>
        f.hhi.map((h) => ({
          portfolioCode: f.portfolioCode,
          dimension: EXPOSURE_DIMENSION_LABELS[h.dimension as ExposureDimension],
          hhiPoints: h.hhiPoints,
          effectiveN: h.effectiveN,
          keys: h.keys,
        })),
      ),
    ),
  };
}

async function runConcentrationRisk(
  ctx: RunContext<ConcentrationRiskInputs>,
): Promise<{ result: ConcentrationRiskResult; dataSnapshot: Record<string, unknown> }> {
  await ctx.progress(0, 'Portföy dağılımları okunuyor');
  const books = await loadAuditBooks(ctx.db, ctx.inputs.portfolioCodes, {
    asOfDate: ctx.inputs.asOfDate,
  });
  const outcomes: FundOutcome[] = [];
  for (const [k, book] of books.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(
      k / books.length,
      `${book.portfolioCode} portföyünün yoğunlaşması hesaplanıyor`,
    );
    outcomes.push(concentrationOf(book, ctx.inputs));
  }
  await ctx.progress(1, 'Yoğunlaşma analizi tamamlandı');
  const funds = outcomes.map((o) => o.fund);
  const charts: ConcentrationRiskResult['charts'] = {
    hhi: {
      title: 'Etkin sayı (1/HHI): ihraççı, sektör, varlık sınıfı',
      option: barChartOption(
        funds.map((f) => f.portfolioCode),
        (['issuer', 'sector', 'assetClass'] as const).map((d) => ({
          name: EXPOSURE_DIMENSION_LABELS[d],
          values: funds.map((f) => f.hhi.find((h) => h.dimension === d)?.effectiveN ?? 0),
        })),
        { digits: 2 },
      ),
    },
  };
  for (const { fund, weights } of outcomes) {
    const top = topN(weights.issuer, CONCENTRATION_TOP_N);
    charts[`top10:${fund.portfolioCode}`] = {
      title: `${fund.portfolioCode}: ilk ${CONCENTRATION_TOP_N} ihraççı (% FTD)`,
      option: barChartOption(
        top.map((w) => w.key),
        [{ name: fund.portfolioCode, values: top.map((w) => w.weight * 100) }],
        { yUnit: '%', digits: 2 },
      ),
    };
    charts[`assetClass:${fund.portfolioCode}`] = {
      title: `${fund.portfolioCode}: varlık sınıfı dağılımı (% FTD)`,
      option: barChartOption(
        weights.assetClass.map((w) => w.key),
        [{ name: fund.portfolioCode, values: weights.assetClass.map((w) => w.weight * 100) }],
        { yUnit: '%', digits: 2 },
      ),
    };
  }
  return {
    result: {
      asOfDate: ctx.inputs.asOfDate,
      conventions: {
        derivatives: DERIVATIVE_CONVENTION,
        hhi: HHI_CONVENTION,
        warningUsage: ctx.inputs.warningUsage,
      },
      funds,
      tables: tables(outcomes),
      charts,
    },
    dataSnapshot: {
      holdingsDates: Object.fromEntries(funds.map((f) => [f.portfolioCode, f.date])),
    },
  };
}

export const concentrationRiskHandler: AnalysisHandler<'concentration-risk'> = {
  run: runConcentrationRisk,
};

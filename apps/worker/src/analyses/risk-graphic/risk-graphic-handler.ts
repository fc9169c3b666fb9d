// 'risk-graphic': VaR and limit usage over time, risk/return scatter, correlation heat map and
// exposure treemap across chosen portfolios (docs/decisions/0036).
import {
  LIMIT_STATUS_LABELS,
  RISK_GRAPHIC_PERIODS_PER_YEAR,
  VarPointSchema,
  type ResultChart,
  type ResultTable,
  type RiskGraphicInputs,
  type RiskGraphicResult,
  type RiskReturnPoint,
  type VarPoint,
  buildTable,
  RISK_GRAPHIC_TABLES,
  riskGraphicCorrelationTable,
} from '@fonrisk/contracts';
import { type Database, inArray, instruments, latestVarPoints } from '@fonrisk/db';
import { annualizedReturn, annualizedVolatility, correlationMatrix } from '@fonrisk/risk';
import { mainTypeLabel } from '../data/daily-returns.ts';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import { dailyReturns } from '../data/daily-returns.ts';
import {
  latestHoldingsDate,
  loadSnapshots,
  resolvePortfolios,
  type Snapshot,
} from '../data/load.ts';

/** Fewest daily returns for an annualised figure or a correlation. */
const MIN_OBSERVATIONS = 20;
const round = (v: number, digits = 6): number => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The VaR points of the portfolios in [from, to] from finished 'var' runs; the most recently
 * finished run wins for a portfolio and date (as rmd-tracking reads them, from the points the
 * runs' triggers keep: decision 0125).
 */
export async function varHistory(
  db: Database,
  codes: readonly string[],
  from: string,
  to: string,
): Promise<VarPoint[]> {
  const rows = await latestVarPoints(db, { codes, from, to });
  return rows
    .flatMap((row) => {
      const parsed = VarPointSchema.safeParse(row.point);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.portfolioCode.localeCompare(b.portfolioCode) || a.date.localeCompare(b.date));
}

function varChart(points: readonly VarPoint[], codes: readonly string[]): ResultChart {
  const series = codes.flatMap((code) => {
    const mine = points.filter((p) => p.portfolioCode === code);
    if (mine.length === 0) return [];
    return [
      {
        name: `${code} RMD`,
        type: 'line',
        showSymbol: mine.length < 40,
        data: mine.map((p) => [p.date, round(p.varPct * 100, 4)]),
      },
      {
        name: `${code} limit kullanımı`,
        type: 'line',
        yAxisIndex: 1,
        lineStyle: { type: 'dashed' },
        showSymbol: false,
        data: mine.filter((p) => p.usage !== null).map((p) => [p.date, round(p.usage! * 100, 2)]),
      },
    ];
  });
  return {
    title: 'RMD ve Limit Kullanımı',
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 56, right: 64, top: 40, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: 'RMD (% FTD)', axisLabel: { formatter: '%{value}' } },
        { type: 'value', name: 'Limit kullanımı', axisLabel: { formatter: '%{value}' } },
      ],
      series,
    },
  };
}

function riskReturnChart(points: readonly RiskReturnPoint[]): ResultChart {
  const shown = points.filter(
    (p) => p.annualizedReturn !== null && p.annualizedVolatility !== null,
  );
  const maxNav = Math.max(1, ...shown.map((p) => p.navTry ?? 0));
  return {
    title: 'Risk / Getiri (yıllık oynaklık ve getiri, balon = FTD)',
    option: {
      tooltip: { trigger: 'item', formatter: '{b}: oynaklık %{c0}, getiri %{c1}' },
      grid: { left: 64, right: 32, top: 32, bottom: 48 },
      xAxis: { type: 'value', name: 'Yıllık oynaklık (%)', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', name: 'Yıllık getiri (%)' },
      series: [
        {
          type: 'scatter',
          label: { show: true, formatter: '{b}', position: 'top' },
          data: shown.map((p) => ({
            name: p.portfolioCode,
            value: [
              round(p.annualizedVolatility! * 100, 2),
              round(p.annualizedReturn! * 100, 2),
              round(p.navTry ?? 0, 0),
            ],
            symbolSize: Math.round(12 + 48 * Math.sqrt((p.navTry ?? 0) / maxNav)),
          })),
        },
      ],
    },
  };
}

function heatmapChart(
  title: string,
  labels: readonly string[],
  m: (number | null)[][],
): ResultChart {
  const data: [number, number, number | string][] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = 0; j < labels.length; j++)
      data.push([j, i, m[i]![j] === null ? '-' : round(m[i]![j]!, 3)]);
  return {
    title,
    option: {
      tooltip: { position: 'top' },
      grid: { left: 96, right: 24, top: 24, bottom: 96 },
      xAxis: {
        type: 'category',
        data: labels,
        axisLabel: { rotate: 45 },
        splitArea: { show: true },
      },
      yAxis: { type: 'category', data: labels, splitArea: { show: true } },
      visualMap: {
        min: -1,
        max: 1,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: ['#1971c2', '#f8f9fa', '#e03131'] },
      },
      series: [{ type: 'heatmap', data, label: { show: labels.length <= 12 } }],
    },
  };
}

interface ExposureLine {
  readonly portfolioCode: string;
  readonly assetClass: string;
  readonly issuer: string;
  readonly instrumentCode: string;
  readonly name: string;
  readonly valueTry: number;
}

function treemapChart(lines: readonly ExposureLine[]): ResultChart {
  const tree = new Map<string, Map<string, Map<string, { name: string; value: number }>>>();
  for (const l of lines) {
    if (l.valueTry <= 0) continue;
    const cls =
      tree.get(l.assetClass) ?? new Map<string, Map<string, { name: string; value: number }>>();
    tree.set(l.assetClass, cls);
    const iss = cls.get(l.issuer) ?? new Map<string, { name: string; value: number }>();
    cls.set(l.issuer, iss);
    const pos = iss.get(l.instrumentCode) ?? { name: l.name, value: 0 };
    pos.value += l.valueTry;
    iss.set(l.instrumentCode, pos);
  }
  const data = [...tree].map(([cls, issuers]) => ({
    name: cls,
    children: [...issuers].map(([issuer, positions]) => ({
      name: issuer,
      children: [...positions.values()].map((p) => ({ name: p.name, value: round(p.value, 2) })),
    })),
  }));
  return {
    title: 'Varlık Dağılımı (varlık sınıfı > ihraççı > pozisyon)',
    option: {
      tooltip: { formatter: '{b}: {c} TL' },
      series: [
        {
          type: 'treemap',
          name: 'Tümü',
          leafDepth: 2,
          roam: false,
          breadcrumb: { show: true },
          upperLabel: { show: true, height: 20 },
          levels: [
            { itemStyle: { borderWidth: 2, gapWidth: 2 } },
            { itemStyle: { borderWidth: 1, gapWidth: 1 } },
            { itemStyle: { gapWidth: 1 } },
          ],
          data,
        },
      ],
    },
  };
}

async function instrumentIssuers(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, string | null>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: instruments.code, issuer: instruments.issuer })
    .from(instruments)
    .where(inArray(instruments.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.issuer]));
}

async function runRiskGraphic(
  ctx: RunContext<RiskGraphicInputs>,
): Promise<{ result: RiskGraphicResult; dataSnapshot: Record<string, unknown> }> {
  const { fromDate, toDate, correlationBasis, topPositions } = ctx.inputs;
  const db = ctx.db;
  const refs = await resolvePortfolios(db, ctx.inputs.portfolioCodes);
  const codes = refs.map((r) => r.code);
  const notes: string[] = [];

  await ctx.progress(0.1, 'Portföy varlıkları okunuyor');
  const snapshots = new Map<string, Snapshot>();
  for (const ref of refs) {
    const date = await latestHoldingsDate(db, ref, toDate);
    if (date === null || date < fromDate) {
      notes.push(`${ref.code}: ${fromDate} – ${toDate} döneminde portföy kaydı yok.`);
      continue;
    }
    snapshots.set(ref.code, (await loadSnapshots(db, ref, [date])).get(date)!);
  }

  await ctx.progress(0.3, 'RMD geçmişi okunuyor');
  const varPoints = await varHistory(db, codes, fromDate, toDate);
  if (varPoints.length === 0)
    notes.push(
      `${fromDate} – ${toDate} döneminde seçilen portföylerin tamamlanmış RMD çalıştırması yok (RMD Analizi veya RMD Limit Takibi ekranından çalıştırılabilir).`,
    );

  await ctx.progress(0.5, 'Getiriler hesaplanıyor');
  const returns = await dailyReturns(db, codes, fromDate, toDate);
  const options = { periodsPerYear: RISK_GRAPHIC_PERIODS_PER_YEAR };
  const points: RiskReturnPoint[] = refs.map((ref) => {
    const r = [...returns.get(ref.code)!].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
    const enough = r.length >= MIN_OBSERVATIONS;
    if (!enough)
      notes.push(
        `${ref.code}: dönemde ${r.length} günlük birim pay getirisi var, risk/getiri için en az ${MIN_OBSERVATIONS} gerekir.`,
      );
    return {
      portfolioCode: ref.code,
      portfolioName: ref.name,
      navTry: snapshots.get(ref.code)?.nav ?? null,
      annualizedReturn: enough ? annualizedReturn(r, options) : null,
      annualizedVolatility: enough ? annualizedVolatility(r, options) : null,
      observations: r.length,
    };
  });
  if (varPoints.length === 0 && snapshots.size === 0 && points.every((p) => p.observations === 0))
    throw new AnalysisInputError(
      `${codes.join(', ')} için ${fromDate} – ${toDate} döneminde veri yok (portföy kaydı, birim pay fiyatı ve RMD sonucu bulunamadı).`,
    );

  await ctx.progress(0.7, 'Korelasyonlar hesaplanıyor');
  let labels: string[];
  let corrSeries: Map<string, number>[];
  let corrTitle: string;
  if (correlationBasis === 'positions') {
    const first = refs[0]!;
    const snap = snapshots.get(first.code);
    const top = (snap?.positions ?? [])
      .filter((p) => p.mappingTicker !== null && p.valueTry > 0)
      .sort((a, b) => b.valueTry - a.valueTry)
      .slice(0, topPositions);
    const byTicker = await dailyReturns(
      db,
      top.map((p) => p.mappingTicker!),
      fromDate,
      toDate,
    );
    labels = top.map((p) => p.instrumentCode);
    corrSeries = top.map((p) => byTicker.get(p.mappingTicker!)!);
    corrTitle = `${first.code}: En Büyük ${top.length} Pozisyonun Getiri Korelasyonu`;
    if (top.length < 2)
      notes.push(
        `${first.code}: korelasyon için fiyat serisine eşlenmiş en az iki pozisyon gerekir.`,
      );
  } else {
    labels = codes;
    corrSeries = codes.map((c) => returns.get(c)!);
    corrTitle = 'Portföy Getirilerinin Korelasyonu';
  }
  const matrix = correlationMatrix(corrSeries, MIN_OBSERVATIONS);

  await ctx.progress(0.85, 'Varlık dağılımı hazırlanıyor');
  const allPositions = [...snapshots].flatMap(([code, s]) => s.positions.map((p) => ({ code, p })));
  const issuers = await instrumentIssuers(db, [
    ...new Set(allPositions.map((x) => x.p.instrumentCode)),
  ]);
  const exposure: ExposureLine[] = allPositions.map(({ code, p }) => ({
    portfolioCode: code,
    assetClass: mainTypeLabel(p.mainType),
    issuer: issuers.get(p.instrumentCode) ?? 'İhraççısız',
    instrumentCode: p.instrumentCode,
    name: p.instrumentName ?? p.instrumentCode,
    valueTry: p.valueTry,
  }));
  const negative = exposure.filter((l) => l.valueTry < 0);
  if (negative.length > 0)
    notes.push(
      `Varlık dağılımında eksi değerli ${negative.length} satır (yükümlülük, açık pozisyon) gösterilmedi; tabloda yer alır.`,
    );

  const tables: Record<string, ResultTable> = {
    varUsage: buildTable(
      RISK_GRAPHIC_TABLES.varUsage,
      varPoints.map((p) => ({
        portfolioCode: p.portfolioCode,
        date: p.date,
        varPct: p.varPct,
        limitPct: p.limitPct,
        usage: p.usage,
        status: LIMIT_STATUS_LABELS[p.status],
      })),
    ),
    riskReturn: buildTable(
      RISK_GRAPHIC_TABLES.riskReturn,
      points.map((p) => ({ ...p })),
    ),
    correlation: buildTable(
      riskGraphicCorrelationTable(corrTitle, labels),
      labels.map((l, i) => ({
        label: l,
        ...Object.fromEntries(labels.map((m, j) => [m, matrix[i]![j]])),
      })),
    ),
    exposure: buildTable(
      RISK_GRAPHIC_TABLES.exposure,
      exposure.map((l) => ({ ...l })),
    ),
  };
  await ctx.progress(1, 'Risk grafikleri hazır');
  const result: RiskGraphicResult = {
    fromDate,
    toDate,
    holdingsDates: Object.fromEntries([...snapshots].map(([c, s]) => [c, s.date])),
    points,
    conventions: {
      periodsPerYear: RISK_GRAPHIC_PERIODS_PER_YEAR,
      correlation:
        'Pearson, günlük basit getiriler, ikili ortak günler (R cor, pairwise.complete.obs)',
    },
    notes,
    tables,
    charts: {
      varUsage: varChart(varPoints, codes),
      riskReturn: riskReturnChart(points),
      correlation: heatmapChart(corrTitle, labels, matrix),
      exposure: treemapChart(exposure),
    },
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates: result.holdingsDates,
      varPoints: varPoints.length,
      priceWindow: { from: fromDate, to: toDate },
    },
  };
}

export const riskGraphicHandler: AnalysisHandler<'risk-graphic'> = { run: runRiskGraphic };

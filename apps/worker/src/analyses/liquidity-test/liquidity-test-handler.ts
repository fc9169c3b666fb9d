// 'liquidity-test': liquidity profile and redemption coverage of funds (regulation-and-methods.md
// §3; decision 0035). Days to liquidate from the average daily volume of the position's volume
// series (or the type's days), buckets, pro-rata and waterfall sales, redemption scenarios.
import {
  INSTRUMENT_MAIN_TYPE_LABELS,
  LIQUIDITY_BASIS_LABELS,
  LIQUIDITY_CALENDAR_LABEL,
  LIQUIDITY_BUCKET_LABELS,
  SELLING_METHOD_LABELS,
  formatPercent,
  isoToTurkishDate,
  volumeTickerOf,
  type LiquidityFund,
  type LiquidityTestInputs,
  type LiquidityTestResult,
  type LiquidityTypeSetting,
  type ResultTables,
  buildTable,
  LIQUIDITY_TEST_TABLES,
} from '@fonrisk/contracts';
import {
  type Database,
  and,
  asc,
  gte,
  holdings,
  inArray,
  lte,
  marketValues,
  readCalendarOverrides,
  sql,
} from '@fonrisk/db';
import {
  createTurkishCalendar,
  formatIsoDate,
  liquidationTradeDate,
  liquidityProfile,
  parseIsoDate,
  positionSettlementDates,
  settledByPayment,
  settlementDate,
  sellableShare,
  squareRootImpact,
  worstNetOutflow,
  type BusinessCalendar,
  type LiquidityPosition,
} from '@fonrisk/risk';
import { AnalysisInputError, RunCancelledError } from '../../runner/errors.ts';
import type { AnalysisHandler, RunContext } from '../../runner/handler.ts';
import {
  latestHoldingsDate,
  loadSnapshots,
  resolvePortfolios,
  type PortfolioRef,
} from '../data/load.ts';
import { barChartOption } from '../report-charts.ts';

/** Labels by any stored main type (a holding may carry one outside the vocabulary). */
const TYPE_LABELS: Readonly<Record<string, string | undefined>> = INSTRUMENT_MAIN_TYPE_LABELS;

/** Business days of returns for the daily volatility of the impact model. */
export const IMPACT_VOLATILITY_DAYS = 60;
export const IMPACT_MODEL = 'Karekök etki: maliyet = iskonto + σ_günlük × √(günlük satış / OGİH)';
/** Ends of the cumulative horizons: the buckets 1, 2-7, 8-30, 31-90 and > 90 days. */
const BUCKET_ENDS = [1, 7, 30, 90, Number.POSITIVE_INFINITY] as const;

type Series = { dates: string[]; values: number[] };

/** Values of `tickers` on or before `date`, at most `calendarDays` back, ascending per ticker. */
async function recentValues(
  db: Database,
  tickers: readonly string[],
  date: string,
  calendarDays: number,
): Promise<Map<string, Series>> {
  const out = new Map<string, Series>();
  if (tickers.length === 0) return out;
  const rows = await db
    .select({ ticker: marketValues.ticker, date: marketValues.date, value: marketValues.value })
    .from(marketValues)
    .where(
      and(
        inArray(marketValues.ticker, [...tickers]),
        gte(marketValues.date, formatIsoDate(parseIsoDate(date) - calendarDays)),
        lte(marketValues.date, date),
      ),
    )
    .orderBy(asc(marketValues.date));
  for (const r of rows) {
    let s = out.get(r.ticker);
    if (!s) out.set(r.ticker, (s = { dates: [], values: [] }));
    s.dates.push(r.date);
    s.values.push(r.value);
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Sample standard deviation of the last `n` simple returns (decision 0003: returns are simple;
 * the impact is a price change on them, decision 0057); null with fewer than 2.
 */
export function dailyVolatility(s: Series | undefined, n: number): number | null {
  if (!s) return null;
  const v = s.values.slice(-(n + 1));
  const r: number[] = [];
  for (let i = 1; i < v.length; i++) if (v[i - 1]! > 0 && v[i]! > 0) r.push(v[i]! / v[i - 1]! - 1);
  if (r.length < 2) return null;
  const m = mean(r);
  return Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / (r.length - 1));
}

type LineWithDays = AnalysedLine & {
  readonly dtl: number;
  /** Settlement lag (valör) of the line's main type, business days. */
  readonly lag: number;
  readonly liquidationEndDate: string | null;
  readonly cashDate: string | null;
  /** Cash the line brings by the fund's redemption payment date. */
  readonly settledByPaymentTry: number;
};

interface AnalysedLine {
  readonly code: string;
  readonly name: string | null;
  readonly mainType: string;
  readonly valueTry: number;
  readonly quantity: number | null;
  readonly basis: 'volume' | 'days';
  readonly adv: number | null;
  readonly windowDays: number | null;
  readonly volumeTo: string | null;
  readonly haircut: number;
  readonly impact: number | null;
  readonly position: LiquidityPosition;
}

/** The settlement lag (T+n) of a main type; a type outside the vocabulary takes 'other'. */
function lagOf(inputs: LiquidityTestInputs, mainType: string): number {
  const byType: Readonly<Record<string, number | undefined>> = inputs.settlementLagDays;
  return byType[mainType] ?? inputs.settlementLagDays.other;
}

function settingOf(inputs: LiquidityTestInputs, mainType: string): LiquidityTypeSetting {
  const byType: Readonly<Record<string, LiquidityTypeSetting | undefined>> = inputs.typeSettings;
  return byType[mainType] ?? inputs.typeSettings.other;
}

/** Net asset value per holdings date of one portfolio over [from, to]. */
async function navHistory(
  db: Database,
  ref: PortfolioRef,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      date: holdings.portfolioDate,
      nav: sql<number>`sum(${holdings.currentValue})::float8`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...ref.members]),
        gte(holdings.portfolioDate, from),
        lte(holdings.portfolioDate, to),
      ),
    )
    .groupBy(holdings.portfolioDate);
  return new Map(rows.map((r) => [r.date, r.nav]));
}

async function fundLiquidity(
  ctx: RunContext<LiquidityTestInputs>,
  ref: PortfolioRef,
  calendar: BusinessCalendar,
): Promise<{ fund: LiquidityFund; lines: LineWithDays[]; volumeTo: string | null }> {
  const { db, inputs } = ctx;
  const date = await latestHoldingsDate(db, ref, inputs.asOfDate);
  if (date === null)
    throw new AnalysisInputError(
      `${ref.code} portföyünün ${inputs.asOfDate} veya öncesine ait portföy dağılımı yok.`,
    );
  const snapshot = (await loadSnapshots(db, ref, [date])).get(date)!;
  const nav = snapshot.nav;
  if (!(nav > 0))
    throw new AnalysisInputError(
      `${ref.code} portföyünün ${date} tarihli fon toplam değeri (FTD) sıfır veya negatif.`,
    );
  const notes: string[] = [];
  const assets = snapshot.positions.filter((p) => p.valueTry > 0);
  const skipped = snapshot.positions.length - assets.length;
  if (skipped > 0)
    notes.push(
      `${skipped} satır (değeri sıfır veya negatif: vadeli işlemler, yükümlülükler) satılabilir varlıklara katılmadı.`,
    );
  const volumeLines = assets.filter(
    (p) => settingOf(inputs, p.mainType).basis === 'volume' && p.mappingTicker !== null,
  );
  const maxWindow = Math.max(
    IMPACT_VOLATILITY_DAYS,
    ...volumeLines.map((p) => settingOf(inputs, p.mainType).windowDays),
  );
  const calendarDays = Math.ceil(maxWindow * 1.6) + 15;
  const volumes = await recentValues(
    db,
    [...new Set(volumeLines.map((p) => volumeTickerOf(p.mappingTicker!)))],
    date,
    calendarDays,
  );
  const prices = await recentValues(
    db,
    [...new Set(volumeLines.map((p) => p.mappingTicker!))],
    date,
    Math.ceil((IMPACT_VOLATILITY_DAYS + 1) * 1.6) + 15,
  );
  let volumeTo: string | null = null;
  let withoutVolume = 0;
  const lines: AnalysedLine[] = assets.map((p) => {
    const s = settingOf(inputs, p.mainType);
    const quantity = p.nominalValue === null ? null : Math.abs(p.nominalValue);
    const base = {
      code: p.instrumentCode,
      name: p.instrumentName,
      mainType: p.mainType,
      valueTry: p.valueTry,
      quantity,
      haircut: s.haircut,
    };
    if (s.basis === 'volume' && p.mappingTicker !== null && quantity !== null) {
      const v = volumes.get(volumeTickerOf(p.mappingTicker));
      const window = v ? v.values.slice(-s.windowDays) : [];
      if (v && window.length > 0) {
        const adv = mean(window);
        const last = v.dates[v.dates.length - 1]!;
        if (volumeTo === null || last > volumeTo) volumeTo = last;
        const sigma = dailyVolatility(prices.get(p.mappingTicker), IMPACT_VOLATILITY_DAYS);
        const impact =
          adv > 0 && sigma !== null
            ? squareRootImpact(quantity, adv, inputs.participationRate, sigma)
            : null;
        return {
          ...base,
          basis: 'volume',
          adv,
          windowDays: window.length,
          volumeTo: last,
          impact,
          position: {
            id: p.instrumentCode,
            valueTry: p.valueTry,
            quantity,
            averageDailyVolume: adv,
          },
        };
      }
    }
    if (s.basis === 'volume') withoutVolume++;
    return {
      ...base,
      basis: 'days',
      adv: null,
      windowDays: null,
      volumeTo: null,
      impact: null,
      position: {
        id: p.instrumentCode,
        valueTry: p.valueTry,
        quantity: quantity ?? 0,
        averageDailyVolume: null,
        fixedDays: s.days,
      },
    };
  });
  if (withoutVolume > 0)
    notes.push(
      `${withoutVolume} pozisyonun hacim serisi yok (veya pencerede veri yok): gün sayısı türünün ayarından alındı.`,
    );
  const profile = liquidityProfile(
    lines.map((l) => l.position),
    { participationRate: inputs.participationRate },
  );
  const cumulative = (days: number, method: 'waterfall' | 'slicing') =>
    Number.isFinite(days)
      ? (sellableShare(profile.positions, days, method) * profile.totalValue) / nav
      : profile.totalValue / nav;
  const buckets = profile.buckets.map((b, i) => ({
    label: b.label,
    valueTry: b.valueTry,
    share: b.valueTry / nav,
    cumulativeWaterfall: cumulative(BUCKET_ENDS[i]!, 'waterfall'),
    cumulativeProRata: cumulative(BUCKET_ENDS[i]!, 'slicing'),
  }));
  const method = inputs.sellingMethod === 'proRata' ? 'slicing' : 'waterfall';
  const liquidWithin = (h: number) =>
    sellableShare(profile.positions, h, method) * profile.totalValue;

  const scenarioList: {
    kind: 'fixed' | 'historical' | 'user';
    name: string;
    redemptionShare: number;
    horizonDays: number;
    observedTo: string | null;
  }[] = [
    {
      kind: 'fixed',
      name: `FTD'den ${formatPercent(inputs.fixedRedemptionShare, 2, 0)} geri ödeme, ${String(inputs.settlementDays)} iş günü valörde`,
      redemptionShare: inputs.fixedRedemptionShare,
      horizonDays: inputs.settlementDays,
      observedTo: null,
    },
  ];
  const historical = await historicalOutflow(ctx, ref, date);
  if (historical.outflow)
    scenarioList.push({
      kind: 'historical',
      name: `Tarihsel en kötü net çıkış (${isoToTurkishDate(historical.outflow.from)} – ${isoToTurkishDate(historical.outflow.to)})`,
      redemptionShare: historical.outflow.share,
      horizonDays: inputs.settlementDays,
      observedTo: historical.outflow.to,
    });
  if (historical.note) notes.push(historical.note);
  for (const s of inputs.scenarios) scenarioList.push({ kind: 'user', ...s, observedTo: null });
  // Settlement on the Turkish calendar: sales from the analysis date, cash at each type's valör.
  const lags = lines.map((l) => lagOf(inputs, l.mainType));
  const dtls = profile.positions.map((p) => p.daysToLiquidate);
  const settledBy = (paymentLag: number) =>
    lines.reduce(
      (sum, l, i) => sum + settledByPayment(l.valueTry, dtls[i]!, lags[i]!, paymentLag),
      0,
    );
  const scenarios = scenarioList.map((s) => {
    const redemptionTry = s.redemptionShare * nav;
    const liquidTry = liquidWithin(s.horizonDays);
    const coverageRatio = redemptionTry > 0 ? liquidTry / redemptionTry : null;
    const settledCashTry = settledBy(s.horizonDays);
    return {
      ...s,
      redemptionTry,
      liquidTry,
      coverageRatio,
      passes: coverageRatio === null || coverageRatio >= inputs.minimumCoverage - 1e-12,
      paymentDate: settlementDate(inputs.asOfDate, s.horizonDays, calendar),
      settledCashTry,
      settledCoverageRatio: redemptionTry > 0 ? settledCashTry / redemptionTry : null,
    };
  });
  const liquidationCostTry = lines.reduce(
    (sum, l) => sum + l.valueTry * (l.haircut + (l.impact ?? 0)),
    0,
  );
  return {
    fund: {
      portfolioCode: ref.code,
      portfolioName: ref.name,
      date,
      nav,
      buckets,
      scenarios,
      liquidationCostTry,
      positionsWithoutVolume: withoutVolume,
      notes,
      settlement: {
        tradeDate: liquidationTradeDate(inputs.asOfDate, calendar),
        paymentDate: settlementDate(inputs.asOfDate, inputs.settlementDays, calendar),
        cashByPaymentDateTry: settledBy(inputs.settlementDays),
      },
    },
    lines: lines.map((l, i) => ({
      ...l,
      dtl: dtls[i]!,
      lag: lags[i]!,
      ...positionSettlementDates(inputs.asOfDate, dtls[i]!, lags[i]!, calendar),
      settledByPaymentTry: settledByPayment(l.valueTry, dtls[i]!, lags[i]!, inputs.settlementDays),
    })),
    volumeTo,
  };
}

/**
 * The worst net outflow over `settlementDays` consecutive holdings dates within the history
 * window: units = NAV / unit price of the fund's own price series (ticker = portfolio code).
 */
async function historicalOutflow(
  ctx: RunContext<LiquidityTestInputs>,
  ref: PortfolioRef,
  date: string,
): Promise<{ outflow: ReturnType<typeof worstNetOutflow>; note: string | null }> {
  if (ref.members.length !== 1)
    return {
      outflow: null,
      note: 'Birleşik portföyün birim pay fiyatı yok: tarihsel çıkış senaryosu hesaplanmadı.',
    };
  const calendarDays = Math.ceil(ctx.inputs.historyDays * 1.45) + 5;
  const from = formatIsoDate(parseIsoDate(date) - calendarDays);
  const navs = await navHistory(ctx.db, ref, from, date);
  const prices = (await recentValues(ctx.db, [ref.code], date, calendarDays)).get(ref.code);
  if (!prices)
    return {
      outflow: null,
      note: `${ref.code} için birim pay fiyatı serisi yok: tarihsel çıkış senaryosu hesaplanmadı.`,
    };
  const priceOn = new Map(prices.dates.map((d, i) => [d, prices.values[i]!]));
  const dates = [...navs.keys()].filter((d) => priceOn.has(d) && priceOn.get(d)! > 0).sort();
  const outflow = worstNetOutflow(
    dates,
    dates.map((d) => navs.get(d)!),
    dates.map((d) => priceOn.get(d)!),
    ctx.inputs.settlementDays,
  );
  return {
    outflow,
    note:
      outflow === null
        ? `${ref.code}: son ${ctx.inputs.historyDays} iş gününde ${ctx.inputs.settlementDays} günlük net çıkış yok (ya da geçmiş yetersiz).`
        : null,
  };
}

function tables(
  funds: readonly LiquidityFund[],
  lines: ReadonlyMap<string, LineWithDays[]>,
  minimumCoverage: number,
): ResultTables {
  return {
    summary: buildTable(
      LIQUIDITY_TEST_TABLES.summary,
      funds.map((f) => {
        const ratios = f.scenarios.flatMap((s) =>
          s.coverageRatio === null ? [] : [s.coverageRatio],
        );
        return {
          portfolioCode: f.portfolioCode,
          portfolioName: f.portfolioName,
          date: f.date,
          nav: f.nav,
          liquid1: f.buckets[0]!.cumulativeWaterfall,
          liquid7: f.buckets[1]!.cumulativeWaterfall,
          liquid30: f.buckets[2]!.cumulativeWaterfall,
          liquidationCostTry: f.liquidationCostTry,
          liquidationCost: f.liquidationCostTry / f.nav,
          worstCoverage: ratios.length > 0 ? Math.min(...ratios) : null,
          result: f.scenarios.every((s) => s.passes) ? 'Geçti' : 'Kaldı',
          passes: f.scenarios.every((s) => s.passes),
        };
      }),
    ),
    buckets: buildTable(
      LIQUIDITY_TEST_TABLES.buckets,
      funds.flatMap((f) =>
        f.buckets.map((b) => ({
          portfolioCode: f.portfolioCode,
          bucket: b.label,
          valueTry: b.valueTry,
          share: b.share,
          cumulativeWaterfall: b.cumulativeWaterfall,
          cumulativeProRata: b.cumulativeProRata,
        })),
      ),
    ),
    scenarios: buildTable(
      LIQUIDITY_TEST_TABLES.scenarios,
      funds.flatMap((f) =>
        f.scenarios.map((s) => ({
          portfolioCode: f.portfolioCode,
          name: s.name,
          redemptionShare: s.redemptionShare,
          horizonDays: s.horizonDays,
          redemptionTry: s.redemptionTry,
          liquidTry: s.liquidTry,
          coverageRatio: s.coverageRatio,
          result: s.passes ? 'Geçti' : 'Kaldı',
          passes: s.passes,
        })),
      ),
    ),
    positions: buildTable(
      LIQUIDITY_TEST_TABLES.positions,
      funds.flatMap((f) =>
        (lines.get(f.portfolioCode) ?? []).map((l) => ({
          portfolioCode: f.portfolioCode,
          instrumentCode: l.code,
          instrumentName: l.name,
          mainType: TYPE_LABELS[l.mainType] ?? l.mainType,
          valueTry: l.valueTry,
          weight: l.valueTry / f.nav,
          basis: LIQUIDITY_BASIS_LABELS[l.basis],
          quantity: l.quantity,
          adv: l.adv,
          windowDays: l.windowDays,
          daysToLiquidate: Number.isFinite(l.dtl) ? l.dtl : null,
          bucket: bucketOf(l.dtl),
          haircut: l.haircut,
          impact: l.impact,
          costTry: l.valueTry * (l.haircut + (l.impact ?? 0)),
        })),
      ),
    ),
    settlementDates: buildTable(
      LIQUIDITY_TEST_TABLES.settlementDates,
      funds.flatMap((f) =>
        (lines.get(f.portfolioCode) ?? []).map((l) => ({
          portfolioCode: f.portfolioCode,
          instrumentCode: l.code,
          mainType: TYPE_LABELS[l.mainType] ?? l.mainType,
          valueTry: l.valueTry,
          settlementLag: `T+${l.lag}`,
          daysToLiquidate: Number.isFinite(l.dtl) ? l.dtl : null,
          liquidationEndDate: l.liquidationEndDate,
          cashDate: l.cashDate,
          settledByPaymentTry: l.settledByPaymentTry,
        })),
      ),
    ),
    redemptionPayment: buildTable(
      LIQUIDITY_TEST_TABLES.redemptionPayment,
      funds.flatMap((f) =>
        f.scenarios.map((s) => {
          const passes =
            s.settledCoverageRatio === null ||
            s.settledCoverageRatio === undefined ||
            s.settledCoverageRatio >= minimumCoverage - 1e-12;
          return {
            portfolioCode: f.portfolioCode,
            name: s.name,
            tradeDate: f.settlement?.tradeDate ?? null,
            horizonDays: s.horizonDays,
            paymentDate: s.paymentDate ?? null,
            redemptionTry: s.redemptionTry,
            settledCashTry: s.settledCashTry ?? null,
            settledCoverageRatio: s.settledCoverageRatio ?? null,
            result: passes ? 'Yeterli' : 'Yetersiz',
            passes,
          };
        }),
      ),
    ),
  };
}

function bucketOf(dtl: number): string {
  const whole = Math.max(1, Math.ceil(dtl - 1e-12));
  const i = BUCKET_ENDS.findIndex((end) => whole <= end);
  return LIQUIDITY_BUCKET_LABELS[i]!;
}

async function runLiquidityTest(
  ctx: RunContext<LiquidityTestInputs>,
): Promise<{ result: LiquidityTestResult; dataSnapshot: Record<string, unknown> }> {
  const refs = await resolvePortfolios(ctx.db, ctx.inputs.portfolioCodes);
  const funds: LiquidityFund[] = [];
  const lines = new Map<string, LineWithDays[]>();
  let volumeTo: string | null = null;
  const calendar = createTurkishCalendar(await readCalendarOverrides(ctx.db));
  for (const [k, ref] of refs.entries()) {
    if (ctx.signal.aborted) throw new RunCancelledError();
    await ctx.progress(k / refs.length, `${ref.code} portföyünün likiditesi hesaplanıyor`);
    const out = await fundLiquidity(ctx, ref, calendar);
    funds.push(out.fund);
    lines.set(ref.code, out.lines);
    if (out.volumeTo !== null && (volumeTo === null || out.volumeTo > volumeTo))
      volumeTo = out.volumeTo;
  }
  await ctx.progress(1, 'Likidite testi tamamlandı');
  const result: LiquidityTestResult = {
    asOfDate: ctx.inputs.asOfDate,
    conventions: {
      participationRate: ctx.inputs.participationRate,
      sellingMethod: ctx.inputs.sellingMethod,
      settlementDays: ctx.inputs.settlementDays,
      minimumCoverage: ctx.inputs.minimumCoverage,
      impactModel: IMPACT_MODEL,
      volatilityWindowDays: IMPACT_VOLATILITY_DAYS,
      volumeDataTo: volumeTo,
      calendar: LIQUIDITY_CALENDAR_LABEL,
      settlementLagDays: { ...ctx.inputs.settlementLagDays },
    },
    funds,
    tables: tables(funds, lines, ctx.inputs.minimumCoverage),
    charts: {
      buckets: {
        title: 'Likidite dilimlerine göre FTD dağılımı (%)',
        option: barChartOption(
          LIQUIDITY_BUCKET_LABELS.map((b) => `${b} gün`),
          funds.map((f) => ({
            name: f.portfolioCode,
            values: f.buckets.map((b) => b.share * 100),
          })),
          { yUnit: '%', digits: 2 },
        ),
      },
      cumulative: {
        title: `Dilim sonuna dek satılabilir FTD (%) – ${SELLING_METHOD_LABELS[ctx.inputs.sellingMethod]}`,
        option: barChartOption(
          LIQUIDITY_BUCKET_LABELS.map((b) => `${b} gün`),
          funds.map((f) => ({
            name: f.portfolioCode,
            values: f.buckets.map(
              (b) =>
                (ctx.inputs.sellingMethod === 'proRata'
                  ? b.cumulativeProRata
                  : b.cumulativeWaterfall) * 100,
            ),
          })),
          { yUnit: '%', digits: 2 },
        ),
      },
    },
  };
  return {
    result,
    dataSnapshot: {
      holdingsDates: Object.fromEntries(funds.map((f) => [f.portfolioCode, f.date])),
      volumeDataThrough: volumeTo,
    },
  };
}

export const liquidityTestHandler: AnalysisHandler<'liquidity-test'> = { run: runLiquidityTest };

// One fund's liquidity: its sellable lines with days to liquidate, settlement dates and price
// impact, the buckets, the pro-rata and waterfall sales and the redemption scenarios.
import {
  formatPercent,
  isoToTurkishDate,
  volumeTickerOf,
  type LiquidityFund,
  type LiquidityTestInputs,
  type LiquidityTypeSetting,
} from '@fonrisk/contracts';
import {
  liquidationTradeDate,
  liquidityProfile,
  positionSettlementDates,
  settledByPayment,
  settlementDate,
  sellableShare,
  squareRootImpact,
  type BusinessCalendar,
  type LiquidityPosition,
} from '@fonrisk/risk';
import { AnalysisInputError } from '../../runner/errors.ts';
import type { RunContext } from '../../runner/handler.ts';
import { latestHoldingsDate, loadSnapshots, type PortfolioRef } from '../data/load.ts';
import { historicalOutflow } from './historical-outflow.ts';
import { dailyVolatility, mean, recentValues } from './market-series.ts';

/** Business days of returns for the daily volatility of the impact model. */
export const IMPACT_VOLATILITY_DAYS = 60;
export const IMPACT_MODEL = 'Karekök etki: maliyet = iskonto + σ_günlük × √(günlük satış / OGİH)';
/** Ends of the cumulative horizons: the buckets 1, 2-7, 8-30, 31-90 and > 90 days. */
export const BUCKET_ENDS = [1, 7, 30, 90, Number.POSITIVE_INFINITY] as const;
export type LineWithDays = AnalysedLine & {
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

export async function fundLiquidity(
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

import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES, type AnalysisType } from '@fonrisk/contracts';
import { activeShareResultScreen } from '../features/active-share/components/active-share-result-screen.tsx';
import { concentrationRiskResultScreen } from '../features/concentration-risk/components/concentration-risk-result-screen.tsx';
import { fundStatisticsResultScreen } from '../features/fund-statistics/components/fund-statistics-page.tsx';
import { liquidityTestResultScreen } from '../features/liquidity-test/components/liquidity-test-result-screen.tsx';
import { riskGraphicResultScreen } from '../features/risk-graphic/components/risk-graphic-result-screen.tsx';
import { riskValueResultScreen } from '../features/risk-value/components/risk-value-result-screen.tsx';
import { stressTestResultScreen } from '../features/stress-test/components/stress-test-result-screen.tsx';
import type { ResultScreen } from '../features/analysis-runs/components/result-screen.tsx';

/** A large house's batch: a hundred funds in one run. */
const CODES = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);

/** A run's inputs as stored: what the user sent, through the type's schema (defaults filled). */
function stored(type: AnalysisType, sent: Record<string, unknown>): Record<string, unknown> {
  return ANALYSIS_TYPES[type].inputsSchema.parse(sent);
}

interface Case {
  readonly screen: ResultScreen<AnalysisType>;
  readonly sent: Record<string, unknown>;
  readonly text: string;
}

const CASES: readonly Case[] = [
  {
    screen: riskValueResultScreen,
    sent: { portfolioCodes: CODES, asOfDate: '2026-11-27' },
    text: 'Haftanın ilk ve son iş günü arası (Rehber §9.3.2.1 dp. 23) · en az 52 hafta',
  },
  {
    screen: liquidityTestResultScreen,
    sent: {
      portfolioCodes: CODES,
      asOfDate: '2026-11-27',
      scenarios: [{ name: 'Yoğun geri ödeme', redemptionShare: 0.25, horizonDays: 5 }],
    },
    text: 'katılım %20 · sabit geri ödeme %10 · 1 ek senaryo',
  },
  {
    screen: concentrationRiskResultScreen,
    sent: {
      portfolioCodes: CODES,
      asOfDate: '2026-11-27',
      limits: {
        issuer: { enabled: true, limit: 0.08, threshold: null },
        foreign: { enabled: false, limit: 0.2, threshold: null },
      },
    },
    text: '1 limit ayarlandı · 1 limit kapalı · uyarı eşiği limitin %90',
  },
  {
    screen: concentrationRiskResultScreen,
    sent: { portfolioCodes: CODES, asOfDate: '2026-11-27' },
    text: 'uyarı eşiği limitin %90',
  },
  {
    screen: stressTestResultScreen,
    sent: { portfolioCodes: CODES, asOfDate: '2026-11-27', scenarioIds: [1, 2, 3] },
    text: '3 senaryo',
  },
  {
    screen: stressTestResultScreen,
    sent: {
      portfolioCodes: CODES,
      asOfDate: '2026-11-27',
      scenarioIds: [1, 2],
      reverseLossPct: 12.5,
    },
    text: '2 senaryo · ters stres kaybı %12,5',
  },
  {
    screen: activeShareResultScreen,
    sent: { portfolioCodes: CODES, asOfDate: '2026-11-27' },
    text: 'Fonun referans ölçütü · izleme hatası 250 iş günü',
  },
  {
    screen: activeShareResultScreen,
    sent: { portfolioCodes: CODES, asOfDate: '2026-11-27', benchmarkCode: 'XU030P' },
    text: 'XU030P · izleme hatası 250 iş günü',
  },
  {
    screen: riskGraphicResultScreen,
    sent: { portfolioCodes: CODES.slice(0, 30), fromDate: '2025-11-27', toDate: '2026-11-27' },
    text: 'korelasyon: portföylerin getirileri',
  },
  {
    screen: riskGraphicResultScreen,
    sent: {
      portfolioCodes: CODES.slice(0, 30),
      fromDate: '2025-11-27',
      toDate: '2026-11-27',
      correlationBasis: 'positions',
      topPositions: 12,
    },
    text: 'korelasyon: ilk portföyün en büyük pozisyonları · 12 pozisyon',
  },
  {
    screen: fundStatisticsResultScreen,
    sent: {
      fundCodes: CODES.slice(0, 50),
      fromDate: '2025-11-27',
      toDate: '2026-11-27',
      benchmarkTicker: 'XU100',
      frequency: 'weekly',
      riskFreeRatePct: 38.5,
      confidenceLevel: 0.99,
    },
    text: 'Haftalık · ölçüt XU100 · risksiz faiz %38,50 · güven düzeyi %99',
  },
  {
    screen: fundStatisticsResultScreen,
    sent: { fundCodes: CODES.slice(0, 50), fromDate: '2025-11-27', toDate: '2026-11-27' },
    text: 'Varsayılan ayarlar',
  },
];

describe("a run list's parameters column", () => {
  it.each(CASES)('describes a $screen.analysisType run by its own choices: $text', (c) => {
    const text = c.screen.describeInputs(stored(c.screen.analysisType, c.sent));
    expect(text).toBe(c.text);
    // The list's own columns name the portfolios and dates: a hundred codes are not repeated.
    expect(text).not.toMatch(/NF0\d\d|27\.11\.202[56]/);
  });

  it('says what a run stored before an input existed has, without inventing the rest', () => {
    expect(liquidityTestResultScreen.describeInputs({ portfolioCodes: CODES })).toBe(
      'Varsayılan ayarlar',
    );
    expect(riskValueResultScreen.describeInputs({ weeklyReturnMethod: 'unknown' })).toBe(
      'Varsayılan ayarlar',
    );
  });
});

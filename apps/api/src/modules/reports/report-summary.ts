import {
  BacktestResultSchema,
  LIMIT_STATUS_LABELS,
  LeveragePortfolioSchema,
  LiquidityFundSchema,
  RiskValueFundSchema,
  StressOutcomeSchema,
  VarPointSchema,
  col,
  type AnalysisType,
  type ResultColumn,
  type ResultTable,
} from '@fonrisk/contracts';
import type { AnalysisRunRow } from '@fonrisk/db';
import { z } from 'zod';

/**
 * The parts of each result the summary reads, with the results' own field schemas (a stored
 * result has more fields; only these are read).
 */
const VarPart = z.object({ portfolios: z.array(VarPointSchema) });
const BacktestPart = BacktestResultSchema.pick({ portfolioCode: true, hypothetical: true });
const LeveragePart = z.object({
  portfolios: z.array(LeveragePortfolioSchema.pick({ portfolioCode: true, grossPct: true })),
});
const StressPart = z.object({ outcomes: z.array(StressOutcomeSchema) });
const RiskValuePart = z.object({
  funds: z.array(RiskValueFundSchema.pick({ portfolioCode: true, riskValue: true })),
});
const LiquidityPart = z.object({
  funds: z.array(LiquidityFundSchema.pick({ portfolioCode: true, scenarios: true })),
});

/** One fund's row of the summary page: its figures by column key. */
export type SummaryFigures = Record<string, string | number | null>;

/** The Basel zone as the board reads it. */
const ZONE_LABELS = { green: 'Yeşil', yellow: 'Sarı', red: 'Kırmızı' } as const;

/**
 * The headline figures each analysis type gives the summary page, read from the run's stored
 * result (the same figures the API returns): the fund's row only. A type without an entry adds
 * nothing to the summary.
 */
export const SUMMARY_FIGURES: Partial<
  Record<AnalysisType, (result: unknown, code: string) => SummaryFigures>
> = {
  var: (result, code): SummaryFigures => {
    const p = VarPart.safeParse(result).data?.portfolios.find((x) => x.portfolioCode === code);
    return p ? { varPct: p.varPct, usage: p.usage, status: LIMIT_STATUS_LABELS[p.status] } : {};
  },
  backtest: (result, code): SummaryFigures => {
    const r = BacktestPart.safeParse(result).data;
    return r && r.portfolioCode === code
      ? {
          baselZone: ZONE_LABELS[r.hypothetical.baselZone],
          exceptions: r.hypothetical.exceptions,
        }
      : {};
  },
  leverage: (result, code): SummaryFigures => {
    const p = LeveragePart.safeParse(result).data?.portfolios.find((x) => x.portfolioCode === code);
    return p ? { leverage: p.grossPct } : {};
  },
  'stress-test': (result, code): SummaryFigures => {
    const outcomes = (StressPart.safeParse(result).data?.outcomes ?? []).filter(
      (o) => o.portfolioCode === code,
    );
    const worst = outcomes.reduce<(typeof outcomes)[number] | null>(
      (w, o) => (w === null || o.pnlPct < w.pnlPct ? o : w),
      null,
    );
    return worst ? { worstStressPct: worst.pnlPct, worstStressName: worst.scenarioName } : {};
  },
  'risk-value': (result, code): SummaryFigures => {
    const f = RiskValuePart.safeParse(result).data?.funds.find((x) => x.portfolioCode === code);
    return f ? { riskValue: f.riskValue } : {};
  },
  'liquidity-test': (result, code): SummaryFigures => {
    const f = LiquidityPart.safeParse(result).data?.funds.find((x) => x.portfolioCode === code);
    const ratios = (f?.scenarios ?? [])
      .map((s) => s.coverageRatio)
      .filter((x): x is number => x !== null);
    return ratios.length > 0 ? { liquidityCoverage: Math.min(...ratios) } : {};
  },
};

/** The summary page's columns, in the order the board reads them. */
export const SUMMARY_COLUMNS: readonly ResultColumn[] = [
  col('fund', 'Fon', 'text'),
  col('varPct', 'RMD (FTD %)', 'percent'),
  col('usage', 'Limit Kullanımı', 'percent'),
  col('status', 'Durum', 'text'),
  col('baselZone', 'Geriye Dönük Test Bölgesi', 'text'),
  col('exceptions', 'Aşım Sayısı', 'number'),
  col('leverage', 'Kaldıraç (FTD %)', 'percent'),
  col('worstStressPct', 'En Kötü Stres (FTD %)', 'percent'),
  col('worstStressName', 'En Kötü Senaryo', 'text'),
  col('riskValue', 'Risk Değeri', 'number'),
  col('liquidityCoverage', 'En Düşük Likidite Karşılama', 'percent'),
  col('openBreaches', 'Dönem Sonu Açık Aşım / Uyarı', 'number'),
];

/** One fund of the summary: its label, the runs of its chapter and its open breach count. */
export interface SummaryFund {
  readonly code: string;
  readonly label: string;
  readonly runs: readonly Pick<AnalysisRunRow, 'analysisType' | 'result'>[];
  /** Limits in breach or warning on the report's last date; null when not tracked. */
  readonly openBreaches: number | null;
}

/** One fund's row of the summary: its label, its runs' headline figures, its open breaches. */
export function summaryRow(fund: SummaryFund): SummaryFigures {
  const row: SummaryFigures = { fund: fund.label };
  for (const run of fund.runs) {
    const figures = SUMMARY_FIGURES[run.analysisType as AnalysisType];
    if (figures) Object.assign(row, figures(run.result, fund.code));
  }
  if (fund.openBreaches !== null) row.openBreaches = fund.openBreaches;
  return row;
}

/**
 * The one-page summary that opens a report from its funds' rows ({@link summaryRow}, made a
 * chapter at a time): VaR and limit usage with status, backtest zone, leverage, worst stress, risk
 * value class, liquidity coverage and open breaches. A column no fund has a figure for is left
 * out; null when no fund has any figure.
 */
export function summaryTable(rows: readonly SummaryFigures[]): ResultTable | null {
  const columns = SUMMARY_COLUMNS.filter(
    (c) => c.key === 'fund' || rows.some((r) => r[c.key] !== undefined && r[c.key] !== null),
  );
  if (columns.length <= 1) return null;
  return { title: 'Yönetici Özeti', columns, rows: [...rows] };
}

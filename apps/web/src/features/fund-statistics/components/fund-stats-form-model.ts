import { FundStatisticsInputsSchema, type FundStatisticsInputs } from '@fonrisk/contracts';
import type { Validation } from '../../analysis-runs/components/use-run-form.tsx';
import { validationOf } from '../../analysis-runs/components/validation.ts';
import { todayIso } from '../../../components/dates/date-range.ts';

export interface FundStatsFormState {
  readonly fundCodes: string[];
  readonly fromDate: string;
  readonly toDate: string;
  readonly benchmarkTicker: string | null;
  readonly riskFreeRatePct: number | '';
  readonly confidenceLevel: number | '';
  readonly frequency: 'daily' | 'weekly' | 'monthly';
}

export type FundStatsFormField = keyof FundStatisticsInputs;

/** Opens on the last year up to today, no benchmark, risk-free 0 %, 95 %. */
export function initialFundStatsForm(today = new Date()): FundStatsFormState {
  const to = todayIso(today);
  const from = todayIso(new Date(today.getTime() - 365 * 86_400_000));
  return {
    fundCodes: [],
    fromDate: from,
    toDate: to,
    benchmarkTicker: null,
    riskFreeRatePct: 0,
    confidenceLevel: 0.95,
    frequency: 'daily',
  };
}

export function validateFundStatsForm(
  s: FundStatsFormState,
): Validation<FundStatisticsInputs, FundStatsFormField> {
  return validationOf(
    FundStatisticsInputsSchema.safeParse({
      fundCodes: s.fundCodes,
      fromDate: s.fromDate,
      toDate: s.toDate,
      ...(s.benchmarkTicker ? { benchmarkTicker: s.benchmarkTicker } : {}),
      ...(s.riskFreeRatePct === '' ? {} : { riskFreeRatePct: s.riskFreeRatePct }),
      ...(s.confidenceLevel === '' ? {} : { confidenceLevel: s.confidenceLevel }),
      frequency: s.frequency,
    }),
  );
}

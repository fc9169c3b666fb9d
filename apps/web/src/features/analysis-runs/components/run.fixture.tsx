import type { ResultScreen } from './result-screen.tsx';
import type { RunSummary, VarResult } from '@fonrisk/contracts';

/** A run summary as the API lists it and the events carry it (test data): a VaR run at 42 %. */
export function runSummary(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    analysisType: 'var',
    status: 'running',
    progress: 0.42,
    progressMessage: 'Senaryolar hesaplanıyor',
    inputs: { portfolioCodes: ['DAL'], asOfDate: '2026-11-20' },
    portfolioCodes: ['DAL'],
    asOfDate: '2026-11-20',
    fromDate: null,
    toDate: null,
    createdBy: { id: 3, fullName: 'Elif Kaya' },
    createdAt: '2026-11-21T09:00:00.000Z',
    startedAt: '2026-11-21T09:00:01.000Z',
    finishedAt: null,
    durationMs: null,
    error: null,
    engineVersion: '0.1.0',
    dataSnapshot: null,
    attempt: 1,
    cancelRequested: false,
    analysisBased: false,
    ...overrides,
  };
}

/** The smallest result document a 'var' run can have (test data). */
export const EMPTY_VAR_RESULT: VarResult = {
  parameters: {
    method: 'historical',
    confidenceLevel: 0.99,
    horizonDays: 1,
    horizonScaling: 'sqrtTime',
    scalingRule: 'RMD(1 gün)',
    windowDays: 250,
    approach: 'absolute',
    lambda: null,
    draws: null,
    seed: null,
  },
  portfolios: [],
  series: [],
  tables: {},
};

/** A 'var' result screen whose view prints the run id (test data). */
export const TEST_VAR_SCREEN: ResultScreen<'var'> = {
  analysisType: 'var',
  subtitle: 'Sonuçlar',
  describeInputs: () => '–',
  View: ({ run }) => <p data-testid="result">{`sonuç ${run.id}`}</p>,
};

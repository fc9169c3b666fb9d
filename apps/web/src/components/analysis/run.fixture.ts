import type { RunSummary } from '@fonrisk/contracts';

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

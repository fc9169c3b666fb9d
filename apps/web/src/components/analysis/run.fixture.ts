import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RunSummary } from '@fonrisk/contracts';
import { renderUi } from '../../test/render.tsx';
import { saveLogin } from '../../lib/session.ts';
import { tokenExpiringIn } from '../../test/tokens.ts';

export function summary(overrides: Partial<RunSummary> = {}): RunSummary {
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

export function signIn(role: string): void {
  saveLogin({ accessToken: tokenExpiringIn(3600), userRole: role, fullName: 'Test', module: '1', userId: 3 } as never);
}

export function renderWithQuery(ui: ReactElement, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return { client, ...renderUi(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run, RmdTrackingResponse } from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { RmdTrackingPage } from './rmd-tracking-page.tsx';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const queued = (id: string, code: string): Run => ({
  ...runSummary({
    id,
    status: 'queued',
    progress: 0,
    progressMessage: null,
    startedAt: null,
    portfolioCodes: [code],
    createdBy: { id: null, fullName: 'Elif Kaya' },
  }),
  result: null,
});
const EMPTY: RmdTrackingResponse = { warningThresholdPct: 80, items: [] };

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('Tümü için RMD hesapla', () => {
  it('queues the batch and shows its progress from the run events until every fund has ended', async () => {
    signInAs('Hesaplayici');
    let trackingReads = 0;
    const server: Record<string, Run> = { [A]: queued(A, 'DHS'), [B]: queued(B, 'DSF') };
    const { calls } = mockApi({
      'GET rmd-tracking': () => (trackingReads++, Response.json(EMPTY)),
      'POST rmd-tracking/run-all': Response.json({ runIds: [A, B] }),
      [`GET analyses/runs/${A}`]: () => Response.json(server[A]),
      [`GET analyses/runs/${B}`]: () => Response.json(server[B]),
    });
    renderScreen(<RmdTrackingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tümü için RMD hesapla' }));
    expect((await screen.findByTestId('rmd-batch-progress')).textContent).toContain(
      '0/2 fon tamamlandı',
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === 'rmd-tracking/run-all')).toBe(true);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('analyses/runs/'))).toHaveLength(2),
    );
    const stream = FakeEventSource.last();
    const readsBefore = trackingReads;
    const doneA = runSummary({ id: A, status: 'done', progress: 1, portfolioCodes: ['DHS'] });
    server[A] = { ...doneA, result: {} };
    act(() => stream.emit('run', doneA));
    await waitFor(() =>
      expect(screen.getByTestId('rmd-batch-progress').textContent).toContain('1/2 fon tamamlandı'),
    );
    const failedB = runSummary({ id: B, status: 'failed', progress: 0.3, portfolioCodes: ['DSF'] });
    server[B] = { ...failedB, result: null };
    act(() => stream.emit('run', failedB));
    await waitFor(() =>
      expect(screen.getByTestId('rmd-batch-progress').textContent).toContain(
        '2/2 fon tamamlandı · 1 başarısız',
      ),
    );
    await waitFor(() =>
      expect(trackingReads, 'the table reloads when the batch has ended').toBeGreaterThan(
        readsBefore,
      ),
    );
  });

  it('is not shown to observers', async () => {
    signInAs('Gozlemleyici');
    mockApi({ 'GET rmd-tracking': Response.json(EMPTY) });
    renderScreen(<RmdTrackingPage />);
    expect(await screen.findByText('Henüz tamamlanmış RMD analizi yok.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tümü için RMD hesapla' })).toBeNull();
  });
});

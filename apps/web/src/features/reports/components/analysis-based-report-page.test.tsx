import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { portfolioSummary } from '../../../components/testing/portfolio-summary.fixture.ts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { AnalysisBasedReportPage, RUN_CHOICES } from './analysis-based-report-page.tsx';
import { BOARD_TEMPLATE, bodyOf, reportFixture } from './reports.fixture.ts';

const DONE: Run = { ...runSummary({ status: 'done', progress: 1 }), result: {} };

describe('analysis-based-report', () => {
  it('makes a report of the run chosen on a result screen', async () => {
    signInAs('Hesaplayici');
    const report = reportFixture({
      sourceRunId: DONE.id,
      runsUsed: [],
      status: 'queued',
      progress: 0,
      files: [],
    });
    const api = mockApi({
      'GET analyses/runs': () =>
        Response.json({ total: 1, items: [runSummary({ status: 'done' })] }),
      [`GET analyses/runs/${DONE.id}`]: () => Response.json(DONE),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
      'POST reports': () => Response.json(report),
      'GET reports/41': () => Response.json(report),
    });
    renderScreen(<AnalysisBasedReportPage />, { path: `/analysis-based-report?run=${DONE.id}` });
    expect((await screen.findByTestId('source-run-summary')).textContent).toContain('RMD Analizi');
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === 'analyses/runs' && c.search.get('status') === 'done'),
        'the chooser lists finished runs only',
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raporu oluştur' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(api.calls, 'POST', 'reports')).toEqual({ sourceRunId: DONE.id });
    expect(await screen.findByTestId('report-progress', undefined, { timeout: 8000 })).toBeTruthy();
  });

  it('asks for a run first, and refuses a run that has not finished', async () => {
    signInAs('Admin');
    const failed: Run = { ...runSummary({ status: 'failed', error: 'Fiyat yok' }), result: null };
    const api = mockApi({
      'GET analyses/runs': () => Response.json({ total: 0, items: [] }),
      [`GET analyses/runs/${failed.id}`]: () => Response.json(failed),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
    });
    const view = renderScreen(<AnalysisBasedReportPage />, { path: '/analysis-based-report' });
    fireEvent.click(await screen.findByRole('button', { name: 'Raporu oluştur' }));
    expect(await screen.findByText('bir çalıştırma seçin')).toBeTruthy();
    view.unmount();

    renderScreen(<AnalysisBasedReportPage />, { path: `/analysis-based-report?run=${failed.id}` });
    expect(
      await screen.findByText(
        'Bu çalıştırma tamamlanmamış; yalnız tamamlanmış çalıştırmalardan rapor oluşturulur.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Raporu oluştur' })).toHaveProperty('disabled', true);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when a large house has more finished runs than it lists, and narrows them by portfolio', async () => {
    signInAs('Hesaplayici');
    const fund = portfolioSummary('NF042', {
      name: 'Gece 42 Fonu',
      firstDate: '2026-11-27',
      lastDate: '2026-11-27',
      dateCount: 1,
    });
    const api = mockApi({
      'GET analyses/runs': (call) =>
        call.search.get('portfolioCode') === 'NF042'
          ? Response.json({ total: 1, items: [runSummary({ status: 'done' })] })
          : Response.json({
              total: 1101,
              items: Array.from({ length: RUN_CHOICES }, (_, i) =>
                runSummary({
                  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
                  status: 'done',
                }),
              ),
            }),
      'GET portfolios': Response.json([fund]),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
    });
    renderScreen(<AnalysisBasedReportPage />, { path: '/analysis-based-report' });
    expect(
      await screen.findByText(
        'En yeni 200 / 1.101 tamamlanmış çalıştırma listelendi; tür veya portföy seçerek daraltın.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('textbox', { name: 'Portföy' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'NF042 · Gece 42 Fonu', hidden: true }),
    );
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === 'analyses/runs' && c.search.get('portfolioCode') === 'NF042',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText(/^En yeni/)).toBeNull());
  });
});

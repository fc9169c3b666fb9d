import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { ReportingPage } from './reporting-page.tsx';
import { BOARD_TEMPLATE, PORTFOLIOS, bodyOf, reportFixture } from './reports.fixture.ts';

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
});

async function choosePortfolio(): Promise<void> {
  const picker = screen.getByRole('textbox', { name: 'Portföyler' });
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'AAK' } });
  fireEvent.click(await screen.findByRole('option', { name: 'AAK · Ak Hisse Fonu', hidden: true }));
}

async function chooseTemplate(): Promise<void> {
  const select = screen.getByRole('textbox', { name: 'Şablon' });
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: BOARD_TEMPLATE.name, hidden: true }));
}

function typeDate(label: string, text: string): void {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('reporting', () => {
  it('says in Turkish what is missing and sends nothing', async () => {
    signInAs('Hesaplayici');
    const api = mockApi({
      'GET portfolios': Response.json(PORTFOLIOS),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
    });
    renderScreen(<ReportingPage />, { path: '/reporting' });
    fireEvent.click(await screen.findByRole('button', { name: 'Raporu oluştur' }));
    expect(await screen.findByText('en az bir portföy seçin')).toBeTruthy();
    expect(screen.getByText('şablon seçin')).toBeTruthy();
    expect(screen.getByText('tarih veya dönem seçin')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('starts a report for a date, follows its progress and offers the PDF and Excel with the reused runs', async () => {
    signInAs('Hesaplayici');
    let current: Report = reportFixture({
      status: 'running',
      progress: 0.4,
      progressMessage: 'Stres testi çalıştırılıyor',
      runsUsed: [],
      files: [],
      finishedAt: null,
    });
    const api = mockApi({
      'GET portfolios': Response.json(PORTFOLIOS),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
      'POST reports': () => Response.json(current),
      'GET reports/41': () => Response.json(current),
      'GET reports/41/pdf': () =>
        new Response('%PDF', {
          headers: { 'Content-Disposition': 'attachment; filename="kurul-raporu.pdf"' },
        }),
    });
    renderScreen(<ReportingPage />, { path: '/reporting' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'portfolios')).toBe(true));
    await choosePortfolio();
    await chooseTemplate();
    typeDate('Rapor tarihi', '31.10.2026');
    fireEvent.click(screen.getByRole('button', { name: 'Raporu oluştur' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(api.calls, 'POST', 'reports')).toEqual({
      portfolioCodes: ['AAK'],
      templateId: 1,
      asOfDate: '2026-10-31',
    });
    expect(
      (await screen.findByTestId('report-progress-message', undefined, { timeout: 8000 }))
        .textContent,
    ).toBe('%40 · Stres testi çalıştırılıyor');

    current = reportFixture();
    const card = await screen.findByTestId('report-progress', undefined, { timeout: 5000 });
    await waitFor(
      () => expect(within(card).getByTestId('report-status').textContent).toBe('Hazır'),
      {
        timeout: 5000,
      },
    );
    const used = within(card).getByTestId('report-runs-used');
    expect(used.textContent).toContain(
      '1 analiz bu tarihin tamamlanmış çalıştırmalarından yeniden kullanıldı.',
    );
    expect(used.textContent).toContain('1 analiz rapor için çalıştırıldı.');
    expect(within(used).getByText('RMD Analizi')).toBeTruthy();
    expect(within(used).getAllByRole('link', { name: 'Sonucu aç' })[0]?.getAttribute('href')).toBe(
      '/var-analysis-result?run=00000000-0000-4000-8000-00000000000a',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'PDF indir' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'reports/41/pdf')).toBe(true));
    expect(within(card).getByRole('button', { name: 'Excel indir' })).toBeTruthy();
  });

  it('sends a period instead of a date, and shows why a report failed', async () => {
    signInAs('Admin');
    const failed = reportFixture({
      status: 'failed',
      error: 'AAK için 31.10.2026 tarihli portföy yok.',
      files: [],
      runsUsed: [],
    });
    const api = mockApi({
      'GET portfolios': Response.json(PORTFOLIOS),
      'GET report-templates': Response.json([BOARD_TEMPLATE]),
      'POST reports': () => Response.json(failed),
      'GET reports/41': () => Response.json(failed),
    });
    renderScreen(<ReportingPage />, { path: '/reporting' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'portfolios')).toBe(true));
    await choosePortfolio();
    await chooseTemplate();
    fireEvent.click(screen.getByText('Dönem'));
    typeDate('Dönem başı', '01.10.2026');
    typeDate('Dönem sonu', '31.10.2026');
    fireEvent.click(screen.getByRole('button', { name: 'Raporu oluştur' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(api.calls, 'POST', 'reports')).toEqual({
      portfolioCodes: ['AAK'],
      templateId: 1,
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
    });
    expect((await screen.findByRole('alert', undefined, { timeout: 8000 })).textContent).toContain(
      'AAK için 31.10.2026 tarihli portföy yok.',
    );
    expect(screen.queryByRole('button', { name: 'PDF indir' })).toBeNull();
  });

  it('shows an observer a note instead of the form', async () => {
    signInAs('Gozlemleyici');
    mockApi({});
    renderScreen(<ReportingPage />, { path: '/reporting' });
    expect(await screen.findByText(/Gözlemci rolü rapor oluşturamaz/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Raporu oluştur' })).toBeNull();
  });
});

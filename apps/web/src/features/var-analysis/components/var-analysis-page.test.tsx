import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VAR_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import {
  mockApi,
  problem,
  renderScreen,
  signInAs,
} from '../../../components/testing/render-screen.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { VarAnalysisPage } from './var-analysis-page.tsx';
import { VarAnalysisResultPage } from './var-result-screen.tsx';
import { varRunFixture } from './var-result.fixture.ts';

// Charts and grids are plain stand-ins in screen tests (src/test/setup.ts).

const PORTFOLIOS = [
  {
    code: 'AAK',
    name: 'Ak Hisse Fonu',
    kind: 'fund',
    fundCategory: null,
    currency: 'TRY',
    referenceBenchmarkCode: null,
    managementCompany: null,
    isDemo: true,
    retiredAt: null,
    firstDate: '2025-01-02',
    lastDate: '2026-03-31',
    dateCount: 300,
  },
];

beforeEach(() => {
  signInAs('Hesaplayici');
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('varAnalysis', () => {
  it('shows a run refused at submission under the date, naming the nearest holdings date (issue 21)', async () => {
    const reason =
      'AAK portföyünün 31.03.2026 veya öncesine ait portföy dağılımı yok; en yakın dağılım tarihi: 02.04.2026.';
    const api = mockApi({
      'GET var-settings': Response.json({ settings: VAR_SETTINGS_DEFAULTS, updatedAt: null }),
      'GET portfolios': Response.json(PORTFOLIOS),
      'POST analyses/runs': problem(422, reason, {
        errors: [{ field: 'inputs.asOfDate', message: reason }],
      }),
    });
    renderScreen(<VarAnalysisPage />);
    const picker = await screen.findByRole('textbox', { name: 'Portföyler' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'portfolios')).toBe(true));
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'AAK' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'AAK · Ak Hisse Fonu', hidden: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Analizi başlat' }));
    const date = screen.getByRole('textbox', { name: 'Analiz tarihi' });
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    const described = date.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(reason);
    expect(screen.queryByTestId('run-progress')).toBeNull();
  });

  it('validates before sending: no portfolio, no run', async () => {
    const api = mockApi({
      'GET var-settings': Response.json({ settings: VAR_SETTINGS_DEFAULTS, updatedAt: null }),
      'GET portfolios': Response.json(PORTFOLIOS),
    });
    renderScreen(<VarAnalysisPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Analizi başlat' }));
    expect(await screen.findByText('en az bir portföy seçilmeli')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('keeps a holding period of 0 as typed and shows the field error instead of starting a run (issue 21)', async () => {
    const api = mockApi({
      'GET var-settings': Response.json({ settings: VAR_SETTINGS_DEFAULTS, updatedAt: null }),
      'GET portfolios': Response.json(PORTFOLIOS),
    });
    renderScreen(<VarAnalysisPage />);
    const picker = await screen.findByRole('textbox', { name: 'Portföyler' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'portfolios')).toBe(true));
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'AAK' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'AAK · Ak Hisse Fonu', hidden: true }),
    );
    const horizon = screen.getByRole('textbox', { name: 'Elde tutma süresi (iş günü)' });
    fireEvent.change(horizon, { target: { value: '0' } });
    fireEvent.blur(horizon);
    expect((horizon as HTMLInputElement).value, 'not clamped to 1 on blur').toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Analizi başlat' }));
    expect(await screen.findByText('elde tutma süresi en az 1 iş günü olmalı')).toBeTruthy();
    expect((horizon as HTMLInputElement).value).toBe('0');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('starts a run with the chosen fund, its latest date and the settings defaults, follows its progress and shows the result', async () => {
    const done = varRunFixture();
    const queued = {
      ...done,
      status: 'queued',
      progress: 0,
      progressMessage: null,
      result: null,
      durationMs: null,
      finishedAt: null,
    };
    const api = mockApi({
      'GET var-settings': Response.json({
        settings: { ...VAR_SETTINGS_DEFAULTS, windowDays: 500 },
        updatedAt: '2026-03-01T10:00:00Z',
      }),
      'GET portfolios': Response.json(PORTFOLIOS),
      'POST analyses/runs': Response.json({ ...queued, dataWarnings: [] }),
      // The server's state of the run: queued until the worker has finished it.
      [`GET analyses/runs/${done.id}`]: () => Response.json(current),
    });
    let current: unknown = queued;
    renderScreen(<VarAnalysisPage />);
    expect(await screen.findByText('RMD(20 gün) = RMD(1 gün) × √20')).toBeTruthy();
    const picker = screen.getByRole('textbox', { name: 'Portföyler' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'portfolios')).toBe(true));
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'AAK' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'AAK · Ak Hisse Fonu', hidden: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Analizi başlat' }));

    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'analyses/runs')).toBe(true),
    );
    const post = api.calls.find((c) => c.method === 'POST' && c.path === 'analyses/runs')!;
    expect(JSON.parse(post.body as string)).toEqual({
      analysisType: 'var',
      inputs: {
        portfolioCodes: ['AAK'],
        asOfDate: '2026-03-31',
        method: 'historical',
        confidenceLevel: 0.99,
        horizonDays: 20,
        horizonScaling: 'sqrtTime',
        windowDays: 500,
        mean: 'include',
        approach: 'absolute',
      },
    });

    expect(await screen.findByTestId('run-progress')).toBeTruthy();
    await waitFor(() =>
      expect(FakeEventSource.last().url).toContain('analyses/checkpending?access_token='),
    );
    act(() =>
      FakeEventSource.last().emit('run', {
        ...queued,
        status: 'running',
        progress: 0.4,
        progressMessage: 'Senaryolar hesaplanıyor',
      }),
    );
    expect(await screen.findByText('%40 · Senaryolar hesaplanıyor')).toBeTruthy();

    current = done;
    act(() => FakeEventSource.last().emit('run', { ...done, result: undefined }));
    const result = await screen.findByTestId('var-result');
    expect(within(result).getByTestId('var-try').textContent).toBe('2.000.000 TL');
    expect(within(result).getByTestId('var-pct').textContent).toBe('%20,00');
    expect(within(result).getByTestId('es-try').textContent).toBe('2.345.679 TL');
    expect(within(result).getByTestId('var-usage').textContent).toBe('%80,0');
    expect(within(result).getByText('Uyarı')).toBeTruthy();
    expect(within(result).getByText('Tarihsel Simülasyon')).toBeTruthy();
  });
});

describe('varAnalysis for an observer', () => {
  it('shows no form and no run button to Gozlemleyici', async () => {
    signInAs('Gozlemleyici');
    mockApi({
      'GET var-settings': Response.json({ settings: VAR_SETTINGS_DEFAULTS, updatedAt: null }),
    });
    renderScreen(<VarAnalysisPage />);
    expect(await screen.findByText(/Gözlemci rolü analiz başlatamaz/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Analizi başlat' })).toBeNull();
  });
});

describe('var-analysis-result', () => {
  it('lists runs with filters, opens one by its id and exports a result table to Excel', async () => {
    const run = varRunFixture();
    const summary = { ...run, result: undefined };
    const api = mockApi({
      'GET analyses/runs': Response.json({ total: 1, items: [summary] }),
      [`GET analyses/runs/${run.id}`]: Response.json(run),
      'GET var-settings': Response.json({ settings: VAR_SETTINGS_DEFAULTS, updatedAt: null }),
      'GET portfolios': Response.json(PORTFOLIOS),
      [`POST analyses/runs/${run.id}/export`]: new Response(new Blob(['xlsx']), {
        headers: { 'Content-Disposition': 'attachment; filename="rmd-ozeti.xlsx"' },
      }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    renderScreen(<VarAnalysisResultPage />);
    const list = await screen.findByTestId('run-list');
    expect(within(list).getByText('31.03.2026')).toBeTruthy();
    expect(
      within(list).getByText('Tarihsel Simülasyon · %99 · 20 gün · pencere 250 gün'),
    ).toBeTruthy();
    const listCall = api.calls.find((c) => c.path === 'analyses/runs')!;
    expect(listCall.search.get('analysisType')).toBe('var');

    fireEvent.click(within(list).getByRole('button', { name: /^Aç/ }));
    const result = await screen.findByTestId('var-result');
    expect(within(result).getByTestId('var-limit').textContent).toBe('%25,00');

    fireEvent.click(
      within(screen.getByTestId('result-table-assetClass')).getByRole('button', {
        name: /Excel'e aktar/,
      }),
    );
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'POST' && c.path === `analyses/runs/${run.id}/export`),
      ).toBe(true),
    );
    const exportCall = api.calls.find((c) => c.path === `analyses/runs/${run.id}/export`)!;
    expect(JSON.parse(exportCall.body as string)).toEqual({ table: 'assetClass' });
    expect(
      within(screen.getByTestId('result-table-assetClass')).getByText('1.500.000,00'),
    ).toBeTruthy();
  });
});

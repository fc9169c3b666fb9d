import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { EMPTY_VAR_RESULT, runSummary, TEST_VAR_SCREEN } from './run.fixture.tsx';
import { RunResultsPage } from './run-results-page.tsx';

const FIRST = runSummary();
const SECOND_ID = '00000000-0000-4000-8000-000000000002';

function renderPage() {
  renderScreen(<RunResultsPage screen={TEST_VAR_SCREEN} />);
}

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('RunResultsPage', () => {
  it('shows an observer the progress of a listed run live, then its result, without run buttons', async () => {
    signInAs('Gozlemleyici');
    let server: Run = { ...runSummary({ status: 'queued', progress: 0 }), result: null };
    mockApi({
      'GET analyses/runs': () => Response.json({ total: 1, items: [server] }),
      [`GET analyses/runs/${FIRST.id}`]: () => Response.json(server),
    });
    renderPage();
    const list = await screen.findByTestId('run-list');
    expect(within(list).getByTestId('run-status').textContent).toBe('Sırada');
    expect(FakeEventSource.last().url, 'the list follows the pending-check stream').toContain(
      'analyses/checkpending?access_token=',
    );
    server = { ...runSummary({ progress: 0.5 }), result: null };
    act(() => FakeEventSource.last().emit('run', runSummary({ progress: 0.5 })));
    await waitFor(() =>
      expect(within(list).getByTestId('run-status').textContent).toBe('Çalışıyor'),
    );
    fireEvent.click(within(list).getByRole('button', { name: /^Aç / }));
    expect(await screen.findByText('%50 · Senaryolar hesaplanıyor')).toBeTruthy();
    act(() => FakeEventSource.last().emit('run', runSummary({ progress: 0.9 })));
    expect(await screen.findByText('%90 · Senaryolar hesaplanıyor')).toBeTruthy();

    server = {
      ...runSummary({ status: 'done', progress: 1, durationMs: 2000 }),
      result: EMPTY_VAR_RESULT,
    };
    act(() =>
      FakeEventSource.last().emit(
        'run',
        runSummary({ status: 'done', progress: 1, durationMs: 2000 }),
      ),
    );
    expect((await screen.findByTestId('result')).textContent).toBe(`sonuç ${FIRST.id}`);
    await waitFor(() =>
      expect(within(list).getByTestId('run-status').textContent).toBe('Tamamlandı'),
    );
    expect(screen.queryByRole('button', { name: 'Yeniden çalıştır' })).toBeNull();
    expect(
      screen.queryByRole('link', { name: 'Sonuç ekranında aç' }),
      'already on the result screen',
    ).toBeNull();
    expect(
      screen.queryByRole('link', { name: 'Rapor oluştur' }),
      'observers may not open analysis-based-report (route table)',
    ).toBeNull();
  });

  it('offers "Rapor oluştur" on a done run, linking to analysis-based-report with the run chosen', async () => {
    signInAs('Hesaplayici');
    const done: Run = { ...runSummary({ status: 'done', progress: 1 }), result: EMPTY_VAR_RESULT };
    mockApi({
      'GET analyses/runs': Response.json({ total: 1, items: [done] }),
      [`GET analyses/runs/${FIRST.id}`]: Response.json(done),
    });
    renderScreen(<RunResultsPage screen={TEST_VAR_SCREEN} />, {
      path: `/var-analysis-result?run=${FIRST.id}`,
    });
    const link = await screen.findByRole('link', { name: 'Rapor oluştur' });
    expect(link.getAttribute('href')).toBe(`/analysis-based-report?run=${FIRST.id}`);
  });

  it('reruns the opened run and opens the new one', async () => {
    signInAs('Hesaplayici');
    const failed: Run = { ...runSummary({ status: 'failed', error: 'Fiyat yok' }), result: null };
    const second: Run = {
      ...runSummary({ id: SECOND_ID, status: 'queued', progress: 0, progressMessage: null }),
      result: null,
    };
    const api = mockApi({
      'GET analyses/runs': Response.json({ total: 1, items: [failed] }),
      [`GET analyses/runs/${FIRST.id}`]: Response.json(failed),
      [`POST analyses/runs/${FIRST.id}/rerun`]: Response.json(second),
      [`GET analyses/runs/${SECOND_ID}`]: Response.json(second),
    });
    renderPage();
    fireEvent.click(
      within(await screen.findByTestId('run-list')).getByRole('button', { name: /^Aç / }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Yeniden çalıştır' }));
    expect(
      await screen.findByText('%0 · Analiz sırada; bir hesaplama birimi boşaldığında başlayacak.'),
    ).toBeTruthy();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === `analyses/runs/${FIRST.id}/rerun`),
    ).toBe(true);
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === 'analyses/runs').length,
        'the list reloads with the new run',
      ).toBeGreaterThan(1),
    );
  });

  it('opens the run named in the address, and says so when it cannot be read', async () => {
    signInAs('Gozlemleyici');
    mockApi({ 'GET analyses/runs': Response.json({ total: 0, items: [] }) });
    renderScreen(<RunResultsPage screen={TEST_VAR_SCREEN} />, {
      path: `/var-analysis-result?run=${FIRST.id}`,
    });
    expect(await screen.findByText('Sonuç yüklenemedi.')).toBeTruthy();
    expect(
      screen.queryByText('Ayrıntılarını görmek için listeden bir çalıştırma açın.'),
    ).toBeNull();
  });

  it('asks to open a run while none is open', async () => {
    mockApi({ 'GET analyses/runs': Response.json({ total: 0, items: [] }) });
    renderPage();
    expect(
      await screen.findByText('Ayrıntılarını görmek için listeden bir çalıştırma açın.'),
    ).toBeTruthy();
  });
});

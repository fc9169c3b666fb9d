import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Run } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { runSummary } from './run.fixture.tsx';
import { RunStatusCard } from './run-status-card.tsx';

const RUN_ID = '00000000-0000-4000-8000-000000000001';
const noRerun = () => undefined;

describe('RunStatusCard', () => {
  it('shows the Turkish status, the percentage and the worker message of a running run', () => {
    signInAs('Hesaplayici');
    renderScreen(<RunStatusCard run={runSummary()} onRerun={noRerun} />);
    expect(screen.getByTestId('run-status').textContent).toBe('Çalışıyor');
    expect(screen.getByText('%42 · Senaryolar hesaplanıyor')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Elif Kaya · 21.11.2026 12:00')).toBeTruthy();
  });

  it.each([
    ['queued', 'Sırada'],
    ['done', 'Tamamlandı'],
    ['failed', 'Hata'],
    ['cancelled', 'İptal edildi'],
  ] as const)('labels status %s as %s', (status, label) => {
    renderScreen(<RunStatusCard run={runSummary({ status })} onRerun={noRerun} />);
    expect(screen.getByTestId('run-status').textContent).toBe(label);
  });

  it('explains a queued run that has no message yet', () => {
    renderScreen(
      <RunStatusCard
        run={runSummary({ status: 'queued', progress: 0, progressMessage: null })}
        onRerun={noRerun}
      />,
    );
    expect(screen.getByTestId('run-progress-message').textContent).toBe(
      '%0 · Analiz sırada; bir hesaplama birimi boşaldığında başlayacak.',
    );
  });

  it('shows the attempt of a run retried after a failure', () => {
    renderScreen(<RunStatusCard run={runSummary({ attempt: 2 })} onRerun={noRerun} />);
    expect(screen.getByText('Deneme 2')).toBeTruthy();
  });

  it('shows the reason of a failed run and no progress bar', () => {
    renderScreen(
      <RunStatusCard
        run={runSummary({ status: 'failed', error: 'DAL portföyünde fiyat yok.' })}
        onRerun={noRerun}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('DAL portföyünde fiyat yok.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers cancel to run roles and posts the cancel call', async () => {
    signInAs('Hesaplayici');
    const api = mockApi({
      [`POST analyses/runs/${RUN_ID}/cancel`]: Response.json({
        ...runSummary({ cancelRequested: true }),
        result: null,
      }),
    });
    renderScreen(<RunStatusCard run={runSummary()} onRerun={noRerun} />);
    fireEvent.click(screen.getByRole('button', { name: 'İptal et' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'POST' && c.path === `analyses/runs/${RUN_ID}/cancel`),
      ).toBe(true),
    );
  });

  it('shows a requested cancel as pending until the worker stops', () => {
    signInAs('Admin');
    renderScreen(<RunStatusCard run={runSummary({ cancelRequested: true })} onRerun={noRerun} />);
    expect(screen.getByRole('button', { name: 'İptal isteniyor…' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('reruns a finished run and hands the new run to the screen', async () => {
    signInAs('Hesaplayici');
    const second: Run = {
      ...runSummary({ id: '00000000-0000-4000-8000-000000000009', status: 'queued', progress: 0 }),
      result: null,
    };
    const api = mockApi({ [`POST analyses/runs/${RUN_ID}/rerun`]: Response.json(second) });
    const onRerun = vi.fn();
    renderScreen(
      <RunStatusCard
        run={runSummary({ status: 'failed', error: 'Zaman aşımı' })}
        onRerun={onRerun}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'İptal et' }),
      'a finished run cannot be cancelled',
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Yeniden çalıştır' }));
    await waitFor(() => expect(onRerun).toHaveBeenCalledWith(second));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `analyses/runs/${RUN_ID}/rerun`,
    ]);
  });

  it('never offers cancel or rerun to observers', () => {
    signInAs('Gozlemleyici');
    const { unmount } = renderScreen(<RunStatusCard run={runSummary()} onRerun={noRerun} />);
    expect(screen.queryByRole('button', { name: 'İptal et' })).toBeNull();
    unmount();
    renderScreen(
      <RunStatusCard run={runSummary({ status: 'done', progress: 1 })} onRerun={noRerun} />,
    );
    expect(screen.queryByRole('button', { name: 'Yeniden çalıştır' })).toBeNull();
  });

  it('links a done run to its result screen unless already there', () => {
    const done = runSummary({ status: 'done', progress: 1, durationMs: 1500 });
    const { unmount } = renderScreen(<RunStatusCard run={done} onRerun={noRerun} />);
    expect(screen.getByRole('link', { name: 'Sonuç ekranında aç' }).getAttribute('href')).toBe(
      `/var-analysis-result?run=${RUN_ID}`,
    );
    expect(screen.getByText('Süre: 1,5 sn')).toBeTruthy();
    unmount();
    renderScreen(<RunStatusCard run={done} onRerun={noRerun} showResultLink={false} />);
    expect(screen.queryByRole('link', { name: 'Sonuç ekranında aç' })).toBeNull();
  });
});

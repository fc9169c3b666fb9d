import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RunProgress } from './run-progress.tsx';
import { renderWithQuery, signIn, summary } from './test-support.tsx';

describe('RunProgress', () => {
  it('shows the Turkish status, the percentage and the worker message of a running run', () => {
    signIn('Hesaplayici');
    renderWithQuery(<RunProgress run={summary()} />);
    expect(screen.getByText('Çalışıyor')).toBeTruthy();
    expect(screen.getByText('%42 · Senaryolar hesaplanıyor')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
  });

  it.each([
    ['queued', 'Sırada'],
    ['done', 'Tamamlandı'],
    ['failed', 'Hata'],
    ['cancelled', 'İptal edildi'],
  ] as const)('labels status %s as %s', (status, label) => {
    renderWithQuery(<RunProgress run={summary({ status })} />);
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows the reason of a failed run and no progress bar', () => {
    renderWithQuery(<RunProgress run={summary({ status: 'failed', error: 'DAL portföyünde fiyat yok.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('DAL portföyünde fiyat yok.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers cancel to run roles and posts the cancel call', async () => {
    signIn('Hesaplayici');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ ...summary({ cancelRequested: true }), result: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    document.cookie = 'XSRF-TOKEN=t';
    renderWithQuery(<RunProgress run={summary()} />);
    fireEvent.click(screen.getByRole('button', { name: 'İptal et' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url as string).toContain('analyses/runs/00000000-0000-4000-8000-000000000001/cancel');
    expect(init?.method).toBe('POST');
  });

  it('never offers cancel to observers', () => {
    signIn('Gozlemleyici');
    renderWithQuery(<RunProgress run={summary()} />);
    expect(screen.queryByRole('button', { name: 'İptal et' })).toBeNull();
  });

  it('does not offer cancel on a finished run', () => {
    signIn('Admin');
    renderWithQuery(<RunProgress run={summary({ status: 'done', progress: 1 })} />);
    expect(screen.queryByRole('button', { name: 'İptal et' })).toBeNull();
  });
});

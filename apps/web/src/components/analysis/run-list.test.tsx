import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RunListResponse } from '@fonrisk/contracts';
import { RunList } from './run-list.tsx';
import { renderWithQuery, signIn, summary } from './test-support.tsx';

function answer(body: RunListResponse) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

describe('RunList', () => {
  it('lists runs with Turkish dates, status and duration and opens the chosen one', async () => {
    signIn('Gozlemleyici');
    const done = summary({ id: '00000000-0000-4000-8000-000000000002', status: 'done', progress: 1, durationMs: 1500 });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ total: 2, items: [done, summary()] }));
    const onOpen = vi.fn();
    renderWithQuery(<RunList analysisType="var" onOpen={onOpen} />);
    await screen.findByText('Toplam 2 çalıştırma');
    const row = document.querySelector(`tr[data-run-id="${done.id}"]`)!;
    expect(row.textContent).toContain('20.11.2026');
    expect(row.textContent).toContain('Elif Kaya');
    expect(row.querySelector('[data-status="done"]')?.textContent).toBe('Tamamlandı');
    expect(row.textContent).toContain('1,5 sn');
    fireEvent.click(screen.getAllByRole('button', { name: 'Aç' })[0]!);
    expect(onOpen).toHaveBeenCalledWith(done);
  });

  it('sends the filters to the list call and starts again from the first page', async () => {
    signIn('Hesaplayici');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(answer({ total: 0, items: [] })));
    renderWithQuery(<RunList analysisType="backtest" onOpen={() => undefined} />);
    await screen.findByText('Filtrelere uyan analiz çalıştırması yok.');
    expect((fetchMock.mock.calls[0]![0] as string)).toContain('analyses/runs?analysisType=backtest&limit=20&offset=0');
    fireEvent.change(screen.getByLabelText('Portföy kodu'), { target: { value: 'dal' } });
    await waitFor(() => expect((fetchMock.mock.calls.at(-1)![0] as string)).toContain('portfolioCode=DAL'));
  });
});

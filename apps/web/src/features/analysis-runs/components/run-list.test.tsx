import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RunListResponse } from '@fonrisk/contracts';
import {
  mockApi,
  renderScreen,
  signInAs,
  type RecordedCall,
} from '../../../components/testing/render-screen.tsx';
import { runSummary } from './run.fixture.tsx';
import { portfolioCell, RunList } from './run-list.tsx';

const PORTFOLIOS = [
  {
    code: 'DAL',
    name: 'Dal Hisse Fonu',
    kind: 'fund',
    fundCategory: null,
    currency: 'TRY',
    referenceBenchmarkCode: null,
    managementCompany: null,
    isDemo: true,
    retiredAt: null,
    firstDate: '2025-01-02',
    lastDate: '2026-11-20',
    dateCount: 300,
  },
];

function listApi(answer: (call: RecordedCall) => RunListResponse) {
  return mockApi({
    'GET analyses/runs': (call) => Response.json(answer(call)),
    'GET portfolios': Response.json(PORTFOLIOS),
  });
}

const lastListCall = (calls: readonly RecordedCall[]) =>
  calls.filter((c) => c.path === 'analyses/runs').at(-1)!;

/** The list of one analysis type, no run opened, the parameters not described. */
function renderList(analysisType: 'var' | 'backtest') {
  renderScreen(
    <RunList
      analysisType={analysisType}
      describeInputs={() => ''}
      selectedId={null}
      onOpen={() => undefined}
    />,
  );
}

/** Picks an option of a Mantine select by its label. */
async function choose(label: string, option: string | RegExp) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('RunList', () => {
  it('lists runs with Turkish dates, parameters, status and duration and opens the chosen one', async () => {
    signInAs('Gozlemleyici');
    const done = runSummary({
      id: '00000000-0000-4000-8000-000000000002',
      status: 'done',
      progress: 1,
      durationMs: 1500,
    });
    listApi(() => ({ total: 2, items: [done, runSummary()] }));
    const onOpen = vi.fn();
    renderScreen(
      <RunList
        analysisType="var"
        describeInputs={(i) => `girdi ${String(i.asOfDate)}`}
        selectedId={null}
        onOpen={onOpen}
      />,
    );
    await screen.findByText('Toplam 2 çalıştırma');
    const row = document.querySelector<HTMLElement>(`tr[data-run-id="${done.id}"]`)!;
    expect(row.textContent).toContain('20.11.2026');
    expect(row.textContent).toContain('girdi 2026-11-20');
    expect(row.textContent).toContain('Elif Kaya');
    expect(within(row).getByTestId('run-status').textContent).toBe('Tamamlandı');
    expect(row.textContent).toContain('1,5 sn');
    // The start, the status and the duration each stay on one line ("1,5 sn"); the portfolios
    // wrap onto at most two lines, the dates and the parameters wrap.
    const cells = [...row.querySelectorAll('td')].map((td) => td.style.whiteSpace);
    expect(cells).toEqual(['nowrap', '', '', '', '', 'nowrap', 'nowrap', '']);
    const portfolios = row.querySelectorAll('td')[1]!.firstElementChild as HTMLElement;
    expect(portfolios.getAttribute('data-line-clamp')).toBe('true');
    expect(portfolios.style.getPropertyValue('--text-line-clamp')).toBe('2');
    fireEvent.click(within(row).getByRole('button', { name: 'Aç 21.11.2026 12:00' }));
    expect(onOpen).toHaveBeenCalledWith(done.id);
  });

  it("names a batch run's first portfolios and how many more, and every one on hover", async () => {
    const codes = ['NF000', 'NF001', 'NF002', 'NF003', 'NF004'];
    const few = runSummary({
      id: '00000000-0000-4000-8000-000000000003',
      portfolioCodes: ['A', 'B', 'C'],
    });
    const many = runSummary({ id: '00000000-0000-4000-8000-000000000004', portfolioCodes: codes });
    listApi(() => ({ total: 2, items: [few, many] }));
    renderList('var');
    await screen.findByText('Toplam 2 çalıştırma');
    const cell = (id: string) =>
      document.querySelector<HTMLElement>(`tr[data-run-id="${id}"]`)!.querySelectorAll('td')[1]!;
    expect(cell(few.id).textContent).toBe('A, B, C');
    expect(cell(many.id).textContent).toBe('NF000, NF001 ve 3 portföy daha');
    expect(cell(many.id).title).toBe('NF000, NF001, NF002, NF003, NF004');
    expect(portfolioCell([])).toBe('');
  });

  it('says so when no run matches the filters', async () => {
    listApi(() => ({ total: 0, items: [] }));
    renderList('backtest');
    expect(await screen.findByText('Filtrelere uyan çalıştırma yok.')).toBeTruthy();
  });

  it('sends the analysis type, page size and each filter to the list call', async () => {
    signInAs('Hesaplayici');
    const api = listApi(() => ({
      total: 1,
      items: [runSummary({ createdBy: { id: 3, fullName: 'Elif Kaya' } })],
    }));
    renderList('backtest');
    await screen.findByText('Toplam 1 çalıştırma');
    expect(Object.fromEntries(lastListCall(api.calls).search)).toEqual({
      analysisType: 'backtest',
      limit: '20',
      offset: '0',
    });

    await choose('Portföy', 'DAL · Dal Hisse Fonu');
    await waitFor(() => expect(lastListCall(api.calls).search.get('portfolioCode')).toBe('DAL'));
    await choose('Durum', 'Hata');
    await waitFor(() => expect(lastListCall(api.calls).search.get('status')).toBe('failed'));
    await choose('Çalıştıran', 'Test Kullanıcı (siz)');
    await waitFor(() => expect(lastListCall(api.calls).search.get('createdBy')).toBe('7'));
    await choose('Çalıştıran', 'Elif Kaya');
    await waitFor(() => expect(lastListCall(api.calls).search.get('createdBy')).toBe('3'));
  });

  it('pages through the runs and starts again from the first page when a filter changes', async () => {
    const api = listApi((call) => ({
      total: 45,
      items: [
        runSummary({
          id: `00000000-0000-4000-8000-0000000000${call.search.get('offset')!.padStart(2, '0')}`,
        }),
      ],
    }));
    renderList('var');
    await screen.findByText('Toplam 45 çalıştırma');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastListCall(api.calls).search.get('offset')).toBe('40'));
    await choose('Durum', 'Tamamlandı');
    await waitFor(() => expect(lastListCall(api.calls).search.get('offset')).toBe('0'));
  });

  it('highlights the opened run', async () => {
    listApi(() => ({ total: 1, items: [runSummary()] }));
    renderScreen(
      <RunList
        analysisType="var"
        describeInputs={() => ''}
        selectedId={runSummary().id}
        onOpen={() => undefined}
      />,
    );
    await screen.findByText('Toplam 1 çalıştırma');
    const row = document.querySelector<HTMLElement>(`tr[data-run-id="${runSummary().id}"]`)!;
    expect(row.getAttribute('style') ?? '').toContain('blue');
  });
});

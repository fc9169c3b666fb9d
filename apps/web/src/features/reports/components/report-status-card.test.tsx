// A house's report (a hundred funds, hundreds of runs) stays readable: its portfolios in a line
// with how many more, its runs the first twelve until all are asked for.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { MyReportsPage } from './my-reports-page.tsx';
import { RunsUsed } from './report-status-card.tsx';
import { reportFixture } from './reports.fixture.ts';

const FUNDS = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
const TYPES = ['var', 'backtest', 'leverage'] as const;

const houseReport: Report = reportFixture({
  portfolioCodes: FUNDS,
  runsUsed: FUNDS.slice(0, 10).flatMap((code, i) =>
    TYPES.map((analysisType, t) => ({
      runId: `00000000-0000-4000-8000-${String(i * 10 + t).padStart(12, '0')}`,
      analysisType,
      portfolioCodes: [code],
      reused: t !== 2,
    })),
  ),
});

describe("a house's report", () => {
  it('lists its runs twelve at a time until all are shown, each with its link', () => {
    renderScreen(<RunsUsed report={houseReport} />);
    const used = screen.getByTestId('report-runs-used');
    expect(used.textContent).toContain('20 analiz bu tarihin tamamlanmış');
    expect(used.textContent).toContain('10 analiz rapor için çalıştırıldı.');
    expect(within(used).getAllByRole('row')).toHaveLength(12);
    fireEvent.click(within(used).getByRole('button', { name: 'Tüm analizleri göster (30)' }));
    expect(within(used).getAllByRole('row')).toHaveLength(30);
    expect(within(used).getAllByRole('link', { name: 'Sonucu aç' })).toHaveLength(30);
    fireEvent.click(within(used).getByRole('button', { name: 'İlk analizleri göster' }));
    expect(within(used).getAllByRole('row')).toHaveLength(12);
  });

  it('names its first portfolios in the list and how many more, all of them on hover', async () => {
    signInAs('Hesaplayici');
    mockApi({ 'GET reports': () => Response.json({ total: 1, items: [houseReport] }) });
    renderScreen(<MyReportsPage />, { path: '/my-reports' });
    const cell = await screen.findByText('NF000, NF001 ve 98 portföy daha');
    expect(cell.getAttribute('title')).toBe(FUNDS.join(', '));
  });
});

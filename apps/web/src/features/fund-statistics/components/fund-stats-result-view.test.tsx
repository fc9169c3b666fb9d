import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildTable,
  FUND_FIGURE_KEYS,
  FUND_STATISTICS_TABLES,
  type FundStatisticsResult,
  type FundStatisticsRow,
  type Run,
} from '@fonrisk/contracts';
import { runSummary } from '../../analysis-runs/components/run.fixture.tsx';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { FundStatsResultView } from './fund-stats-result-view.tsx';

const figures = Object.fromEntries(FUND_FIGURE_KEYS.map((k) => [k, 0.1])) as Record<
  (typeof FUND_FIGURE_KEYS)[number],
  number | null
>;
const curve = { dates: ['2026-01-02', '2026-01-05'], cumulative: [0, 0.01], drawdown: [0, 0] };
const fund = (code: string, over: Partial<FundStatisticsRow>): FundStatisticsRow => ({
  code,
  name: `${code} Fonu`,
  firstDate: '2026-01-02',
  lastDate: '2026-11-27',
  observations: 230,
  figures,
  drawdownPeakDate: '2026-03-02',
  drawdownTroughDate: '2026-04-01',
  drawdownRecoveryDate: '2026-06-01',
  periodReturns: [],
  monthly: [],
  yearly: [],
  curve,
  ...over,
});
const RESULT: FundStatisticsResult = {
  fromDate: '2026-01-02',
  toDate: '2026-11-27',
  frequency: 'daily',
  riskFreeRatePct: 0,
  confidenceLevel: 0.95,
  funds: [
    fund('AAA', {}),
    fund('BBB', { drawdownRecoveryDate: null }),
    // A fund that never fell (a money-market fund): no peak, trough or recovery.
    fund('CCC', {
      figures: { ...figures, maxDrawdown: 0, beta: -0.00001 },
      drawdownPeakDate: null,
      drawdownTroughDate: null,
      drawdownRecoveryDate: null,
    }),
  ],
  benchmark: null,
  ranks: {},
  tables: { figures: buildTable(FUND_STATISTICS_TABLES.figures, []) },
};
const run = (): Run => ({
  ...runSummary({ analysisType: 'fund-statistics', status: 'done', progress: 1 }),
  result: RESULT,
});

describe('fund statistics result', () => {
  it("gives each fund's largest fall its dates, and says so when a fund did not fall", () => {
    renderScreen(<FundStatsResultView run={run()} result={RESULT} />);
    // The comparison table's row of dates (the figure's own row comes before it; the grid of
    // every figure below has a column of the same name).
    const peer = screen.getByTestId('peer-table');
    const row = within(peer).getAllByText('En büyük düşüş').at(-1)!.closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Tepe 02.03.2026 · dip 01.04.2026 · toparlanma 01.06.2026',
      'Tepe 02.03.2026 · dip 01.04.2026 · toparlanma toparlanmadı',
      'Dönemde düşüş yok',
    ]);
  });

  it('writes a figure that rounds to zero without a sign (a beta of -0,00001 is 0,000)', () => {
    renderScreen(<FundStatsResultView run={run()} result={RESULT} />);
    const beta = within(screen.getByTestId('peer-table')).getByText('Beta').closest('tr')!;
    expect(within(beta).getAllByRole('cell').at(-1)!.textContent).toBe('0,000');
  });
});

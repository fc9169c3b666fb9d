import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResultTables } from '@fonrisk/contracts';
import { renderScreen } from '../../../components/testing/render-screen.tsx';
import { RunTablePanel } from './run-table-panel.tsx';

const tables: ResultTables = {
  checks: {
    title: 'Limit kontrolleri',
    columns: [{ key: 'portfolioCode', label: 'Fon', format: 'text' }],
    rows: [{ portfolioCode: 'AAK' }, { portfolioCode: 'BBK' }, { portfolioCode: 'BBK' }],
  },
};

describe('RunTablePanel', () => {
  it('shows the named table with the rows kept, and nothing for a table the result lacks', () => {
    renderScreen(
      <>
        <RunTablePanel
          runId="r-1"
          tables={tables}
          name="checks"
          rows={(all) => all.filter((r) => r['portfolioCode'] === 'BBK')}
        />
        <RunTablePanel runId="r-1" tables={tables} name="hhi" />
      </>,
    );
    const panel = screen.getByTestId('result-table-checks');
    expect(panel.textContent).toContain('Limit kontrolleri');
    expect(panel.textContent).toContain('2 satır');
    expect(screen.queryByTestId('result-table-hhi')).toBeNull();
  });
});

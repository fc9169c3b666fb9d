import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TickerMapping } from '@fonrisk/contracts';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { ROWS_PER_PAGE } from '../../../components/ui/paged-rows.tsx';
import { TickerMapperPage } from './ticker-mapper-page.tsx';

function mapping(i: number): TickerMapping {
  const code = `HS${String(i).padStart(4, '0')}`;
  return {
    instrumentCode: code,
    instrumentName: `Hisse ${String(i)}`,
    mainType: 'stock',
    seriesTicker: code,
    mappingKind: 'direct',
    note: null,
    coverage: {
      firstDate: '2024-01-02',
      lastDate: '2026-11-27',
      count: 700,
      missingBusinessDays: 0,
    },
  };
}

const HOUSE = 2 * ROWS_PER_PAGE + 34;

describe('ticker-mapper on a house of thousands of mappings (decision 0130)', () => {
  it('shows them a page at a time, counts them all, and searches them all', async () => {
    signInAs('Gozlemleyici');
    mockApi({
      'GET ticker-mappings': Response.json(Array.from({ length: HOUSE }, (_, i) => mapping(i))),
      'GET ticker-mappings/unmapped': Response.json([]),
    });
    renderScreen(<TickerMapperPage />);
    const table = await screen.findByTestId('mapping-table');
    const bodyRows = () => within(screen.getByTestId('mapping-table')).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(ROWS_PER_PAGE);
    expect(within(table).getAllByText('HS0000')).toHaveLength(2); // code and series
    expect(screen.getByTestId('mapping-count').textContent).toBe('234');
    expect(screen.getByText('1–100 / 234 satır')).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('mapping-table-pages')).getByRole('button', { name: '3' }),
    );
    expect(bodyRows()).toHaveLength(34);
    // The search covers every mapping, not the page shown.
    fireEvent.change(screen.getByRole('textbox', { name: /ara/i }), {
      target: { value: 'HS0042' },
    });
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getAllByText('HS0042')).toHaveLength(2);
    expect(screen.queryByTestId('mapping-table-pages')).toBeNull();
  });
});

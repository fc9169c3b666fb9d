// The audit result's lines by pages (a house's audit of 100 funds has ~900 of them): the first
// page, another page on request, the failing-only filter back on its first page, and a line
// chosen on a later page shown in detail.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditLine, InternalAuditResult } from '@fonrisk/contracts';
import { renderUi } from '../../../test/render.tsx';
import { AUDIT_LINES_PER_PAGE, AuditResultView } from './audit-result-view.tsx';

const LINES = 2 * AUDIT_LINES_PER_PAGE + 30;

function line(i: number): AuditLine {
  return {
    portfolioCode: `F${String(i).padStart(3, '0')}`,
    portfolioName: `Fon ${String(i)}`,
    criterionCode: 'TEK',
    date: '2026-11-27',
    value: 0.05,
    // Every tenth line fails: 23 of them.
    status: i % 10 === 0 ? 'breach' : 'pass',
    margin: 0.05,
    failingDays: 0,
    keys: [],
    contributions: [],
  };
}

const RESULT: InternalAuditResult = {
  asOfDate: '2026-11-27',
  fromDate: null,
  toDate: null,
  dates: ['2026-11-27'],
  criteria: [
    {
      id: 1,
      code: 'TEK',
      version: 1,
      name: 'Tek ihraççı sınırı (%10)',
      group: 'SPK',
      source: 'Rehber',
      confirmed: true,
      severity: 'breach',
      unit: 'fraction',
      comparison: { kind: 'max', limit: 0.1 },
      limitText: '≤ %10,00',
    },
  ],
  lines: Array.from({ length: LINES }, (_, i) => line(i)),
  series: [],
  summary: { portfolios: LINES, checks: LINES, pass: LINES - 23, warning: 0, breach: 23 },
  tracking: null,
  tables: { results: { title: 'Sonuçlar', columns: [], rows: [] } },
};

function rows(): HTMLElement[] {
  return within(screen.getByTestId('audit-lines')).getAllByRole('row').slice(1);
}

describe('AuditResultView', () => {
  it('shows the lines a page at a time, and the failing ones from their first page', () => {
    renderUi(
      <QueryClientProvider client={new QueryClient()}>
        <AuditResultView
          run={{ id: '00000000-0000-4000-8000-000000000009' } as never}
          result={RESULT}
        />
      </QueryClientProvider>,
    );
    expect(rows()).toHaveLength(AUDIT_LINES_PER_PAGE);
    expect(within(rows()[0]!).getByText('F000')).toBeTruthy();
    expect(
      screen.getByText(`1–${String(AUDIT_LINES_PER_PAGE)} / ${String(LINES)} kontrol`),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(rows()).toHaveLength(30);
    expect(within(rows()[0]!).getByText(`F${String(2 * AUDIT_LINES_PER_PAGE)}`)).toBeTruthy();
    // A line of the last page, chosen, is shown in detail below the table.
    expect(screen.getByText('Ayrıntı için bir satır seçin.')).toBeTruthy();
    fireEvent.click(rows()[0]!);
    expect(screen.queryByText('Ayrıntı için bir satır seçin.')).toBeNull();
    fireEvent.click(screen.getByLabelText('Yalnızca aykırı olanlar'));
    // 23 failing lines: one page, no pages to choose.
    expect(rows()).toHaveLength(23);
    expect(rows().every((r) => r.getAttribute('data-status') === 'breach')).toBe(true);
    expect(screen.queryByText(/ \/ \d+ kontrol$/)).toBeNull();
  });
});

import { useMemo } from 'react';
import type { HoldingView } from '@fonrisk/contracts';
import { DataGrid } from '../data-grid/data-grid.tsx';
import { fitGridHeight } from '../data-grid/grid-height.ts';
import { columnKeys, holdingsColumnDefs } from './holdings-columns.ts';
import { holdingsTotals } from './holdings-math.ts';
import { HOLDINGS_MESSAGES } from './messages.ts';

/** The pinned totals row: "Toplam" under the code, the row count under the name, summed amounts. */
export function totalsRow(rows: readonly HoldingView[]): Record<string, unknown> {
  const { count, ...sums } = holdingsTotals(rows);
  return {
    investmentInstrumentCode: HOLDINGS_MESSAGES.total,
    investmentInstrumentName: HOLDINGS_MESSAGES.rowCount(count),
    ...sums,
  };
}

/** Holdings of one snapshot in AG Grid with Turkish headers, tr-TR numbers and a pinned totals row. */
export function HoldingsGrid({
  rows,
  stateKey,
}: {
  rows: readonly HoldingView[];
  stateKey: string;
}) {
  const columns = useMemo(() => holdingsColumnDefs(columnKeys(rows)), [rows]);
  const totals = useMemo(() => [totalsRow(rows)], [rows]);
  return (
    <DataGrid
      rows={rows}
      columns={columns}
      pinnedBottomRows={totals}
      stateKey={stateKey}
      height={fitGridHeight(rows.length, { pinned: 1, max: 560 })}
      getRowId={(row) => row.investmentInstrumentCode}
      testId="holdings-grid"
    />
  );
}

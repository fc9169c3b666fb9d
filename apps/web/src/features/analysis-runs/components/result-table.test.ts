import { describe, expect, it } from 'vitest';
import { BACKTEST_COLUMNS } from '@fonrisk/contracts';
import { resultColumns } from './result-table.tsx';

describe('resultColumns', () => {
  it('wraps text (a backtest verdict) onto more lines and keeps numbers on one line', () => {
    const columns = resultColumns({
      title: 'Test Sonuçları',
      columns: BACKTEST_COLUMNS.tests,
      rows: [],
    });
    const verdict = columns.find((c) => c.field === 'verdict')!;
    expect(verdict).toMatchObject({ wrapText: true, autoHeight: true });
    const exceptions = columns.find((c) => c.field === 'exceptions')!;
    expect(exceptions.wrapText).toBeUndefined();
    expect(exceptions.autoHeight).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { HoldingComparisonRow } from '@fonrisk/contracts';
import { compareRowStyle, orderForReview, statusCounts } from './compare-status.ts';

function row(
  code: string,
  status: HoldingComparisonRow['status'],
  valueChange: number,
): HoldingComparisonRow {
  return {
    investmentInstrumentCode: code,
    investmentInstrumentName: null,
    investmentInstrumentMainType: null,
    nominalFrom: null,
    nominalTo: null,
    valueFrom: null,
    valueTo: null,
    weightFromPct: null,
    weightToPct: null,
    valueChange,
    status,
  };
}

describe('compare status', () => {
  it('highlights added green, removed red, changed yellow and leaves unchanged plain', () => {
    expect(compareRowStyle('added')?.background).toBe('#e6fcf5');
    expect(compareRowStyle('removed')?.background).toBe('#fff5f5');
    expect(compareRowStyle('changed')?.background).toBe('#fff9db');
    expect(compareRowStyle('unchanged')).toBeUndefined();
  });

  it('orders added, removed, changed, unchanged, each by the largest absolute change', () => {
    const ordered = orderForReview([
      row('U', 'unchanged', 0),
      row('C1', 'changed', 5),
      row('R', 'removed', -100),
      row('C2', 'changed', -50),
      row('A', 'added', 10),
    ]);
    expect(ordered.map((r) => r.investmentInstrumentCode)).toEqual(['A', 'R', 'C2', 'C1', 'U']);
  });

  it('counts rows per status', () => {
    expect(
      statusCounts([row('A', 'added', 1), row('B', 'added', 1), row('C', 'unchanged', 0)]),
    ).toEqual({
      added: 2,
      removed: 0,
      changed: 0,
      unchanged: 1,
    });
  });
});

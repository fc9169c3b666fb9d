import { describe, expect, it } from 'vitest';
import { HEADING_FUNDS, runFundsHeading } from './report-assembly.ts';

const label = (code: string) => `${code} — ${code} Fonu`;

describe('runFundsHeading', () => {
  it('names up to three funds with their names', () => {
    expect(runFundsHeading(['DHS'], label)).toBe('DHS — DHS Fonu');
    expect(runFundsHeading(['A', 'B', 'C'], label)).toBe('A — A Fonu, B — B Fonu, C — C Fonu');
  });

  it('counts the funds beyond them, so that a run of a hundred funds heads one line', () => {
    const codes = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
    expect(HEADING_FUNDS).toBe(3);
    expect(runFundsHeading(codes, label)).toBe('NF000, NF001, NF002 ve 97 portföy daha');
    expect(runFundsHeading(codes.slice(0, 4), label)).toBe('NF000, NF001, NF002 ve 1 portföy daha');
  });
});

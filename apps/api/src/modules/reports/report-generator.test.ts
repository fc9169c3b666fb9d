import { describe, expect, it } from 'vitest';
import { ANALYSIS_TYPES, runScope } from '@fonrisk/contracts';
import { periodLabel } from './report-assembly.ts';
import { fileStem } from './report-output.ts';
import { coversDates, inputCandidates } from './report-run-inputs.ts';

const row = { asOfDate: '2026-10-30', fromDate: null, toDate: null };

/** The inputs the report would start for a type: the first candidate that keeps the date. */
function chosen(type: keyof typeof ANALYSIS_TYPES, extra: Record<string, unknown> = {}) {
  const section = { kind: 'analysis' as const, analysisType: type, inputs: extra };
  return inputCandidates(section, ANALYSIS_TYPES[type], 'AAK', row)
    .map((c) => ANALYSIS_TYPES[type].inputsSchema.safeParse(c))
    .find((p) => p.success && coversDates(runScope(p.data), row))?.data as
    Record<string, unknown> | undefined;
}

describe('inputs of the analyses a report starts', () => {
  it('keeps the report date for a dated type', () => {
    expect(chosen('var')).toMatchObject({ portfolioCodes: ['AAK'], asOfDate: '2026-10-30' });
  });

  it('gives a period type the year ending on the report date (its date is not dropped)', () => {
    expect(chosen('backtest')).toMatchObject({
      portfolioCode: 'AAK',
      fromDate: '2025-10-30',
      toDate: '2026-10-30',
    });
  });

  it('uses the extra inputs of the section', () => {
    expect(chosen('stress-test', { scenarioIds: [1, 2] })).toMatchObject({ scenarioIds: [1, 2] });
    expect(chosen('stress-test'), 'no scenario: nothing valid').toBeUndefined();
  });
});

describe('labels', () => {
  it('writes dates and periods the Turkish way and file names in ASCII', () => {
    expect(periodLabel(row)).toBe('30.10.2026');
    expect(periodLabel({ asOfDate: null, fromDate: '2026-10-01', toDate: '2026-10-31' })).toBe(
      '01.10.2026 – 31.10.2026',
    );
    expect(fileStem('Yönetim Kurulu Aylık Risk Raporu — AAK', { id: 7 })).toBe(
      'Yonetim-Kurulu-Aylik-Risk-Raporu-AAK_7',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { columnKeys, formatCell, headerFor, holdingsColumnDefs } from './holdings-columns.ts';
import { totalsRow } from './holdings-grid.tsx';

describe('holdings grid columns', () => {
  it('heads each column with the Turkish label of its key', () => {
    const defs = holdingsColumnDefs([
      'investmentInstrumentCode',
      'currentValue',
      'MaturityDate',
      'totalByFPD',
    ]);
    expect(defs.map((d) => d.headerName)).toEqual([
      'Yatırım Aracı Kodu',
      'Güncel Değer',
      'Vade Tarihi',
      'FPD (%)',
    ]);
  });

  it('gives each header a Turkish tooltip and wraps long headers instead of cutting them', () => {
    const [code] = holdingsColumnDefs(['investmentInstrumentCode']);
    expect(code?.headerTooltip).toBe('Yatırım Aracı Kodu');
    expect(code?.wrapHeaderText).toBe(true);
    expect(code?.autoHeaderHeight).toBe(true);
  });

  it('shows a key that has no label unchanged', () => {
    expect(headerFor('customRiskBucket')).toBe('customRiskBucket');
    expect(holdingsColumnDefs(['customRiskBucket'])[0]?.headerName).toBe('customRiskBucket');
  });

  it('names the computed weight and issuer group columns in Turkish', () => {
    expect(headerFor('weightPct')).toBe('FTD Ağırlığı (%)');
    expect(headerFor('issuerGroup')).toBe('İhraççı Grubu');
  });

  it('orders leading keys first, then the rest as met, without per-snapshot keys or empty columns', () => {
    const keys = columnKeys([
      {
        portfolioCode: 'F',
        portfolioDate: '2026-01-02',
        sector: 'Banka',
        currentValue: 1,
        investmentInstrumentCode: 'A',
        isinCode: null,
      },
      { customRiskBucket: 'x', investmentInstrumentCode: 'B', currentValue: 2 },
    ]);
    expect(keys).toEqual([
      'investmentInstrumentCode',
      'currentValue',
      'sector',
      'customRiskBucket',
    ]);
  });

  it('formats numbers, dates, yes/no and main types the Turkish way', () => {
    expect(formatCell('amount', 1234567.891)).toBe('1.234.567,89');
    expect(formatCell('integer', 750)).toBe('750');
    expect(formatCell('date', '2026-11-21')).toBe('21.11.2026');
    expect(formatCell('boolean', true)).toBe('Evet');
    expect(formatCell('mainType', 'governmentBond')).toBe('Devlet Tahvili (DİBS)');
    expect(formatCell('amount', null)).toBe('');
  });

  it('formats through the column definitions', () => {
    const def = holdingsColumnDefs(['currentValue'])[0];
    const formatter = def?.valueFormatter as (p: { value: unknown }) => string;
    expect(formatter({ value: 1000.5 })).toBe('1.000,50');
  });

  it('builds the pinned totals row with "Toplam", the count and summed amounts', () => {
    const row = totalsRow([
      {
        portfolioCode: 'F',
        portfolioDate: '2026-01-02',
        investmentInstrumentCode: 'A',
        currentValue: 75,
        weightPct: 75,
        issuerGroup: null,
      },
      {
        portfolioCode: 'F',
        portfolioDate: '2026-01-02',
        investmentInstrumentCode: 'B',
        currentValue: 25,
        weightPct: 25,
        issuerGroup: null,
      },
    ]);
    expect(row).toMatchObject({
      investmentInstrumentCode: 'Toplam',
      investmentInstrumentName: '2 kalem',
      currentValue: 100,
      weightPct: 100,
    });
  });
});

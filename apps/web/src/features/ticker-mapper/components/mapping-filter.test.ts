import { describe, expect, it } from 'vitest';
import type { TickerMapping } from '@fonrisk/contracts';
import { filterMappings, NO_MAPPING_FILTER } from './mapping-filter.ts';

function mapping(code: string, name: string, series: string, missing: number): TickerMapping {
  return {
    instrumentCode: code,
    instrumentName: name,
    mainType: 'stock',
    seriesTicker: series,
    mappingKind: 'direct',
    note: null,
    coverage: {
      firstDate: '2025-01-02',
      lastDate: '2025-12-31',
      count: 250,
      missingBusinessDays: missing,
    },
  };
}

const ALL = [
  mapping('AKSUT', 'Aksüt Süt Ürünleri A.Ş.', 'AKSUT', 0),
  mapping('ISCTR', 'İş Bankası (C)', 'ISCTR', 3),
  mapping('TRT150120T16', 'Hazine Bonosu', 'TAHVIL-2Y', 0),
];

describe('filterMappings', () => {
  it('keeps every mapping without a filter', () => {
    expect(filterMappings(ALL, NO_MAPPING_FILTER)).toEqual(ALL);
  });

  it('finds a mapping by part of its code, name or series, in any Turkish case', () => {
    expect(filterMappings(ALL, { text: 'aksüt', onlyMissing: false })).toEqual([ALL[0]]);
    expect(filterMappings(ALL, { text: 'İŞ BANK', onlyMissing: false })).toEqual([ALL[1]]);
    expect(filterMappings(ALL, { text: 'is bank', onlyMissing: false })).toEqual([ALL[1]]);
    // The ASCII "I" of a ticker: a Turkish lower-casing alone makes it "ı" and misses "tahvil".
    expect(filterMappings(ALL, { text: ' tahvil ', onlyMissing: false })).toEqual([ALL[2]]);
    expect(filterMappings(ALL, { text: 'isctr', onlyMissing: false })).toEqual([ALL[1]]);
    expect(filterMappings(ALL, { text: 'yok', onlyMissing: false })).toEqual([]);
  });

  it('keeps only the series with missing business days when asked, with the text too', () => {
    expect(filterMappings(ALL, { text: '', onlyMissing: true })).toEqual([ALL[1]]);
    expect(filterMappings(ALL, { text: 'aksut', onlyMissing: true })).toEqual([]);
  });
});

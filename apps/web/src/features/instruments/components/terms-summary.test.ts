import { describe, expect, it } from 'vitest';
import type { Instrument } from '@fonrisk/contracts';
import { matchesSearch, termsSummary } from './terms-summary.ts';

const fund = (terms: Instrument['terms']): Instrument => ({
  code: 'DAL',
  name: 'Demo Altın Fonu',
  mainType: 'Yatırım Fonu Katılma Payı' as Instrument['mainType'],
  subType: null,
  currency: 'TRY',
  issuer: null,
  issuerGroup: null,
  sector: null,
  isinCode: null,
  isForeign: false,
  tcmbCode: null,
  terms,
});

describe('terms summary', () => {
  it('names the TEFAS fund type in Turkish rather than its code', () => {
    expect(
      termsSummary(
        fund({ kind: 'fund', fundCode: 'DAL', fundCategory: null, tefasFundType: 'YAT' }),
      ),
    ).toBe('DAL · Menkul Kıymet Yatırım Fonu');
  });

  it('leaves out the parts a fund does not have', () => {
    expect(
      termsSummary(
        fund({ kind: 'fund', fundCode: 'DAL', fundCategory: null, tefasFundType: null }),
      ),
    ).toBe('DAL');
  });

  it('shows strikes and contract sizes with only the decimals they need', () => {
    const option = fund({
      kind: 'option',
      underlying: 'XU030',
      strike: 9000,
      expiryDate: '2027-02-26',
      optionType: 'call',
      exerciseStyle: 'european',
      contractSize: 0.1,
    });
    expect(termsSummary(option)).toMatch(/^XU030 · .+ · 9\.000 · .+$/);
    expect(
      termsSummary(
        fund({
          kind: 'future',
          underlying: 'USDTRY',
          expiryDate: '2027-02-26',
          contractSize: 1000,
        }),
      ),
    ).toBe('USDTRY · Sözleşme büyüklüğü 1.000');
    expect(termsSummary(fund({ ...option.terms, strike: 34.25 } as Instrument['terms']))).toContain(
      ' · 34,25 · ',
    );
  });

  it('finds an instrument by code, name or ISIN however the user types its I and İ', () => {
    const isctr = {
      ...fund({ kind: 'fund', fundCode: 'DAL', fundCategory: null, tefasFundType: null }),
      code: 'ISCTR',
      name: 'İş Bankası (C)',
      isinCode: 'TRAISCTR91N2',
    };
    // "isctr" lower-cased in Turkish is not what "ISCTR" becomes ("ısctr"): folded, both match.
    for (const q of ['isctr', 'ISCTR', 'iş bank', 'IS BANK', 'traisctr', ''])
      expect(matchesSearch(isctr, q), q).toBe(true);
    expect(matchesSearch(isctr, 'garan')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Instrument } from '@fonrisk/contracts';
import { termsSummary } from './terms-summary.ts';

const fund = (terms: Extract<Instrument['terms'], { kind: 'fund' }>): Instrument => ({
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
});

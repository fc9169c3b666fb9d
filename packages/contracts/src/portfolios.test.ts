import { describe, expect, it } from 'vitest';
import type { Instrument } from './instruments.ts';
import { fundPortfolioCode, fundPortfolioProposal } from './portfolios.ts';

const fund = (code: string, fundCode: string): Instrument => ({
  code,
  name: 'Türk Fonu',
  mainType: 'fundShare',
  subType: null,
  currency: 'TRY',
  issuer: 'Örnek Portföy',
  issuerGroup: null,
  sector: null,
  isinCode: null,
  isForeign: false,
  tcmbCode: null,
  terms: { kind: 'fund', fundCode, fundCategory: 'equity', tefasFundType: null },
});

describe('the portfolio of a fund defined on fund-creation (issue 21)', () => {
  it("is the portfolio with the fund's code, else with its fund code, else none", () => {
    expect(fundPortfolioCode(fund('TURFON', 'TRF'), new Set(['TURFON', 'TRF']))).toBe('TURFON');
    expect(fundPortfolioCode(fund('TURFON', 'TRF'), new Set(['TRF']))).toBe('TRF');
    expect(fundPortfolioCode(fund('TURFON', 'TRF'), new Set(['DHS']))).toBeNull();
    const share = { ...fund('GARAN', 'GARAN'), terms: { kind: 'none' as const } };
    expect(fundPortfolioCode(share, new Set(['GARAN']))).toBeNull();
  });

  it("proposes the fund's code, name, category, currency and issuer as management company", () => {
    expect(fundPortfolioProposal(fund('TURFON', 'TRF'))).toEqual({
      code: 'TURFON',
      name: 'Türk Fonu',
      kind: 'fund',
      fundCategory: 'equity',
      currency: 'TRY',
      managementCompany: 'Örnek Portföy',
    });
  });
});

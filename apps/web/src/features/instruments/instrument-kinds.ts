import type { InstrumentMainType, TermsKind } from '@fonrisk/contracts';

/** The four creation screens and which main types each lists and creates. */
export type InstrumentScreen = 'fund' | 'option' | 'future' | 'bond';

export const SCREEN_MAIN_TYPES: Readonly<Record<InstrumentScreen, readonly InstrumentMainType[]>> =
  {
    fund: ['fundShare', 'exchangeTradedFund'],
    option: ['option', 'warrant'],
    future: ['future'],
    bond: [
      'governmentBond',
      'treasuryBill',
      'corporateBond',
      'commercialPaper',
      'bankBill',
      'leaseCertificate',
      'eurobond',
      'assetBackedSecurity',
    ],
  };

export const SCREEN_TERMS: Readonly<Record<InstrumentScreen, Exclude<TermsKind, 'none'>>> = {
  fund: 'fund',
  option: 'option',
  future: 'future',
  bond: 'bond',
};

export const SCREEN_PATHS: Readonly<Record<InstrumentScreen, string>> = {
  fund: 'fund-creation',
  option: 'option-creation',
  future: 'future-creation',
  bond: 'bond-creation',
};

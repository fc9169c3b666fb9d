import type { HoldingRow, Instrument } from '@fonrisk/contracts';
import type { PricedBond } from './bonds.ts';
import type { Derivative } from './derivatives.ts';
import { makeIsin } from './isin.ts';
import { TICKER, type Market } from './market.ts';
import { STOCKS } from './stocks.ts';

/** Anything a demo portfolio can hold as a position: how to value one unit of it on a date. */
export interface Asset {
  readonly instrument: Instrument;
  /** Quoted price in the instrument's currency (bonds: dirty price per 100 nominal); NaN when not traded. */
  price(t: number): number;
  /** Value of one nominal unit per unit of price: 0.01 for bonds (per-100 quote), the contract size for options. */
  readonly perUnit: number;
  /** TRY per unit of the instrument's currency. */
  fx(t: number): number;
  /** Cash paid per unit held into date t (coupons, redemption), in the instrument's currency; none: 0. */
  income?(t: number): number;
  /** Positions are rounded to multiples of this nominal. */
  readonly lot: number;
  /** The series that prices it for risk, and whether it is the asset's own ('direct') or a stand-in. */
  readonly mapping: {
    readonly ticker: string;
    readonly kind: 'direct' | 'proxy';
    readonly note: string | null;
  } | null;
  /** Type-specific holding columns on a date (maturity, coupon, yield, duration...). */
  columns?(t: number): Partial<HoldingRow>;
}

export const CASH = {
  reverseRepo: 'DEMO-TERS-REPO',
  tpp: 'DEMO-TPP',
  deposit: 'DEMO-MEVDUAT-TL',
  participation: 'DEMO-KATILMA-TL',
  margin: 'DEMO-VIOP-TEMINAT',
  repoBorrowing: 'DEMO-REPO-BORC',
  feeAccrual: 'DEMO-YONETIM-UCRETI',
} as const;
export const GOLD = 'DEMO-ALTIN';
export const USD_DEPOSIT = 'DEMO-MEVDUAT-USD';

const none = { kind: 'none' } as const;
const plain = (
  code: string,
  name: string,
  mainType: Instrument['mainType'],
  issuer: string | null,
  currency = 'TRY',
): Instrument => ({
  code,
  name,
  mainType,
  subType: null,
  currency,
  issuer,
  issuerGroup: issuer,
  sector: issuer === null ? null : 'Bankacılık',
  isinCode: null,
  isForeign: false,
  tcmbCode: null,
  terms: none,
});

/** Cash-like and liability instruments (valued at nominal; mapped to the money-market index as a proxy). */
export const CASH_INSTRUMENTS: readonly Instrument[] = [
  plain(
    CASH.reverseRepo,
    'Ters Repo (Gecelik, DİBS Karşılığı)',
    'reverseRepo',
    'Anadolu Kalkınma Bankası A.Ş.',
  ),
  plain(CASH.tpp, 'Takasbank Para Piyasası (Gecelik)', 'moneyMarket', 'Takasbank'),
  plain(
    CASH.deposit,
    'Vadeli Mevduat TL (32 Gün) - Marmara Ticaret Bankası',
    'deposit',
    'Marmara Ticaret Bankası A.Ş.',
  ),
  plain(
    CASH.participation,
    'Katılma Hesabı TL (32 Gün) - Toros Katılım Bankası',
    'participationAccount',
    'Toros Katılım Bankası A.Ş.',
  ),
  plain(CASH.margin, 'VİOP Nakit Teminatı', 'margin', 'Takasbank'),
  plain(CASH.repoBorrowing, 'Repo (Borçlanma)', 'repo', 'Anadolu Kalkınma Bankası A.Ş.'),
  plain(CASH.feeAccrual, 'Yönetim Ücreti Karşılığı (Borç)', 'other', null),
];

const cashMapping = {
  ticker: TICKER.moneyMarketIndex,
  kind: 'proxy' as const,
  note: 'Nakit benzeri: para piyasası endeksi vekil seri',
};
const direct = (ticker: string) => ({ ticker, kind: 'direct' as const, note: null });

/** Builds every holdable asset of the demo market, by instrument code. */
export function buildAssets(
  market: Market,
  bonds: readonly PricedBond[],
  derivatives: readonly Derivative[],
  funds: readonly { readonly instrument: Instrument; readonly values: Float64Array }[],
): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const one = () => 1;
  const usd = market.fx.USD;
  for (const stock of STOCKS) {
    const values = market.series.get(stock.ticker)!.values;
    const isin = makeIsin(`TRD${stock.ticker}91D`);
    assets.set(stock.ticker, {
      instrument: {
        code: stock.ticker,
        name: stock.name,
        mainType: 'stock',
        subType: 'BIST Pay',
        currency: 'TRY',
        issuer: stock.name,
        issuerGroup: stock.name,
        sector: stock.sector,
        isinCode: isin,
        isForeign: false,
        tcmbCode: null,
        terms: none,
      },
      price: (t) => values[t]!,
      perUnit: 1,
      fx: one,
      lot: 1,
      mapping: direct(stock.ticker),
    });
  }
  for (const bond of bonds) {
    const terms = bond.instrument.terms.kind === 'bond' ? bond.instrument.terms : null;
    assets.set(bond.instrument.code, {
      instrument: bond.instrument,
      price: (t) => bond.dirty[t]!,
      income: (t) => bond.paid[t]! * 0.01,
      perUnit: 0.01,
      fx: one,
      lot: 1000,
      mapping: bond.unlisted ? null : direct(bond.instrument.code),
      columns: (t) => ({
        MaturityDate: bond.maturityDate,
        redemptionDate: bond.maturityDate,
        issueDate: bond.issueDate,
        NominalInterestRate: bond.currentCouponPct[t]!,
        interestPaymentCount: bond.frequency,
        internalDiscountRate: bond.yieldPct[t]!,
        Duration: Math.round(bond.modifiedDuration[t]! * 10_000) / 10_000,
        daysOfMaturity: Math.round(
          (Date.parse(bond.maturityDate) - Date.parse(market.dates[t]!)) / 86_400_000,
        ),
        investmentInstrumentSubType: terms ? bond.instrument.subType : null,
      }),
    });
  }
  for (const d of derivatives) {
    const values = d.series.values;
    assets.set(d.instrument.code, {
      instrument: d.instrument,
      price: (t) => values[t]!,
      perUnit: d.contractSize,
      fx: one,
      lot: 1,
      mapping: direct(d.series.ticker),
      columns: () => ({ MaturityDate: d.expiryDate, ExchangeContractNo: d.instrument.code }),
    });
  }
  for (const fund of funds) {
    assets.set(fund.instrument.code, {
      instrument: fund.instrument,
      price: (t) => fund.values[t]!,
      perUnit: 1,
      fx: one,
      lot: 1,
      mapping: direct(fund.instrument.code),
      columns: () => ({
        fundCategory:
          fund.instrument.terms.kind === 'fund' ? fund.instrument.terms.fundCategory : null,
      }),
    });
  }
  const gram = market.series.get(TICKER.gramGold)!.values;
  assets.set(GOLD, {
    instrument: {
      ...plain(
        GOLD,
        'Altın (Gram, Borsa İstanbul Kıymetli Madenler Piyasası)',
        'preciousMetal',
        null,
      ),
      sector: 'Kıymetli Maden',
    },
    price: (t) => gram[t]!,
    perUnit: 1,
    fx: one,
    lot: 1,
    mapping: direct(TICKER.gramGold),
  });
  assets.set(USD_DEPOSIT, {
    instrument: {
      ...plain(
        USD_DEPOSIT,
        'Vadeli Mevduat USD - Marmara Ticaret Bankası',
        'deposit',
        'Marmara Ticaret Bankası A.Ş.',
        'USD',
      ),
      tcmbCode: 'USD',
    },
    price: one,
    perUnit: 1,
    fx: (t) => usd[t]!,
    lot: 0.01,
    mapping: direct(TICKER.usdTry),
    columns: () => ({ NominalInterestRate: 3, forexType: 'Döviz Tevdiat Hesabı' }),
  });
  return assets;
}

/** Mappings of the cash instruments: none of them has a price series of its own. */
export const CASH_MAPPING = cashMapping;

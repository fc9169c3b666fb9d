import type { FundCategory } from '../instruments.ts';
import type {
  CriterionComparison,
  CriterionFilter,
  CriterionMeasure,
  CriterionRule,
} from './criterion.ts';

/**
 * The criteria shipped with criterion-definition: the SPK limits of regulation-and-methods.md
 * §4.1 (Rehber, confirmed) and §4.2 (Tebliğ III-52.1 from secondary sources, `confirmed: false`
 * = to be confirmed). They are loaded once as editable data; every figure is a setting with an
 * effective date, not a constant of the code. The conflicting deposit limits of m.17/5 (§4.2,
 * open point 1) are deliberately not shipped.
 */

/** Effective date of Tebliğ III-52.1 (RG 09.07.2013 / 28702). */
const TEBLIG = '2013-07-09';
/** Rehber amendment of 21.11.2024 (60/1696): money-market fund rules, the < 80 % FX rule. */
const AMENDMENT_2024 = '2024-11-21';

const DEBT_TYPES = [
  'governmentBond',
  'treasuryBill',
  'corporateBond',
  'commercialPaper',
  'bankBill',
  'leaseCertificate',
  'eurobond',
  'assetBackedSecurity',
];
/**
 * Not subject to the issuer limit: public debt, money-market lines, derivatives, cash, and fund
 * units (each fund is its own issuer under the fund-unit limits of §4.2, not its management
 * company's: decision 0051).
 */
const NOT_ISSUER_LIMITED = [
  'fundShare',
  'exchangeTradedFund',
  'governmentBond',
  'treasuryBill',
  'eurobond',
  'reverseRepo',
  'repo',
  'moneyMarket',
  'future',
  'option',
  'fx',
  'margin',
];
const PUBLIC_ISSUER_GROUPS = ['Kamu', 'T.C. Hazine ve Maliye Bakanlığı'];
const NOT_FX_FUNDS = [
  'equity',
  'debtInstruments',
  'variable',
  'mixed',
  'fundOfFunds',
  'participation',
  'moneyMarket',
] as const;

const DEPOSITS = ['deposit', 'participationAccount'];

/** Holdings whose main type is (or is not) one of `values`. */
const mainType = (operator: 'in' | 'notIn', values: string[]): CriterionFilter => ({
  kind: 'values',
  field: 'mainType',
  operator,
  values,
});
/** The positions an issuer limit counts: no public debt, money-market lines, derivatives or cash. */
const ISSUER_LIMITED: CriterionFilter[] = [
  mainType('notIn', NOT_ISSUER_LIMITED),
  { kind: 'values', field: 'issuerGroup', operator: 'notIn', values: PUBLIC_ISSUER_GROUPS },
];
const max = (limit: number): CriterionComparison => ({ kind: 'max', limit });
const min = (limit: number): CriterionComparison => ({ kind: 'min', limit });

/**
 * A shipped rule as data: only what differs from the usual. Every shipped rule is a limit of the
 * regulation, hence a breach (decision 0051: severity follows the source). Unless stated, a rule
 * applies to every portfolio of its fund categories (none listed: every fund), is in force since
 * the Tebliğ, enabled, with no description and no cure period.
 */
interface Shipped {
  readonly code: string;
  readonly name: string;
  readonly description?: string;
  readonly group: string;
  readonly source: string;
  readonly confirmed: boolean;
  readonly filters: CriterionFilter[];
  readonly measure: CriterionMeasure;
  readonly comparison: CriterionComparison;
  readonly fundCategories?: readonly FundCategory[];
  readonly effectiveFrom?: string;
}

const rule = ({
  description = '',
  fundCategories = [],
  effectiveFrom = TEBLIG,
  ...r
}: Shipped): CriterionRule => ({
  description,
  cureDays: null,
  enabled: true,
  ...r,
  severity: 'breach',
  scope: { portfolioCodes: [], fundCategories: [...fundCategories] },
  effectiveFrom,
});

export const SPK_CRITERIA: readonly CriterionRule[] = [
  // --- every fund -------------------------------------------------------------------------------
  rule({
    code: 'SPK-TEK-IHRACCI',
    name: 'Tek ihraççı sınırı (%10)',
    description:
      'Bir ihraççının para ve sermaye piyasası araçlarına fon toplam değerinin en fazla %10’u yatırılabilir; bankadaki mevduat ve katılma hesapları o bankanın ihraççı limitine dahildir (para piyasası fonları hariç). Kamu borçlanma araçları hariçtir.',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 m.17/1-a; Rehber §4.1, §4.1.4, §4.9',
    confirmed: true,
    filters: ISSUER_LIMITED,
    measure: {
      aggregation: 'maxWeightPerKey',
      groupBy: 'issuer',
      depositTreatment: 'exceptMoneyMarket',
    },
    comparison: max(0.1),
  }),
  rule({
    code: 'SPK-5-10-40',
    name: '5/10/40 kuralı',
    description:
      'Fon toplam değerinin %5’inden fazlasının yatırıldığı ihraççıların toplamı %40’ı aşamaz; tam %5 “%5’ten fazla” sayılmaz.',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 m.17 [ikincil kaynak: SPK soru bankası, erdem-erdem 2014]',
    confirmed: false,
    filters: ISSUER_LIMITED,
    measure: {
      aggregation: 'sumAboveThreshold',
      groupBy: 'issuer',
      threshold: 0.05,
      depositTreatment: 'exceptMoneyMarket',
    },
    comparison: max(0.4),
  }),
  rule({
    code: 'SPK-GRUP-SIRKETLERI',
    name: 'Grup şirketleri sınırı (%20)',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 m.17 [ikincil kaynak]',
    confirmed: false,
    filters: ISSUER_LIMITED,
    measure: {
      aggregation: 'maxWeightPerKey',
      groupBy: 'issuerGroup',
      depositTreatment: 'exceptMoneyMarket',
    },
    comparison: max(0.2),
  }),
  rule({
    code: 'SPK-TERS-REPO',
    name: 'Borsa dışı ters repo (%10)',
    group: 'Tüm fonlar',
    source: 'Rehber §4.2.3; Tebliğ m.21/2',
    confirmed: true,
    filters: [mainType('in', ['reverseRepo'])],
    measure: { aggregation: 'weight', depositTreatment: 'exceptMoneyMarket' },
    comparison: max(0.1),
    fundCategories: ['equity', 'debtInstruments', 'variable', 'mixed', 'fundOfFunds', 'hedge'],
  }),
  rule({
    code: 'SPK-TUREV-ACIK-POZISYON',
    name: 'Türev açık pozisyonu fon toplam değerini aşamaz',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 m.24/1-b [ikincil kaynak]',
    confirmed: false,
    filters: [],
    measure: { aggregation: 'derivativeCommitment', depositTreatment: 'exceptMoneyMarket' },
    comparison: max(1),
  }),
  rule({
    code: 'SPK-DOVIZ-80',
    name: 'Döviz cinsi varlıklar %80’in altında (unvanında “Döviz” olmayan fonlar)',
    group: 'Tüm fonlar',
    source: 'Rehber §3(3) (21.11.2024)',
    confirmed: true,
    filters: [
      { kind: 'values', field: 'currency', operator: 'notIn', values: ['TRY'] },
      mainType('notIn', ['future', 'option']),
    ],
    measure: { aggregation: 'weight', depositTreatment: 'exceptMoneyMarket' },
    comparison: max(0.8),
    fundCategories: [...NOT_FX_FUNDS],
    effectiveFrom: AMENDMENT_2024,
  }),
  // --- equity and debt funds ---------------------------------------------------------------------
  rule({
    code: 'SPK-HISSE-80',
    name: 'Hisse senedi fonu: spot hisse senedi en az %80',
    group: 'Hisse Senedi Fonu',
    source: 'Tebliğ III-52.1 m.6; Rehber §3 (spot varlıklarla)',
    confirmed: true,
    filters: [mainType('in', ['stock'])],
    measure: { aggregation: 'spotShare', depositTreatment: 'exceptMoneyMarket' },
    comparison: min(0.8),
    fundCategories: ['equity'],
  }),
  rule({
    code: 'SPK-YABANCI-20',
    name: 'Yabancı varlıklar en fazla %20 (yabancı/döviz olmayan hisse ve borçlanma fonları)',
    group: 'Hisse Senedi Fonu',
    source: 'Rehber §4.1.5 a',
    confirmed: true,
    filters: [{ kind: 'values', field: 'isForeign', operator: 'in', values: ['true'] }],
    measure: { aggregation: 'weight', depositTreatment: 'exceptMoneyMarket' },
    comparison: max(0.2),
    fundCategories: ['equity', 'debtInstruments'],
  }),
  rule({
    code: 'SPK-BORCLANMA-80',
    name: 'Borçlanma araçları fonu: spot borçlanma araçları en az %80',
    group: 'Borçlanma Araçları Fonu',
    source: 'Tebliğ III-52.1 m.6; Rehber §3(1) f',
    confirmed: true,
    filters: [mainType('in', DEBT_TYPES)],
    measure: { aggregation: 'spotShare', depositTreatment: 'exceptMoneyMarket' },
    comparison: min(0.8),
    fundCategories: ['debtInstruments'],
  }),
  // --- money-market funds ------------------------------------------------------------------------
  rule({
    code: 'SPK-PP-MEVDUAT-50',
    name: 'Para piyasası fonu: mevduat ve katılma hesabı en fazla %50',
    group: 'Para Piyasası Fonu',
    source: 'Rehber §4.9 (21.11.2024)',
    confirmed: true,
    filters: [mainType('in', DEPOSITS)],
    measure: { aggregation: 'weight', depositTreatment: 'include' },
    comparison: max(0.5),
    fundCategories: ['moneyMarket'],
    effectiveFrom: AMENDMENT_2024,
  }),
  rule({
    code: 'SPK-PP-BANKA-6',
    name: 'Para piyasası fonu: tek bankada mevduat en fazla %6',
    group: 'Para Piyasası Fonu',
    source: 'Rehber §4.9 (21.11.2024)',
    confirmed: true,
    filters: [mainType('in', DEPOSITS)],
    measure: { aggregation: 'maxWeightPerKey', groupBy: 'issuer', depositTreatment: 'include' },
    comparison: max(0.06),
    fundCategories: ['moneyMarket'],
    effectiveFrom: AMENDMENT_2024,
  }),
  rule({
    code: 'SPK-PP-DIBS-10',
    name: 'Para piyasası fonu: DİBS en az %10',
    group: 'Para Piyasası Fonu',
    source: 'Rehber §4.9 (21.11.2024; uyum 28.02.2025)',
    confirmed: true,
    filters: [mainType('in', ['governmentBond', 'treasuryBill'])],
    measure: { aggregation: 'weight', depositTreatment: 'include' },
    comparison: min(0.1),
    fundCategories: ['moneyMarket'],
    effectiveFrom: '2025-02-28',
  }),
  rule({
    code: 'SPK-PP-ORT-VADE-45',
    name: 'Para piyasası fonu: ağırlıklı ortalama vade en fazla 45 gün',
    group: 'Para Piyasası Fonu',
    source: 'Tebliğ III-52.1 m.20 [ikincil kaynak]; vade kuralları Rehber §4.2.6',
    confirmed: false,
    filters: [
      mainType('in', [
        ...DEBT_TYPES,
        'deposit',
        'participationAccount',
        'reverseRepo',
        'moneyMarket',
      ]),
    ],
    measure: { aggregation: 'weightedAverageMaturity', depositTreatment: 'include' },
    comparison: max(45),
    fundCategories: ['moneyMarket'],
  }),
  rule({
    code: 'SPK-PP-VADE-184',
    name: 'Para piyasası fonu: vadesi 184 günü aşan varlık olamaz',
    group: 'Para Piyasası Fonu',
    source: 'Tebliğ III-52.1 [ikincil kaynak]; vade kuralları Rehber §4.2.6',
    confirmed: false,
    filters: [{ kind: 'maturity', minDays: 185, maxDays: null }],
    measure: { aggregation: 'weight', depositTreatment: 'include' },
    comparison: max(0),
    fundCategories: ['moneyMarket'],
  }),
  // --- other categories --------------------------------------------------------------------------
  rule({
    code: 'SPK-KARMA-80',
    name: 'Karma fon: hisse, borçlanma, kira sertifikası ve altın birlikte en az %80',
    group: 'Karma Fon',
    source: 'Rehber §1.1',
    confirmed: true,
    filters: [mainType('in', ['stock', ...DEBT_TYPES, 'preciousMetal'])],
    measure: { aggregation: 'spotShare', depositTreatment: 'exceptMoneyMarket' },
    comparison: min(0.8),
    fundCategories: ['mixed'],
    effectiveFrom: '2016-05-23',
  }),
  rule({
    code: 'SPK-KM-MEVDUAT-20',
    name: 'Kıymetli madenler fonu: maden cinsinden mevduat/katılma hesabı en fazla %20',
    group: 'Kıymetli Madenler Fonu',
    source: 'Rehber §4.1.3',
    confirmed: true,
    filters: [mainType('in', DEPOSITS)],
    measure: { aggregation: 'weight', depositTreatment: 'include' },
    comparison: max(0.2),
    fundCategories: ['preciousMetals'],
  }),
  rule({
    code: 'SPK-KM-BANKA-10',
    name: 'Kıymetli madenler fonu: tek bankada en fazla %10',
    group: 'Kıymetli Madenler Fonu',
    source: 'Rehber §4.1.3',
    confirmed: true,
    filters: [mainType('in', DEPOSITS)],
    measure: { aggregation: 'maxWeightPerKey', groupBy: 'issuer', depositTreatment: 'include' },
    comparison: max(0.1),
    fundCategories: ['preciousMetals'],
  }),
  rule({
    code: 'SPK-FON-SEPETI-TEK-FON',
    name: 'Fon sepeti fonu: tek fon en fazla %20',
    group: 'Fon Sepeti Fonu',
    source: 'Tebliğ III-52.1 m.26 [ikincil kaynak]',
    confirmed: false,
    filters: [mainType('in', ['fundShare', 'exchangeTradedFund'])],
    measure: {
      aggregation: 'maxWeightPerKey',
      groupBy: 'instrumentCode',
      depositTreatment: 'exceptMoneyMarket',
    },
    comparison: max(0.2),
    fundCategories: ['fundOfFunds'],
  }),
  rule({
    code: 'SPK-FON-TEK-FON-10',
    name: 'Tek bir fonun katılma payları en fazla %10',
    description:
      'Her fon kendi ihraççısıdır: aynı kurucunun fonları birleştirilmez. Fon sepeti fonlarında tek fon sınırı %20’dir.',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 [ikincil kaynak: SPK soru bankası]',
    confirmed: false,
    filters: [mainType('in', ['fundShare', 'exchangeTradedFund'])],
    measure: {
      aggregation: 'maxWeightPerKey',
      groupBy: 'instrumentCode',
      depositTreatment: 'exceptMoneyMarket',
    },
    comparison: max(0.1),
    fundCategories: ['equity', 'debtInstruments', 'variable', 'mixed', 'participation'],
  }),
  rule({
    code: 'SPK-FON-PAYI-20',
    name: 'Diğer fonların katılma payları toplamı en fazla %20',
    group: 'Tüm fonlar',
    source: 'Tebliğ III-52.1 [ikincil kaynak]',
    confirmed: false,
    filters: [mainType('in', ['fundShare', 'exchangeTradedFund'])],
    measure: { aggregation: 'weight', depositTreatment: 'exceptMoneyMarket' },
    comparison: max(0.2),
    fundCategories: ['equity', 'debtInstruments', 'variable', 'mixed', 'participation'],
  }),
];

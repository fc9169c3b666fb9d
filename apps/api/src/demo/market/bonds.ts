import type { Instrument, InstrumentMainType } from '@fonrisk/contracts';
import {
  addMonths,
  couponPeriods,
  couponsBetween,
  cpiLinkedBondFromRealYield,
  fixedBondFromYield,
  floatingRateNoteFromYield,
  formatIsoDate,
  parseIsoDate,
  referenceIndex,
  type BondAnalytics,
} from '@fonrisk/risk';
import { isDemoBusinessDay } from './calendar.ts';
import { makeIsin } from './isin.ts';
import { TICKER, type Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import type { GeneratedSeries } from './types.ts';

const TREASURY = 'T.C. Hazine ve Maliye Bakanlığı';
const SUKUK_ISSUER = 'Demo Kamu Varlık Kiralama A.Ş.';

type Kind = 'fixed' | 'discount' | 'floating' | 'cpiLinked';

interface BondDef {
  readonly key: string;
  readonly label: string;
  readonly mainType: InstrumentMainType;
  readonly kind: Kind;
  readonly issuer: string;
  readonly sector: string;
  /** Months before the end date it was issued, and months after the end date it matures. */
  readonly issuedMonthsAgo: number;
  readonly maturesInMonths: number;
  readonly frequency: 0 | 1 | 2 | 4;
  /** Credit spread over the government curve, basis points. */
  readonly spreadBp: number;
  /** Real coupon for CPI-linked bonds, quoted margin for floaters (percent); coupon at issue otherwise. */
  readonly couponPct?: number;
  /** Priced by the generator but given no market series of its own (left unmapped on purpose). */
  readonly unlisted?: boolean;
}

const gov = (d: Omit<BondDef, 'issuer' | 'sector' | 'spreadBp'>): BondDef => ({
  ...d,
  issuer: TREASURY,
  sector: 'Kamu',
  spreadBp: 0,
});

/** 15 bonds (government, corporate; fixed, zero, TLREF floating, CPI-linked) and 3 lease certificates. */
export const BOND_DEFS: readonly BondDef[] = [
  gov({
    key: 'HB12',
    label: 'Hazine Bonosu',
    mainType: 'treasuryBill',
    kind: 'discount',
    issuedMonthsAgo: 10,
    maturesInMonths: 2,
    frequency: 0,
  }),
  gov({
    key: 'HB24',
    label: 'Hazine Bonosu',
    mainType: 'treasuryBill',
    kind: 'discount',
    issuedMonthsAgo: 16,
    maturesInMonths: 8,
    frequency: 0,
  }),
  gov({
    key: 'DT2',
    label: 'Sabit Kuponlu Devlet Tahvili',
    mainType: 'governmentBond',
    kind: 'fixed',
    issuedMonthsAgo: 20,
    maturesInMonths: 4,
    frequency: 2,
  }),
  gov({
    key: 'DT3',
    label: 'Sabit Kuponlu Devlet Tahvili',
    mainType: 'governmentBond',
    kind: 'fixed',
    issuedMonthsAgo: 14,
    maturesInMonths: 22,
    frequency: 2,
  }),
  gov({
    key: 'DT5',
    label: 'Sabit Kuponlu Devlet Tahvili',
    mainType: 'governmentBond',
    kind: 'fixed',
    issuedMonthsAgo: 40,
    maturesInMonths: 20,
    frequency: 2,
    couponPct: 17.3,
  }),
  gov({
    key: 'DT10',
    label: 'Sabit Kuponlu Devlet Tahvili',
    mainType: 'governmentBond',
    kind: 'fixed',
    issuedMonthsAgo: 48,
    maturesInMonths: 72,
    frequency: 2,
    couponPct: 12.4,
  }),
  gov({
    key: 'TLR3',
    label: "TLREF'e Endeksli Devlet Tahvili",
    mainType: 'governmentBond',
    kind: 'floating',
    issuedMonthsAgo: 30,
    maturesInMonths: 6,
    frequency: 4,
    couponPct: 0,
  }),
  gov({
    key: 'TLR5',
    label: "TLREF'e Endeksli Devlet Tahvili",
    mainType: 'governmentBond',
    kind: 'floating',
    issuedMonthsAgo: 44,
    maturesInMonths: 16,
    frequency: 4,
    couponPct: 0,
  }),
  gov({
    key: 'TUF5',
    label: "TÜFE'ye Endeksli Devlet Tahvili",
    mainType: 'governmentBond',
    kind: 'cpiLinked',
    issuedMonthsAgo: 45,
    maturesInMonths: 15,
    frequency: 2,
    couponPct: 3,
  }),
  gov({
    key: 'TUF10',
    label: "TÜFE'ye Endeksli Devlet Tahvili",
    mainType: 'governmentBond',
    kind: 'cpiLinked',
    issuedMonthsAgo: 40,
    maturesInMonths: 80,
    frequency: 2,
    couponPct: 2,
  }),
  {
    key: 'BB6',
    label: 'Anadolu Kalkınma Bankası Banka Bonosu',
    mainType: 'bankBill',
    kind: 'discount',
    issuer: 'Anadolu Kalkınma Bankası A.Ş.',
    sector: 'Bankacılık',
    issuedMonthsAgo: 5,
    maturesInMonths: 1,
    frequency: 0,
    spreadBp: 250,
  },
  {
    key: 'OST2',
    label: 'Çınar Makine Özel Sektör Tahvili',
    mainType: 'corporateBond',
    kind: 'fixed',
    issuer: 'Çınar Makine Sanayi A.Ş.',
    sector: 'Sanayi',
    issuedMonthsAgo: 18,
    maturesInMonths: 6,
    frequency: 4,
    spreadBp: 350,
  },
  {
    key: 'OSTD',
    label: 'Marmara Ticaret Bankası Değişken Faizli Tahvil',
    mainType: 'corporateBond',
    kind: 'floating',
    issuer: 'Marmara Ticaret Bankası A.Ş.',
    sector: 'Bankacılık',
    issuedMonthsAgo: 12,
    maturesInMonths: 12,
    frequency: 4,
    spreadBp: 300,
    couponPct: 3.5,
  },
  {
    key: 'OST3',
    label: 'Karataş Holding Özel Sektör Tahvili',
    mainType: 'corporateBond',
    kind: 'fixed',
    issuer: 'Karataş Holding A.Ş.',
    sector: 'Holding',
    issuedMonthsAgo: 26,
    maturesInMonths: 10,
    frequency: 4,
    spreadBp: 300,
  },
  {
    key: 'FB6',
    label: 'Bulak Perakende Finansman Bonosu',
    mainType: 'commercialPaper',
    kind: 'discount',
    issuer: 'Bulak Perakende ve Pazarlama A.Ş.',
    sector: 'Perakende',
    issuedMonthsAgo: 3,
    maturesInMonths: 3,
    frequency: 0,
    spreadBp: 450,
    unlisted: true,
  },
  {
    key: 'KS2',
    label: 'Kamu Kira Sertifikası',
    mainType: 'leaseCertificate',
    kind: 'fixed',
    issuer: SUKUK_ISSUER,
    sector: 'Kamu',
    issuedMonthsAgo: 22,
    maturesInMonths: 2,
    frequency: 2,
    spreadBp: 40,
  },
  {
    key: 'KS3',
    label: 'Kamu Kira Sertifikası',
    mainType: 'leaseCertificate',
    kind: 'fixed',
    issuer: SUKUK_ISSUER,
    sector: 'Kamu',
    issuedMonthsAgo: 36,
    maturesInMonths: 12,
    frequency: 2,
    spreadBp: 40,
    couponPct: 22.5,
  },
  {
    key: 'KSO',
    label: 'Toros Katılım Varlık Kiralama Kira Sertifikası',
    mainType: 'leaseCertificate',
    kind: 'fixed',
    issuer: 'Toros Varlık Kiralama A.Ş.',
    sector: 'Bankacılık',
    issuedMonthsAgo: 8,
    maturesInMonths: 10,
    frequency: 2,
    spreadBp: 400,
    unlisted: true,
  },
];

/** Daily analytics of one bond over the history (NaN before issue). Prices are per 100 nominal. */
export interface PricedBond {
  readonly instrument: Instrument;
  readonly issueDate: string;
  readonly maturityDate: string;
  /** Coupon at issue (fixed), real coupon (CPI-linked), quoted margin (floating), 0 (discount). */
  readonly couponPct: number;
  /** The coupon rate of the current period on each date: TLREF fixing + margin for floaters. */
  readonly currentCouponPct: Float64Array;
  readonly frequency: number;
  readonly unlisted: boolean;
  readonly clean: Float64Array;
  readonly dirty: Float64Array;
  /**
   * Coupon (and redemption) per 100 nominal paid on each date: the flows whose coupon date falls
   * after the previous date and on or before this one (the dirty price drops by them that day).
   * A floater pays its period's fixing, a CPI-linked bond its real coupon times the index ratio
   * of the TÜFE series on the coupon date.
   */
  readonly paid: Float64Array;
  readonly yieldPct: Float64Array;
  readonly modifiedDuration: Float64Array;
}

function businessDayOnOrAfter(day: number): string {
  let d = day;
  while (!isDemoBusinessDay(d)) d += 1;
  return formatIsoDate(d);
}

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Index of the last history date on or before `iso` (0 when it precedes the history). */
function indexOnOrBefore(dates: readonly string[], iso: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  if (iso < dates[0]!) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (dates[mid]! <= iso) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Prices every bond on every date it is alive with @fonrisk/risk: yield = the government curve at
 * the remaining maturity + the credit spread + a small AR(1) idiosyncratic move, in the
 * `tr-treasury` convention (annual compounding on ACT/365 days, ACT/ACT coupon accrual);
 * floaters at TLREF + discount margin with flat-index projection; CPI-linked bonds at a real yield
 * (nominal over 75 % breakeven inflation) times the index ratio.
 */
export function priceBonds(seed: number, market: Market, endDate: string): PricedBond[] {
  const { dates } = market;
  const n = dates.length;
  const end = parseIsoDate(endDate);
  const tlref = market.series.get(TICKER.tlref)!.values;
  const rnd = createDemoRandom(subSeed(seed, 'bonds'));
  return BOND_DEFS.map((def, k) => {
    const issueDate = businessDayOnOrAfter(addMonths(end, -def.issuedMonthsAgo));
    const maturityDate = businessDayOnOrAfter(addMonths(end, def.maturesInMonths));
    const tenorDays = parseIsoDate(maturityDate) - parseIsoDate(issueDate);
    const issueIndex = indexOnOrBefore(dates, issueDate);
    const couponPct =
      def.kind === 'discount'
        ? 0
        : (def.couponPct ??
          Math.round((market.yieldPct(issueIndex, tenorDays) + def.spreadBp / 100) * 10) / 10);
    const body = `TR${def.issuer === TREASURY ? 'D' : 'E'}${ddmmyy(maturityDate)}${def.mainType === 'leaseCertificate' ? 'K' : 'T'}${k % 10}`;
    const isin = makeIsin(body);
    const frequency = def.frequency === 0 ? 1 : def.frequency;
    const base = {
      maturity: maturityDate,
      issue: issueDate,
      frequency,
      dayCount: 'actact-isma' as const,
      convention: 'tr-treasury' as const,
    };
    const clean = new Float64Array(n).fill(Number.NaN);
    const dirty = new Float64Array(n).fill(Number.NaN);
    const yieldPct = new Float64Array(n).fill(Number.NaN);
    const modifiedDuration = new Float64Array(n).fill(Number.NaN);
    const currentCouponPct = new Float64Array(n).fill(couponPct);
    let noise = 0;
    for (let t = 0; t < n; t++) {
      noise = 0.95 * noise + 0.03 * rnd.normal();
      const settlement = dates[t]!;
      if (settlement < issueDate) continue;
      const remaining = parseIsoDate(maturityDate) - parseIsoDate(settlement);
      const y = (market.yieldPct(t, remaining) + def.spreadBp / 100 + noise) / 100;
      let a: BondAnalytics;
      let nominalClean: number;
      let nominalDirty: number;
      if (def.kind === 'floating') {
        const period = couponPeriods({
          settlement: parseIsoDate(settlement),
          maturity: parseIsoDate(maturityDate),
          frequency,
          issue: parseIsoDate(issueDate),
        })[0]!;
        const fixing = tlref[indexOnOrBefore(dates, formatIsoDate(period.accrualStart))]! / 100;
        const margin = (def.couponPct ?? 0) / 100;
        const index = tlref[t]! / 100;
        currentCouponPct[t] = Math.round((fixing + margin) * 1_000_000) / 10_000;
        a = floatingRateNoteFromYield(
          {
            ...base,
            settlement,
            currentCoupon: fixing + margin,
            projection: { method: 'flat-index', indexRate: index, quotedMargin: margin },
          },
          index + margin + (def.spreadBp / 100 + noise) / 100,
        );
        nominalClean = a.cleanPrice;
        nominalDirty = a.dirtyPrice;
      } else if (def.kind === 'cpiLinked') {
        const indexRatio =
          referenceIndex(settlement, market.cpiByMonth) /
          referenceIndex(issueDate, market.cpiByMonth);
        const real = (1 + y) / (1 + 0.75 * y) - 1;
        const c = cpiLinkedBondFromRealYield(
          { ...base, settlement, coupon: couponPct / 100, indexRatio },
          real,
        );
        a = c;
        nominalClean = c.nominalCleanPrice;
        nominalDirty = c.nominalDirtyPrice;
      } else {
        a = fixedBondFromYield({ ...base, settlement, coupon: couponPct / 100 }, y);
        nominalClean = a.cleanPrice;
        nominalDirty = a.dirtyPrice;
      }
      clean[t] = Math.round(nominalClean * 10_000) / 10_000;
      dirty[t] = Math.round(nominalDirty * 10_000) / 10_000;
      yieldPct[t] = Math.round(a.yield * 1_000_000) / 10_000;
      modifiedDuration[t] = a.modifiedDuration;
    }
    const paid = new Float64Array(n);
    const cpi = market.series.get(TICKER.cpi)!.values;
    const ri = (iso: string) => cpi[indexOnOrBefore(dates, iso)]!;
    for (let t = 1; t < n; t++) {
      if (dates[t]! <= issueDate) continue;
      const flows = couponsBetween(
        {
          issue: issueDate,
          maturity: maturityDate,
          frequency: def.kind === 'discount' ? 0 : frequency,
          dayCount: 'actact-isma',
          couponRate: (p) =>
            def.kind === 'floating'
              ? tlref[indexOnOrBefore(dates, formatIsoDate(p.accrualStart))]! / 100 +
                (def.couponPct ?? 0) / 100
              : couponPct / 100,
        },
        dates[t - 1]! < issueDate ? issueDate : dates[t - 1]!,
        dates[t]!,
      );
      for (const f of flows) {
        const ratio = def.kind === 'cpiLinked' ? ri(f.date) / ri(issueDate) : 1;
        paid[t] = paid[t]! + 100 * (f.coupon + f.redemption) * ratio;
      }
    }
    const couponType = def.kind;
    const instrument: Instrument = {
      code: isin,
      name: `${def.label} ${trDate(maturityDate)}`,
      mainType: def.mainType,
      subType: {
        fixed: 'Sabit Kuponlu',
        discount: 'İskontolu',
        floating: "TLREF'e Endeksli",
        cpiLinked: "TÜFE'ye Endeksli",
      }[def.kind],
      currency: 'TRY',
      issuer: def.issuer,
      issuerGroup: def.issuer === TREASURY || def.issuer === SUKUK_ISSUER ? 'Kamu' : def.issuer,
      sector: def.sector,
      isinCode: isin,
      isForeign: false,
      tcmbCode: null,
      terms: {
        kind: 'bond',
        couponType,
        couponRatePct: def.kind === 'floating' ? currentCouponPct[n - 1]! : couponPct,
        couponFrequency: def.frequency,
        dayCount: 'ACT/ACT',
        issueDate,
        maturityDate,
        referenceIndex:
          def.kind === 'floating' ? 'TLREF' : def.kind === 'cpiLinked' ? 'TÜFE' : null,
        spreadBp: def.kind === 'floating' ? (def.couponPct ?? 0) * 100 : def.spreadBp || null,
      },
    };
    return {
      instrument,
      issueDate,
      maturityDate,
      couponPct,
      currentCouponPct,
      frequency: def.frequency,
      unlisted: def.unlisted ?? false,
      clean,
      dirty,
      paid,
      yieldPct,
      modifiedDuration,
    };
  });
}

/** The clean-price series of the listed bonds (the unlisted ones stay without a series). */
export function bondSeries(bonds: readonly PricedBond[]): GeneratedSeries[] {
  return bonds
    .filter((b) => !b.unlisted)
    .map((b) => ({
      ticker: b.instrument.code,
      name: `${b.instrument.name} temiz fiyat`,
      kind: 'price',
      currency: 'TRY',
      tenorDays: null,
      values: b.clean,
    }));
}

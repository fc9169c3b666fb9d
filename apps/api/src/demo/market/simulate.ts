import { INSTRUMENT_MAIN_TYPE_LABELS, type HoldingRow } from '@fonrisk/contracts';
import { CASH, CASH_INSTRUMENTS, type Asset } from './assets.ts';
import type { Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import { DEMO_LABEL } from './types.ts';

/** How a portfolio splits its free cash between the cash-like instruments (shares sum to 1). */
export type CashSplit = Partial<
  Record<'reverseRepo' | 'tpp' | 'deposit' | 'participation', number>
>;

export interface PortfolioPlan {
  readonly code: string;
  readonly initialNav: number;
  readonly initialUnitPrice: number;
  readonly feePct: number;
  /** Daily flow as a fraction of NAV: mean and standard deviation; customers use monthly flows. */
  readonly flow: { readonly mean: number; readonly sd: number; readonly monthlyOnly?: boolean };
  /** Probability of trading on a given day. */
  readonly tradeProbability: number;
  /** Target weights (fraction of NAV) of the positions on date index t. */
  targets(t: number): ReadonlyMap<string, number>;
  /** Signed futures notional as a fraction of NAV, by contract code, on date index t. */
  futures?(t: number): ReadonlyMap<string, number>;
  readonly cash: CashSplit;
}

export interface SimulationResult {
  readonly unitPrices: Float64Array;
  readonly holdings: HoldingRow[];
  /** NAV by emitted date (sum of the rows' current values). */
  readonly navs: Map<string, number>;
  /** Internal: quoted price of each emitted row (same order as holdings), for consistency checks. */
  readonly rowPrices: number[];
  /** Investors' subscriptions (+) and redemptions (−) in TRY by date: a customer's deposits and withdrawals. */
  readonly cashFlows: { date: string; amount: number }[];
  /** Management fees paid out of the portfolio (the accrued liability settled each month), TRY. */
  readonly feePayments: { date: string; amount: number }[];
}

interface Position {
  units: number;
  cost: number;
  since: string;
}

const cents = (x: number) => Math.round(x * 100) / 100;
const roundTo = (x: number, lot: number) => Math.round(x / lot) * lot;

const CASH_RATE_SPREAD: Readonly<Record<keyof CashSplit, number>> = {
  reverseRepo: -0.5,
  tpp: 0,
  deposit: 1.5,
  participation: -2,
};
const CASH_CODE: Readonly<Record<keyof CashSplit, string>> = {
  reverseRepo: CASH.reverseRepo,
  tpp: CASH.tpp,
  deposit: CASH.deposit,
  participation: CASH.participation,
};

/**
 * Runs one portfolio day by day over the whole history: cash earns TLREF-based interest (simple
 * between holdings dates), bond coupons are paid into cash on their dates, futures settle their
 * daily P&L into cash, the management fee accrues as a liability paid each month, investors
 * subscribe and redeem at the day's unit price, and on trading days (holdings dates only) every
 * position moves a quarter of the way to its target (new positions and exits all at once),
 * rounded to lots; contracts are closed on their last trading day. Emits a holdings snapshot on
 * each date of `emit`.
 */
export function simulatePortfolio(
  seed: number,
  plan: PortfolioPlan,
  market: Market,
  assets: ReadonlyMap<string, Asset>,
  emit: ReadonlySet<number>,
): SimulationResult {
  const { dates, gapDays } = market;
  const n = dates.length;
  const rnd = createDemoRandom(subSeed(seed, `portfolio:${plan.code}`));
  const tlref = market.series.get('TLREF')!.values;
  const usd = market.fx.USD;
  const positions = new Map<string, Position>();
  const futures = new Map<string, number>();
  const unitPrices = new Float64Array(n);
  const holdings: HoldingRow[] = [];
  const rowPrices: number[] = [];
  const navs = new Map<string, number>();
  const cashFlows: { date: string; amount: number }[] = [];
  const feePayments: { date: string; amount: number }[] = [];
  let cash = plan.initialNav;
  let liability = 0;
  let shares = plan.initialNav / plan.initialUnitPrice;
  let lastNav = plan.initialNav;
  // Cash is held as deposits and repos rolled on each holdings date: interest accrues simply at
  // the rates of the last holdings date and is added to the cash on the next one (daily in the
  // last year, so there it compounds daily), as the attribution counts it (issue 23.3).
  let accrued = 0;
  let fixedAt = 0;
  const cashSplit = Object.entries(plan.cash) as [keyof CashSplit, number][];
  const cashRate = (t: number) => {
    let rate = 0;
    for (const [k, share] of cashSplit) rate += share * (tlref[t]! + CASH_RATE_SPREAD[k]);
    return rate;
  };
  const value = (code: string, p: Position, t: number) => {
    const a = assets.get(code)!;
    return p.units * a.price(t) * a.perUnit * a.fx(t);
  };

  for (let t = 0; t < n; t++) {
    const date = dates[t]!;
    if (t > 0) {
      const gap = gapDays[t]!;
      const rate = cash >= 0 ? cashRate(fixedAt) : tlref[fixedAt]! + 1;
      accrued += (cash * rate * gap) / 36_500;
      if (emit.has(t)) {
        cash += accrued;
        accrued = 0;
      }
      // Coupons (and redemptions) of the positions held into t are paid into cash.
      for (const [code, p] of positions) {
        const a = assets.get(code)!;
        if (a.income) cash += p.units * a.income(t) * a.fx(t);
      }
      for (const [code, contracts] of futures) {
        const a = assets.get(code)!;
        cash += contracts * a.perUnit * (a.price(t) - a.price(t - 1));
      }
      liability += (lastNav * plan.feePct * gap) / 36_500;
      if (date.slice(0, 7) !== dates[t - 1]!.slice(0, 7)) {
        if (liability > 0) feePayments.push({ date, amount: cents(liability) });
        cash -= liability;
        liability = 0;
      }
    }
    let nav = cash + accrued - liability;
    for (const [code, p] of positions) nav += value(code, p, t);
    const unitPrice = t === 0 ? plan.initialUnitPrice : nav / shares;
    unitPrices[t] = Math.round(unitPrice * 1e6) / 1e6;
    const isFlowDay =
      !plan.flow.monthlyOnly || (t > 0 && date.slice(0, 7) !== dates[t - 1]!.slice(0, 7));
    if (t > 0 && isFlowDay) {
      const flow = Math.max(-0.2, plan.flow.mean + plan.flow.sd * rnd.normal()) * nav;
      cashFlows.push({ date, amount: cents(flow) });
      cash += flow;
      shares += flow / unitPrice;
      nav += flow;
    }

    // Expiring contracts are closed on their last trading day, trading day or not.
    if (t + 1 < n) {
      for (const [code, p] of positions) {
        const a = assets.get(code)!;
        if (Number.isNaN(a.price(t + 1))) {
          cash += p.units * a.price(t) * a.perUnit * a.fx(t);
          positions.delete(code);
        }
      }
      for (const code of futures.keys())
        if (Number.isNaN(assets.get(code)!.price(t + 1))) futures.delete(code);
    }
    // A fund trades only on a day it reports holdings (every day of the last year, month-ends
    // before it): the holdings then hold everything it earned, and the attribution reconciles
    // with the unit price (issue 23.3). The draw is made every day all the same, so that the
    // rest of the random path does not depend on the holdings dates.
    const trades = rnd.chance(plan.tradeProbability);
    if (t === 0 || (trades && emit.has(t))) {
      const targets = plan.targets(t);
      for (const code of new Set([...positions.keys(), ...targets.keys()])) {
        const a = assets.get(code);
        if (!a) throw new Error(`Demo varlığı bulunamadı: ${code}`);
        const unitValue = a.price(t) * a.perUnit * a.fx(t);
        if (!Number.isFinite(unitValue))
          throw new Error(`Demo varlığının ${date} fiyatı yok: ${code}`);
        const weight = targets.get(code) ?? 0;
        const held = positions.get(code);
        const units = held?.units ?? 0;
        const goal = (weight * nav) / unitValue;
        const next = roundTo(held && weight > 0 ? units + 0.25 * (goal - units) : goal, a.lot);
        const traded = next - units;
        if (traded === 0) continue;
        cash -= traded * unitValue;
        if (next === 0) positions.delete(code);
        else if (!held) positions.set(code, { units: next, cost: a.price(t), since: date });
        else {
          if (traded > 0) held.cost = (held.cost * units + a.price(t) * traded) / next;
          held.units = next;
        }
      }
      const futureTargets = plan.futures?.(t) ?? new Map<string, number>();
      for (const code of new Set([...futures.keys(), ...futureTargets.keys()])) {
        const a = assets.get(code)!;
        const goal = ((futureTargets.get(code) ?? 0) * nav) / (a.price(t) * a.perUnit);
        const current = futures.get(code) ?? 0;
        const next = Math.round(
          futureTargets.has(code) && current !== 0 ? current + 0.25 * (goal - current) : goal,
        );
        if (next === 0) futures.delete(code);
        else futures.set(code, next);
      }
    }
    lastNav = nav;
    if (emit.has(t)) {
      fixedAt = t;
      emitSnapshot(t);
    }
  }
  return { unitPrices, holdings, navs, rowPrices, cashFlows, feePayments };

  function emitSnapshot(t: number): void {
    const date = dates[t]!;
    type Draft = { row: HoldingRow; price: number };
    const drafts: Draft[] = [];
    const base = (code: string): HoldingRow => {
      const instrument = assets.get(code)?.instrument ?? CASH_BY_CODE.get(code);
      if (!instrument) throw new Error(`Demo aracı bulunamadı: ${code}`);
      return {
        portfolioCode: plan.code,
        portfolioDate: date,
        investmentInstrumentCode: code,
        currentValue: 0,
        ...EMPTY_COLUMNS,
        investmentInstrumentName: instrument.name,
        investmentInstrumentType: INSTRUMENT_MAIN_TYPE_LABELS[instrument.mainType],
        investmentInstrumentMainType: instrument.mainType,
        investmentInstrumentSubType: instrument.subType,
        currency: instrument.currency,
        dailyExchangeRate: 1,
        isForeign: instrument.isForeign,
        isinCode: instrument.isinCode,
        issuer: instrument.issuer,
        sector: instrument.sector,
        tcmbCode: instrument.tcmbCode,
        annotation: DEMO_LABEL,
      };
    };
    for (const [code, p] of positions) {
      const a = assets.get(code)!;
      const price = a.price(t);
      const fx = a.fx(t);
      const currentValue = cents(p.units * price * a.perUnit * fx);
      drafts.push({
        price,
        row: {
          ...base(code),
          ...a.columns?.(t),
          currentValue,
          nominalValue: p.units,
          dailyExchangeRate: fx,
          UnitPurchasePrice: Math.round(p.cost * 1e6) / 1e6,
          PurchaseDate: p.since,
          NetReturnAmount: cents((price - p.cost) * p.units * a.perUnit * fx),
        },
      });
    }
    for (const [code, contracts] of futures) {
      const a = assets.get(code)!;
      drafts.push({
        price: a.price(t),
        row: {
          ...base(code),
          ...a.columns?.(t),
          nominalValue: contracts,
          currentValue: 0,
          Description: `${contracts > 0 ? 'Uzun' : 'Kısa'} pozisyon; günlük kâr/zarar teminat hesabına yansıtılır`,
        },
      });
    }
    const exposure = [...futures].reduce(
      (s, [code, c]) => s + Math.abs(c * assets.get(code)!.perUnit * assets.get(code)!.price(t)),
      0,
    );
    let free = cash;
    if (exposure > 0 && free > 0) {
      const margin = cents(Math.min(free, 0.12 * exposure));
      free -= margin;
      drafts.push({
        price: 1,
        // Takasbank pays interest on TL cash collateral: the margin earns the cash rate here.
        row: {
          ...base(CASH.margin),
          nominalValue: margin,
          currentValue: margin,
          NominalInterestRate: Math.round(cashRate(t) * 100) / 100,
        },
      });
    }
    const next = dates[t + 1] ?? date;
    if (free >= 0) {
      let left = cents(free);
      cashSplit.forEach(([k, share], i) => {
        const amount = i === cashSplit.length - 1 ? left : cents(free * share);
        left = cents(left - amount);
        const overnight = k === 'reverseRepo' || k === 'tpp';
        const rollStart = dates[t - (t % 22)]!;
        const maturity = overnight
          ? next
          : new Date(Date.parse(rollStart) + 32 * 86_400_000).toISOString().slice(0, 10);
        drafts.push({
          price: 1,
          row: {
            ...base(CASH_CODE[k]),
            nominalValue: amount,
            currentValue: amount,
            NominalInterestRate: Math.round((tlref[t]! + CASH_RATE_SPREAD[k]) * 100) / 100,
            PurchaseDate: overnight ? date : rollStart,
            MaturityDate: maturity,
            daysOfMaturity: Math.max(
              0,
              Math.round((Date.parse(maturity) - Date.parse(date)) / 86_400_000),
            ),
          },
        });
      });
    } else {
      const amount = cents(free);
      drafts.push({
        price: 1,
        row: {
          ...base(CASH.repoBorrowing),
          nominalValue: amount,
          currentValue: amount,
          NominalInterestRate: Math.round((tlref[t]! + 1) * 100) / 100,
          MaturityDate: next,
        },
      });
    }
    if (liability > 0) {
      const amount = -cents(liability);
      drafts.push({
        price: 1,
        row: { ...base(CASH.feeAccrual), nominalValue: amount, currentValue: amount },
      });
    }
    const nav = cents(drafts.reduce((s, d) => s + d.row.currentValue, 0));
    const fpd = drafts.reduce((s, d) => s + (d.row.currentValue > 0 ? d.row.currentValue : 0), 0);
    const byType = new Map<string, number>();
    for (const d of drafts) {
      const key = d.row.investmentInstrumentMainType ?? '';
      byType.set(key, (byType.get(key) ?? 0) + d.row.currentValue);
    }
    const pct = (x: number, of: number) => (of === 0 ? 0 : Math.round((x / of) * 1e6) / 1e4);
    for (const d of drafts) {
      holdings.push({
        ...d.row,
        UsdValueOfCurrentValue: cents(d.row.currentValue / usd[t]!),
        totalByFTD: pct(d.row.currentValue, nav),
        totalByFPD: pct(d.row.currentValue, fpd),
        groupRatio: pct(
          d.row.currentValue,
          byType.get(d.row.investmentInstrumentMainType ?? '') ?? 0,
        ),
      });
      rowPrices.push(d.price);
    }
    navs.set(date, nav);
  }
}

const CASH_BY_CODE = new Map(CASH_INSTRUMENTS.map((i) => [i.code, i]));

/** Every optional holding column, empty; a snapshot row overrides what it knows. */
const EMPTY_COLUMNS = {
  newPortfolioCode: null,
  investmentInstrumentName: null,
  investmentInstrumentType: null,
  investmentInstrumentMainType: null,
  investmentInstrumentSubType: null,
  currency: null,
  dailyExchangeRate: null,
  dailyValue: null,
  nominalValue: null,
  UnitPurchasePrice: null,
  UsdValueOfCurrentValue: null,
  NetReturnAmount: null,
  NominalInterestRate: null,
  internalDiscountRate: null,
  interestPaymentCount: null,
  daysOfMaturity: null,
  Duration: null,
  groupRatio: null,
  totalByFPD: null,
  totalByFTD: null,
  OnRatio: null,
  PortONRatio: null,
  RepoGuaranteeAmount: null,
  PurchaseDate: null,
  ExecutionDate: null,
  MaturityDate: null,
  issueDate: null,
  redemptionDate: null,
  initialPublicOfferingDate: null,
  isForeign: null,
  isinCode: null,
  issuer: null,
  sector: null,
  stockEstablishment: null,
  tcmbCode: null,
  ExchangeContractNo: null,
  Description: null,
  fundCategory: null,
  fundSubCategoryName: null,
  additionalCode: null,
  annotation: null,
  substituteCode: null,
  substituteType: null,
  forexType: null,
} as const satisfies Omit<
  HoldingRow,
  'portfolioCode' | 'portfolioDate' | 'investmentInstrumentCode' | 'currentValue'
>;

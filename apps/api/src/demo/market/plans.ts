import type { FundCategory } from '@fonrisk/contracts';
import { GOLD, USD_DEPOSIT } from './assets.ts';
import type { PricedBond } from './bonds.ts';
import type { Derivative } from './derivatives.ts';
import type { Market } from './market.ts';
import { createDemoRandom, subSeed } from './random.ts';
import type { CashSplit, PortfolioPlan } from './simulate.ts';
import { BIST30_TICKERS, STOCKS, startingCap } from './stocks.ts';
import { TICKER } from './market.ts';

/** Annual management fee of each demo portfolio, percent of NAV (accrued daily, paid monthly). */
export const DEMO_FEE_PCT = {
  DHS: 2.5,
  DBA: 1.5,
  DPP: 1,
  DDG: 2,
  DKR: 2,
  DFS: 1.5,
  DAL: 1.6,
  DKT: 1.5,
  DSF: 2.2,
  DEF: 1.1,
  DMUS01: 0.5,
  DMUS02: 0.75,
  DMUS03: 1,
} as const satisfies Record<string, number>;

export interface PortfolioDef {
  readonly code: string;
  readonly name: string;
  readonly kind: 'fund' | 'customer';
  readonly fundCategory: FundCategory | null;
  readonly benchmarkCode: string;
}

/** The ten demo funds (one per SPK type the issue names) and three customer portfolios. */
export const FUND_DEFS: readonly PortfolioDef[] = [
  {
    code: 'DHS',
    name: 'Demo Hisse Senedi Fonu',
    kind: 'fund',
    fundCategory: 'equity',
    benchmarkCode: 'DEMO-BM-HISSE',
  },
  {
    code: 'DBA',
    name: 'Demo Borçlanma Araçları Fonu',
    kind: 'fund',
    fundCategory: 'debtInstruments',
    benchmarkCode: 'DEMO-BM-BORC',
  },
  {
    code: 'DPP',
    name: 'Demo Para Piyasası Fonu',
    kind: 'fund',
    fundCategory: 'moneyMarket',
    benchmarkCode: 'DEMO-BM-PP',
  },
  {
    code: 'DDG',
    name: 'Demo Değişken Fon',
    kind: 'fund',
    fundCategory: 'variable',
    benchmarkCode: 'DEMO-BM-DEGISKEN',
  },
  {
    code: 'DKR',
    name: 'Demo Karma Fon',
    kind: 'fund',
    fundCategory: 'mixed',
    benchmarkCode: 'DEMO-BM-KARMA',
  },
  {
    code: 'DFS',
    name: 'Demo Fon Sepeti Fonu',
    kind: 'fund',
    fundCategory: 'fundOfFunds',
    benchmarkCode: 'DEMO-BM-FONSEPETI',
  },
  {
    code: 'DAL',
    name: 'Demo Altın Fonu',
    kind: 'fund',
    fundCategory: 'preciousMetals',
    benchmarkCode: 'DEMO-BM-ALTIN',
  },
  {
    code: 'DKT',
    name: 'Demo Katılım Fonu',
    kind: 'fund',
    fundCategory: 'participation',
    benchmarkCode: 'DEMO-BM-KATILIM',
  },
  {
    code: 'DSF',
    name: 'Demo Serbest (Döviz ve Türev) Fon',
    kind: 'fund',
    fundCategory: 'hedge',
    benchmarkCode: 'DEMO-BM-SERBEST',
  },
  {
    code: 'DEF',
    name: 'Demo BIST 30 Endeksi Hisse Senedi Fonu',
    kind: 'fund',
    fundCategory: 'equity',
    benchmarkCode: 'DEMO-BM-ENDEKS',
  },
];
export const CUSTOMER_DEFS: readonly PortfolioDef[] = [
  {
    code: 'DMUS01',
    name: 'Demo Müşteri Portföyü - Temkinli',
    kind: 'customer',
    fundCategory: null,
    benchmarkCode: 'DEMO-BM-BORC',
  },
  {
    code: 'DMUS02',
    name: 'Demo Müşteri Portföyü - Dengeli',
    kind: 'customer',
    fundCategory: null,
    benchmarkCode: 'DEMO-BM-KARMA',
  },
  {
    code: 'DMUS03',
    name: 'Demo Müşteri Portföyü - Atak',
    kind: 'customer',
    fundCategory: null,
    benchmarkCode: 'DEMO-BM-HISSE',
  },
];

interface PlanContext {
  readonly seed: number;
  readonly market: Market;
  readonly bonds: readonly PricedBond[];
  readonly derivatives: readonly Derivative[];
}

type Weights = Map<string, number>;

/** Scales raw scores to sum to `total` with no weight above `cap`, redistributing the excess. */
export function capped(raw: readonly number[], total: number, cap: number): number[] {
  const weights = new Array<number>(raw.length).fill(0);
  const free = new Set(raw.map((_, i) => i));
  let remaining = total;
  while (free.size > 0) {
    const sum = [...free].reduce((s, i) => s + raw[i]!, 0);
    const over = [...free].filter((i) => (remaining * raw[i]!) / sum > cap);
    if (over.length === 0) {
      for (const i of free) weights[i] = (remaining * raw[i]!) / sum;
      break;
    }
    for (const i of over) {
      weights[i] = cap;
      remaining -= cap;
      free.delete(i);
    }
  }
  return weights;
}

const REPO_HEAVY: CashSplit = { reverseRepo: 0.7, deposit: 0.3 };
/** DSF's BIST 30 option notionals as fractions of NAV (DEMO CONFIGURATION). */
const DSF_PUT_NOTIONAL = 0.1;
const DSF_CALL_NOTIONAL = 0.05;

/** The trading plans of the demo funds and customer portfolios (targets as fractions of NAV). */
export function portfolioPlans(ctx: PlanContext): Map<string, PortfolioPlan> {
  const { market, bonds, derivatives } = ctx;
  const n = market.dates.length;
  const bondCode = (key: number) => bonds[key]!.instrument.code;
  const alive = (code: string, t: number, minDays = 20) => {
    const b = bonds.find((x) => x.instrument.code === code)!;
    return (
      !Number.isNaN(b.dirty[t]!) &&
      Date.parse(b.maturityDate) - Date.parse(market.dates[t]!) > minDays * 86_400_000
    );
  };
  const remainingDays = (code: string, t: number) =>
    (Date.parse(bonds.find((x) => x.instrument.code === code)!.maturityDate) -
      Date.parse(market.dates[t]!)) /
    86_400_000;

  /** Equal split of `total` among the bonds alive on t. */
  const sleeve = (w: Weights, t: number, codes: readonly string[], total: number) => {
    const live = codes.filter((c) => alive(c, t));
    for (const c of live) w.set(c, (w.get(c) ?? 0) + total / live.length);
  };

  /**
   * A stock basket: capitalisation^0.6 weights with a slowly drifting monthly tilt per stock,
   * each capped at 9 % of NAV (the SPK single-issuer limit is 10 %).
   */
  const basket = (code: string, tickers: readonly string[]) => {
    const rnd = createDemoRandom(subSeed(ctx.seed, `tilt:${code}`));
    const months = Math.ceil(n / 20) + 1;
    const tilts = tickers.map(() => {
      const path = new Float64Array(months);
      let z = rnd.normal();
      for (let m = 0; m < months; m++) {
        z = 0.8 * z + 0.6 * rnd.normal();
        path[m] = Math.exp(0.35 * z);
      }
      return path;
    });
    const caps = tickers.map(
      (ticker) => startingCap(STOCKS.find((s) => s.ticker === ticker)!) ** 0.6,
    );
    return (w: Weights, t: number, total: number) => {
      const m = Math.floor(t / 20);
      const raw = tickers.map((_, i) => caps[i]! * tilts[i]![m]!);
      const weights = capped(raw, total, 0.09);
      tickers.forEach((ticker, i) => w.set(ticker, (w.get(ticker) ?? 0) + weights[i]!));
    };
  };
  const pick = (code: string, pool: readonly string[], count: number) => {
    const rnd = createDemoRandom(subSeed(ctx.seed, `pick:${code}`));
    const list = [...pool];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rnd.uniform() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list.slice(0, count);
  };
  const allStocks = STOCKS.map((s) => s.ticker);
  /** Listed contracts of a kind with at least `minDaysLeft` calendar days to expiry, nearest first. */
  const front = (prefix: string, t: number, minDaysLeft: number) =>
    derivatives
      .filter(
        (d) =>
          d.instrument.code.startsWith(prefix) &&
          d.firstIndex <= t &&
          Date.parse(d.expiryDate) - Date.parse(market.dates[t]!) >= minDaysLeft * 86_400_000,
      )
      .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));

  const bist30Level = market.series.get(TICKER.bist30)!.values;
  /**
   * Value weight (premium / NAV) of a BIST 30 option position whose underlying notional
   * (contracts × multiplier × index) is `notionalPct` of NAV: notional × premium / index.
   */
  const optionWeight = (d: Derivative, t: number, notionalPct: number) =>
    (notionalPct * d.series.values[t]!) / bist30Level[t]!;
  const nearestStrike = (options: readonly Derivative[], type: 'put' | 'call', target: number) =>
    options
      .filter((d) => d.instrument.terms.kind === 'option' && d.instrument.terms.optionType === type)
      .map((d) => ({
        d,
        gap: Math.abs(
          (d.instrument.terms.kind === 'option' ? d.instrument.terms.strike : 0) - target,
        ),
      }))
      .sort((a, b) => a.gap - b.gap)[0]?.d;

  const govFixed = [2, 3, 4, 5].map(bondCode);
  const govAll = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(bondCode);
  const corporate = [10, 11, 12, 13].map(bondCode);
  const commercialPaper = bondCode(14);
  const publicSukuk = [15, 16].map(bondCode);
  const privateSukuk = bondCode(17);

  const plans: PortfolioPlan[] = [];
  const plan = (p: Omit<PortfolioPlan, 'targets'> & { targets: (w: Weights, t: number) => void }) =>
    plans.push({
      ...p,
      targets: (t) => {
        const w: Weights = new Map();
        p.targets(w, t);
        return w;
      },
    });
  const fundFlow = { mean: 0.0002, sd: 0.004 };
  const customerFlow = { mean: 0.002, sd: 0.01, monthlyOnly: true };

  const dhs = basket('DHS', pick('DHS', allStocks, 22));
  plan({
    code: 'DHS',
    initialNav: 850e6,
    initialUnitPrice: 2.184512,
    feePct: DEMO_FEE_PCT.DHS,
    flow: fundFlow,
    tradeProbability: 0.4,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      dhs(w, t, 0.92);
      // A small unlisted commercial paper: left without a ticker mapping on purpose.
      if (alive(commercialPaper, t, 5)) w.set(commercialPaper, 0.008);
    },
  });
  plan({
    code: 'DBA',
    initialNav: 1.4e9,
    initialUnitPrice: 1.062371,
    feePct: DEMO_FEE_PCT.DBA,
    flow: fundFlow,
    tradeProbability: 0.35,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      sleeve(w, t, govAll, 0.55);
      sleeve(w, t, corporate, 0.2);
      sleeve(w, t, publicSukuk, 0.1);
    },
  });
  plan({
    code: 'DPP',
    initialNav: 2.6e9,
    initialUnitPrice: 0.412887,
    feePct: DEMO_FEE_PCT.DPP,
    flow: { mean: 0.0003, sd: 0.006 },
    tradeProbability: 0.5,
    cash: { reverseRepo: 0.45, tpp: 0.25, deposit: 0.3 },
    targets: (w, t) => {
      // Money market: nothing with more than 184 days to maturity.
      for (const code of [bondCode(0), bondCode(10)])
        if (alive(code, t, 10) && remainingDays(code, t) <= 184) w.set(code, 0.12);
    },
  });
  const ddg = basket('DDG', pick('DDG', allStocks, 10));
  plan({
    code: 'DDG',
    initialNav: 420e6,
    initialUnitPrice: 3.905114,
    feePct: DEMO_FEE_PCT.DDG,
    flow: fundFlow,
    tradeProbability: 0.3,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      ddg(w, t, 0.35);
      sleeve(w, t, govFixed, 0.25);
      w.set(GOLD, 0.1);
      w.set('DXD', 0.08);
      w.set(USD_DEPOSIT, 0.05);
    },
  });
  const dkr = basket('DKR', pick('DKR', allStocks, 12));
  plan({
    code: 'DKR',
    initialNav: 300e6,
    initialUnitPrice: 1.733402,
    feePct: DEMO_FEE_PCT.DKR,
    flow: fundFlow,
    tradeProbability: 0.3,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      dkr(w, t, 0.45);
      sleeve(w, t, govAll, 0.3);
      sleeve(w, t, corporate, 0.1);
    },
  });
  plan({
    code: 'DFS',
    initialNav: 260e6,
    initialUnitPrice: 1.280045,
    feePct: DEMO_FEE_PCT.DFS,
    flow: fundFlow,
    tradeProbability: 0.25,
    cash: REPO_HEAVY,
    targets: (w) => {
      const mix: Record<string, number> = {
        DXH: 0.2,
        DXB: 0.18,
        DXP: 0.14,
        DXA: 0.12,
        DXD: 0.1,
        DXK: 0.08,
        DXS: 0.07,
      };
      for (const [code, weight] of Object.entries(mix)) w.set(code, weight);
    },
  });
  plan({
    code: 'DAL',
    initialNav: 950e6,
    initialUnitPrice: 0.987311,
    feePct: DEMO_FEE_PCT.DAL,
    flow: fundFlow,
    tradeProbability: 0.3,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      w.set(GOLD, 0.86);
      sleeve(w, t, [publicSukuk[1]!], 0.05);
    },
  });
  const participationStocks = STOCKS.filter((s) => s.participation).map((s) => s.ticker);
  const dkt = basket('DKT', pick('DKT', participationStocks, 8));
  plan({
    code: 'DKT',
    initialNav: 380e6,
    initialUnitPrice: 1.514006,
    feePct: DEMO_FEE_PCT.DKT,
    flow: fundFlow,
    tradeProbability: 0.3,
    cash: { participation: 1 },
    targets: (w, t) => {
      dkt(w, t, 0.3);
      sleeve(w, t, publicSukuk, 0.35);
      // A small private lease certificate without a series: deliberately unmapped.
      if (alive(privateSukuk, t)) w.set(privateSukuk, 0.03);
      w.set(GOLD, 0.12);
    },
  });
  const dsf = basket(
    'DSF',
    pick(
      'DSF',
      STOCKS.filter((s) => s.sector !== 'Gıda ve İçecek').map((s) => s.ticker),
      15,
    ),
  );
  plan({
    code: 'DSF',
    initialNav: 540e6,
    initialUnitPrice: 5.60271,
    feePct: DEMO_FEE_PCT.DSF,
    flow: { mean: 0.0002, sd: 0.006 },
    tradeProbability: 0.45,
    cash: { reverseRepo: 1 },
    targets: (w, t) => {
      dsf(w, t, 0.55);
      sleeve(w, t, [bondCode(6), bondCode(7), bondCode(12)], 0.15);
      // BIST 30 options sized by notional, not by premium: a protective put on 10 % of NAV and
      // a call on 5 %, each the listed strike nearest 5 % out of the money today (a premium-sized
      // deep out-of-the-money put at the 0,01 price floor bought absurd contract counts).
      const options = front('O_XU030E', t, 14);
      const put = nearestStrike(options, 'put', 0.95 * bist30Level[t]!);
      const call = nearestStrike(options, 'call', 1.05 * bist30Level[t]!);
      if (put) w.set(put.instrument.code, optionWeight(put, t, DSF_PUT_NOTIONAL));
      if (call) w.set(call.instrument.code, optionWeight(call, t, DSF_CALL_NOTIONAL));
    },
    futures: (t) => {
      const out = new Map<string, number>();
      const index = front('F_XU030', t, 7)[0];
      const fx = front('F_USDTRY', t, 7)[0];
      if (index) out.set(index.instrument.code, 0.35);
      if (fx) out.set(fx.instrument.code, 0.15);
      return out;
    },
  });
  const bist30 = [...BIST30_TICKERS];
  const capsNow = (t: number) =>
    bist30.map(
      (ticker) =>
        market.series.get(ticker)!.values[t]! * STOCKS.find((s) => s.ticker === ticker)!.sharesMn,
    );
  plan({
    code: 'DEF',
    initialNav: 610e6,
    initialUnitPrice: 8.74019,
    feePct: DEMO_FEE_PCT.DEF,
    flow: fundFlow,
    tradeProbability: 0.6,
    cash: REPO_HEAVY,
    targets: (w, t) => {
      const caps = capsNow(t);
      const sum = caps.reduce((a, b) => a + b, 0);
      bist30.forEach((ticker, i) => w.set(ticker, (0.965 * caps[i]!) / sum));
    },
  });

  const mus2 = basket('DMUS02', pick('DMUS02', allStocks, 6));
  const mus3 = basket('DMUS03', pick('DMUS03', allStocks, 8));
  plan({
    code: 'DMUS01',
    initialNav: 18e6,
    initialUnitPrice: 1,
    feePct: DEMO_FEE_PCT.DMUS01,
    flow: customerFlow,
    tradeProbability: 0.08,
    cash: { deposit: 1 },
    targets: (w, t) => {
      w.set('DBA', 0.4);
      w.set('DPP', 0.3);
      sleeve(w, t, [bondCode(3)], 0.15);
    },
  });
  plan({
    code: 'DMUS02',
    initialNav: 32e6,
    initialUnitPrice: 1,
    feePct: DEMO_FEE_PCT.DMUS02,
    flow: customerFlow,
    tradeProbability: 0.1,
    cash: { deposit: 0.6, reverseRepo: 0.4 },
    targets: (w, t) => {
      mus2(w, t, 0.3);
      w.set('DHS', 0.15);
      w.set(GOLD, 0.1);
      w.set(USD_DEPOSIT, 0.15);
      sleeve(w, t, govFixed, 0.2);
    },
  });
  plan({
    code: 'DMUS03',
    initialNav: 9.5e6,
    initialUnitPrice: 1,
    feePct: DEMO_FEE_PCT.DMUS03,
    flow: customerFlow,
    tradeProbability: 0.12,
    cash: { reverseRepo: 1 },
    targets: (w, t) => {
      mus3(w, t, 0.7);
      w.set('DSF', 0.1);
      w.set(USD_DEPOSIT, 0.1);
      w.set('DXY', 0.05);
    },
  });
  return new Map(plans.map((p) => [p.code, p]));
}

/** Composite benchmarks (percent weights, monthly rebalancing). */
export const BENCHMARK_DEFS: readonly {
  code: string;
  name: string;
  weights: Readonly<Record<string, number>>;
}[] = [
  {
    code: 'DEMO-BM-HISSE',
    name: '%95 BIST 100 + %5 Para Piyasası Endeksi',
    weights: { [TICKER.bist100]: 95, [TICKER.moneyMarketIndex]: 5 },
  },
  {
    code: 'DEMO-BM-BORC',
    name: '%80 DİBS Tüm Endeksi + %20 Para Piyasası Endeksi',
    weights: { [TICKER.bondIndex]: 80, [TICKER.moneyMarketIndex]: 20 },
  },
  {
    code: 'DEMO-BM-PP',
    name: '%100 Para Piyasası Endeksi',
    weights: { [TICKER.moneyMarketIndex]: 100 },
  },
  {
    code: 'DEMO-BM-DEGISKEN',
    name: '%35 BIST 100 + %30 DİBS + %10 Altın + %10 USD/TRY + %15 Para Piyasası',
    weights: {
      [TICKER.bist100]: 35,
      [TICKER.bondIndex]: 30,
      [TICKER.gramGold]: 10,
      [TICKER.usdTry]: 10,
      [TICKER.moneyMarketIndex]: 15,
    },
  },
  {
    code: 'DEMO-BM-KARMA',
    name: '%50 BIST 100 + %40 DİBS Tüm Endeksi + %10 Para Piyasası Endeksi',
    weights: { [TICKER.bist100]: 50, [TICKER.bondIndex]: 40, [TICKER.moneyMarketIndex]: 10 },
  },
  {
    code: 'DEMO-BM-FONSEPETI',
    name: '%30 BIST 100 + %40 DİBS + %15 Altın + %15 Para Piyasası',
    weights: {
      [TICKER.bist100]: 30,
      [TICKER.bondIndex]: 40,
      [TICKER.gramGold]: 15,
      [TICKER.moneyMarketIndex]: 15,
    },
  },
  {
    code: 'DEMO-BM-ALTIN',
    name: '%95 Gram Altın + %5 Para Piyasası Endeksi',
    weights: { [TICKER.gramGold]: 95, [TICKER.moneyMarketIndex]: 5 },
  },
  {
    code: 'DEMO-BM-KATILIM',
    name: '%30 BIST 100 + %55 Para Piyasası Endeksi + %15 Altın',
    weights: { [TICKER.bist100]: 30, [TICKER.moneyMarketIndex]: 55, [TICKER.gramGold]: 15 },
  },
  {
    code: 'DEMO-BM-SERBEST',
    name: '%100 Para Piyasası Endeksi',
    weights: { [TICKER.moneyMarketIndex]: 100 },
  },
  { code: 'DEMO-BM-ENDEKS', name: '%100 BIST 30 Endeksi', weights: { [TICKER.bist30]: 100 } },
];

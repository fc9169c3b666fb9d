import type { CorporateActionKind } from '@fonrisk/risk';

/** A demo share's split, bonus issue or cash dividend, loaded into corporate_actions. */
export interface DemoCorporateAction {
  readonly instrumentCode: string;
  readonly kind: CorporateActionKind;
  readonly exDate: string;
  /** split: new shares per old; bonus: percent of capital; dividend: null. */
  readonly ratio: number | null;
  /** dividend per share (TRY); null otherwise. */
  readonly amount: number | null;
  readonly note: string;
}

/**
 * DEMO CONFIGURATION: the corporate actions of a few demo shares, all in the early history
 * (before the simulated window, so that holdings and their prices are untouched). Dividends are
 * given as a yield on the cum price; the amount per share is computed from the generated price.
 * docs/decisions/0037-demo-market-since-2018.md.
 */
const PLAN: readonly {
  readonly ticker: string;
  readonly kind: CorporateActionKind;
  readonly date: string;
  /** split ratio, bonus percent, or dividend yield (fraction of the cum price). */
  readonly size: number;
}[] = [
  { ticker: 'KRTHL', kind: 'split', date: '2021-06-01', size: 2 },
  { ticker: 'ANDBK', kind: 'bonus', date: '2022-03-15', size: 100 },
  { ticker: 'CNRMK', kind: 'bonus', date: '2020-09-08', size: 50 },
  { ticker: 'MRMBN', kind: 'dividend', date: '2019-05-28', size: 0.04 },
  { ticker: 'MRMBN', kind: 'dividend', date: '2020-05-26', size: 0.035 },
  { ticker: 'MRMBN', kind: 'dividend', date: '2021-05-25', size: 0.05 },
  { ticker: 'MRMBN', kind: 'dividend', date: '2022-05-24', size: 0.06 },
  { ticker: 'KRTHL', kind: 'dividend', date: '2022-04-12', size: 0.03 },
];

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Turns the simulated (economic) early prices of the planned shares into raw exchange prices and
 * returns the actions that explain the difference, so that the derived adjusted series equals
 * the simulated path again (docs/decisions/0017-corporate-actions.md, backward adjustment):
 * - split r / bonus b: the raw prices before the ex-date are r / (1 + b) times the simulated ones
 *   (a 2:1 split halves the raw price on its ex-date);
 * - dividend D = yield × cum price: the raw prices before the ex-date are scaled by (s + D) / s,
 *   s the simulated cum price, so the raw price falls by D on the ex-date and the total-return
 *   series, raw × (p − D) / p before it, equals the simulated path.
 * Actions are applied latest first, as backward adjustment compounds them. An action whose date
 * is not among `dates` (an ex-date falls on the next business day) moves to the next date; one
 * outside the dates is left out. Mutates `prices` (ticker → values on `dates`).
 */
export function applyDemoCorporateActions(
  dates: readonly string[],
  prices: Map<string, Float64Array>,
): DemoCorporateAction[] {
  const out: DemoCorporateAction[] = [];
  const plan = [...PLAN].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  for (const p of plan) {
    const values = prices.get(p.ticker);
    const ex = dates.findIndex((d) => d >= p.date);
    if (!values || ex < 1) continue;
    const cum = values[ex - 1]!;
    let factor: number;
    let ratio: number | null = null;
    let amount: number | null = null;
    if (p.kind === 'dividend') {
      amount = round2(p.size * cum);
      factor = (cum + amount) / cum;
    } else {
      ratio = p.size;
      factor = p.kind === 'split' ? p.size : 1 + p.size / 100;
    }
    for (let t = 0; t < ex; t++) values[t] = round2(values[t]! * factor);
    out.push({
      instrumentCode: p.ticker,
      kind: p.kind,
      exDate: dates[ex]!,
      ratio,
      amount,
      note: 'Demo verisi',
    });
  }
  return out.reverse();
}

import type {
  HoldingComparisonRow,
  HoldingView,
  HoldingsComparison,
  HoldingsSnapshot,
} from '@fonrisk/contracts';
import type { StoredHolding } from './portfolios.repository.ts';

/**
 * Column keys whose values add up when holdings of several portfolios are combined (amounts);
 * every other key (rates, dates, texts) is taken from the first member row of the instrument.
 */
const ADDITIVE_KEYS = [
  'currentValue',
  'nominalValue',
  'dailyValue',
  'UsdValueOfCurrentValue',
  'NetReturnAmount',
  'RepoGuaranteeAmount',
] as const;

type ViewFields = Omit<HoldingView, 'weightPct'>;

/** A stored row as its product-spec section 3 keys (null and absent keys left out). */
export function toViewFields(row: StoredHolding): ViewFields {
  const view: Record<string, unknown> = {
    ...row.columns,
    portfolioCode: row.portfolioCode,
    portfolioDate: row.portfolioDate,
    investmentInstrumentCode: row.instrumentCode,
    currentValue: row.currentValue,
    issuerGroup: row.issuerGroup,
  };
  if (row.instrumentName !== null) view.investmentInstrumentName = row.instrumentName;
  if (row.mainType !== null) view.investmentInstrumentMainType = row.mainType;
  if (row.currency !== null) view.currency = row.currency;
  if (row.nominalValue !== null) view.nominalValue = row.nominalValue;
  return view as ViewFields;
}

/**
 * Members' holdings summed per instrument code under the unified code: amounts add up, the
 * other keys come from the instrument's first member row. Order: first appearance.
 */
export function aggregateHoldings(
  rows: readonly StoredHolding[],
  unifiedCode: string,
): ViewFields[] {
  const byCode = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const fields = toViewFields(row) as Record<string, unknown>;
    const seen = byCode.get(row.instrumentCode);
    if (!seen) {
      byCode.set(row.instrumentCode, {
        ...fields,
        portfolioCode: unifiedCode,
        newPortfolioCode: unifiedCode,
      });
      continue;
    }
    for (const key of ADDITIVE_KEYS) {
      const add = fields[key];
      if (typeof add !== 'number') continue;
      const current = seen[key];
      seen[key] = typeof current === 'number' ? current + add : add;
    }
  }
  return [...byCode.values()] as ViewFields[];
}

export function buildSnapshot(
  portfolioCode: string,
  portfolioDate: string,
  currency: string,
  rows: readonly ViewFields[],
): HoldingsSnapshot {
  const nav = rows.reduce((sum, r) => sum + r.currentValue, 0);
  return {
    portfolioCode,
    portfolioDate,
    nav,
    currency,
    rows: rows.map((r) => ({ ...r, weightPct: nav === 0 ? 0 : (r.currentValue / nav) * 100 })),
  };
}

interface Side {
  readonly name: string | null;
  readonly mainType: string | null;
  readonly nominal: number | null;
  readonly value: number;
}

function sides(snapshot: HoldingsSnapshot): Map<string, Side> {
  const out = new Map<string, Side>();
  for (const r of snapshot.rows) {
    const earlier = out.get(r.investmentInstrumentCode);
    const nominal = r.nominalValue ?? null;
    out.set(r.investmentInstrumentCode, {
      name: earlier?.name ?? r.investmentInstrumentName ?? null,
      mainType: earlier?.mainType ?? r.investmentInstrumentMainType ?? null,
      nominal: earlier ? (earlier.nominal ?? 0) + (nominal ?? 0) : nominal,
      value: (earlier?.value ?? 0) + r.currentValue,
    });
  }
  return out;
}

const EPSILON = 1e-9;
const weight = (value: number, nav: number) => (nav === 0 ? 0 : (value / nav) * 100);

/** Holdings of two dates side by side per instrument, with the change and its status. */
export function compareSnapshots(from: HoldingsSnapshot, to: HoldingsSnapshot): HoldingsComparison {
  const a = sides(from);
  const b = sides(to);
  const codes = [...new Set([...a.keys(), ...b.keys()])];
  const rows: HoldingComparisonRow[] = codes.map((code) => {
    const x = a.get(code);
    const y = b.get(code);
    const same =
      x !== undefined &&
      y !== undefined &&
      Math.abs(x.value - y.value) < EPSILON &&
      Math.abs((x.nominal ?? 0) - (y.nominal ?? 0)) < EPSILON;
    return {
      investmentInstrumentCode: code,
      investmentInstrumentName: y?.name ?? x?.name ?? null,
      investmentInstrumentMainType: y?.mainType ?? x?.mainType ?? null,
      nominalFrom: x?.nominal ?? null,
      nominalTo: y?.nominal ?? null,
      valueFrom: x?.value ?? null,
      valueTo: y?.value ?? null,
      weightFromPct: x ? weight(x.value, from.nav) : null,
      weightToPct: y ? weight(y.value, to.nav) : null,
      valueChange: (y?.value ?? 0) - (x?.value ?? 0),
      status: !x ? 'added' : !y ? 'removed' : same ? 'unchanged' : 'changed',
    };
  });
  rows.sort((p, q) => Math.abs(q.valueChange) - Math.abs(p.valueChange));
  return { from: from.portfolioDate, to: to.portfolioDate, navFrom: from.nav, navTo: to.nav, rows };
}

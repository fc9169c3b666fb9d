/**
 * The night data set as the files a user uploads on the import screens: ';' separated, decimal
 * commas, dd.mm.yyyy dates, the import columns' keys as headers (packages/contracts
 * import-columns.ts: a header may be a column's key, label or alias). Files that would pass the
 * import row limit (MAX_IMPORT_ROWS) are cut into several, whole series or whole dates per file.
 */
import type { NewSeriesChoice } from '@fonrisk/contracts';
import type { NightDataSet, NightInstrument } from './data-set.ts';

/** Rows per price or holdings file: under the import limit of 200,000. */
export const ROWS_PER_FILE = 190_000;

export interface ImportFile {
  readonly name: string;
  readonly text: string;
  readonly rows: number;
  /** Prices: the series the file creates (the confirmation of the 409 "unknown tickers"). */
  readonly newSeries?: readonly NewSeriesChoice[];
}

const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const isIso = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  return isIso(value) ? trDate(value) : value;
}

function csv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.join(';')];
  for (const row of rows) lines.push(row.map((v) => cell(v as string | number | null)).join(';'));
  return lines.join('\n');
}

export function instrumentsFile(data: NightDataSet): ImportFile {
  const keys = [...new Set(data.instruments.flatMap((i) => Object.keys(i.row)))];
  return {
    name: 'gece-araclar.csv',
    text: csv(
      keys,
      data.instruments.map((i) => keys.map((k) => i.row[k] ?? null)),
    ),
    rows: data.instruments.length,
  };
}

/** Price files: each holds whole series, in ticker order, and creates them on upload. */
export function priceFiles(data: NightDataSet): ImportFile[] {
  const files: ImportFile[] = [];
  let lines: string[] = [];
  let created: NewSeriesChoice[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    files.push({
      name: `gece-fiyatlar-${String(files.length + 1).padStart(2, '0')}.csv`,
      text: ['ticker;date;close', ...lines].join('\n'),
      rows: lines.length,
      newSeries: created,
    });
    lines = [];
    created = [];
  };
  const trDates = data.dates.map(trDate);
  for (const s of data.series) {
    const values: string[] = [];
    s.values.forEach((v, t) => {
      if (!Number.isNaN(v)) values.push(`${s.ticker};${trDates[t]!};${cell(v)}`);
    });
    if (lines.length + values.length > ROWS_PER_FILE) flush();
    lines.push(...values);
    created.push({
      ticker: s.ticker,
      name: s.name,
      kind: s.kind,
      currency: s.currency,
      tenorDays: s.tenorDays ?? null,
    });
  }
  flush();
  return files;
}

/** USD and EUR rates with a 0.08 % forex and 0.4 % banknote half-spread around the mid. */
export function fxFile(data: NightDataSet): ImportFile {
  const rows: unknown[][] = [];
  for (const currency of ['USD', 'EUR'] as const) {
    data.fx[currency].forEach((mid, t) => {
      const r = (x: number) => Math.round(x * 10_000) / 10_000;
      rows.push([
        currency,
        data.dates[t],
        r(mid * 0.9992),
        r(mid * 1.0008),
        r(mid * 0.996),
        r(mid * 1.004),
      ]);
    });
  }
  return {
    name: 'gece-kurlar.csv',
    text: csv(
      ['currency', 'date', 'forexBuying', 'forexSelling', 'banknoteBuying', 'banknoteSelling'],
      rows,
    ),
    rows: rows.length,
  };
}

/** TRY value of one nominal unit on date index t; NaN when the instrument has no price. */
export function unitValue(data: NightDataSet, ins: NightInstrument, t: number): number {
  if (ins.zeroValue) return 0;
  const fx = ins.currency === 'USD' ? data.fx.USD[t]! : 1;
  return ins.price(t) * ins.perUnit * fx;
}

/** Holdings files: every fund on every holdings date, whole dates per file. */
export function holdingsFiles(data: NightDataSet): ImportFile[] {
  const byCode = new Map(data.instruments.map((i) => [i.code, i]));
  const header = [
    'portfolioCode',
    'portfolioDate',
    'investmentInstrumentCode',
    'investmentInstrumentName',
    'investmentInstrumentMainType',
    'currency',
    'nominalValue',
    'currentValue',
  ];
  const files: ImportFile[] = [];
  let rows: unknown[][] = [];
  const flush = () => {
    if (rows.length === 0) return;
    files.push({
      name: `gece-portfoyler-${String(files.length + 1).padStart(2, '0')}.csv`,
      text: csv(header, rows),
      rows: rows.length,
    });
    rows = [];
  };
  for (const t of data.holdingsDates) {
    const day: unknown[][] = [];
    for (const fund of data.funds) {
      for (const p of fund.positions) {
        const ins = byCode.get(p.code)!;
        const value = unitValue(data, ins, t);
        if (Number.isNaN(value)) continue; // not issued yet on that date
        day.push([
          fund.code,
          data.dates[t],
          ins.code,
          ins.row.investmentInstrumentName,
          ins.mainType,
          ins.currency,
          p.nominal,
          Math.round(p.nominal * value * 100) / 100,
        ]);
      }
    }
    if (rows.length + day.length > ROWS_PER_FILE) flush();
    rows.push(...day);
  }
  flush();
  return files;
}

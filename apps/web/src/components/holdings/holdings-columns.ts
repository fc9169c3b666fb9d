import type { ColDef } from 'ag-grid-community';
import {
  columnLabel,
  INSTRUMENT_MAIN_TYPE_LABELS,
  type InstrumentMainType,
} from '@fonrisk/contracts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { HOLDINGS_MESSAGES } from './messages.ts';

/** Keys the grid shows first, in this order; any other key a row carries follows in first-seen order. */
const LEADING_KEYS = [
  'investmentInstrumentCode',
  'investmentInstrumentName',
  'investmentInstrumentMainType',
  'investmentInstrumentSubType',
  'currency',
  'nominalValue',
  'currentValue',
  'weightPct',
  'issuer',
  'issuerGroup',
  'sector',
  'isinCode',
  'MaturityDate',
  'daysOfMaturity',
  'NominalInterestRate',
  'internalDiscountRate',
  'Duration',
] as const;

/** Keys that are the same on every row of one snapshot, so the grid leaves them out. */
const HIDDEN_KEYS = new Set(['portfolioCode', 'portfolioDate']);

/** Headers for the computed columns the dictionary does not know. */
const EXTRA_LABELS: Readonly<Record<string, string>> = {
  weightPct: HOLDINGS_MESSAGES.weightPct,
  issuerGroup: HOLDINGS_MESSAGES.issuerGroup,
};

/** The column header: the dictionary's Turkish label; a key it does not know shows unchanged. */
export function headerFor(key: string): string {
  return EXTRA_LABELS[key] ?? columnLabel(key);
}

export type ColumnFormat =
  'amount' | 'percent' | 'rate' | 'integer' | 'date' | 'boolean' | 'mainType' | 'text';

const FORMATS: Readonly<Record<string, ColumnFormat>> = {
  currentValue: 'amount',
  nominalValue: 'amount',
  dailyValue: 'amount',
  UsdValueOfCurrentValue: 'amount',
  NetReturnAmount: 'amount',
  RepoGuaranteeAmount: 'amount',
  UnitPurchasePrice: 'rate',
  dailyExchangeRate: 'rate',
  Duration: 'rate',
  weightPct: 'percent',
  groupRatio: 'percent',
  totalByFPD: 'percent',
  totalByFTD: 'percent',
  OnRatio: 'percent',
  PortONRatio: 'percent',
  NominalInterestRate: 'percent',
  internalDiscountRate: 'percent',
  daysOfMaturity: 'integer',
  interestPaymentCount: 'integer',
  PurchaseDate: 'date',
  ExecutionDate: 'date',
  MaturityDate: 'date',
  issueDate: 'date',
  redemptionDate: 'date',
  initialPublicOfferingDate: 'date',
  portfolioDate: 'date',
  isForeign: 'boolean',
  investmentInstrumentMainType: 'mainType',
};

export function formatOf(key: string): ColumnFormat {
  return FORMATS[key] ?? 'text';
}

export function isNumericFormat(format: ColumnFormat): boolean {
  return format === 'amount' || format === 'percent' || format === 'rate' || format === 'integer';
}

/** Any other cell as text: strings and numbers as they are, anything structured as JSON. */
function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A cell as text in Turkish formats (1.234.567,89; 21.11.2026; Evet/Hayır; main-type labels). */
export function formatCell(format: ColumnFormat, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'amount':
    case 'percent':
      return typeof value === 'number' ? formatNumber(value, 2) : plainText(value);
    case 'rate':
      return typeof value === 'number' ? formatNumber(value, 4) : plainText(value);
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, 0) : plainText(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : plainText(value);
    case 'boolean':
      return value === true ? HOLDINGS_MESSAGES.yes : HOLDINGS_MESSAGES.no;
    case 'mainType':
      return typeof value === 'string' && Object.hasOwn(INSTRUMENT_MAIN_TYPE_LABELS, value)
        ? INSTRUMENT_MAIN_TYPE_LABELS[value as InstrumentMainType]
        : plainText(value);
    case 'text':
      return plainText(value);
  }
}

/** The columns to show: leading keys that some row carries, then the rest in first-seen order. */
export function columnKeys(rows: readonly Readonly<Record<string, unknown>>[]): string[] {
  const present = new Set<string>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (value !== null && value !== undefined && !HIDDEN_KEYS.has(key)) present.add(key);
    }
  }
  const leading = LEADING_KEYS.filter((k) => present.has(k));
  const rest = [...present].filter((k) => !(LEADING_KEYS as readonly string[]).includes(k));
  return [...leading, ...rest];
}

/** Numbers right-aligned with tabular digits so columns of amounts line up. */
const NUMERIC_CELL_STYLE = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** The name gets the most room; codes such as deposit and fee lines run long. */
function widthOf(key: string, numeric: boolean): number {
  if (key === 'investmentInstrumentName') return 260;
  if (key === 'investmentInstrumentCode') return 180;
  return numeric ? 150 : 140;
}

/**
 * AG Grid column definitions for holdings rows: the Turkish header of each key (a key without a
 * label shows unchanged), tr-TR formatted values, numeric filters on numbers, the code pinned left;
 * headers wrap instead of being cut, and their tooltip is the Turkish header too.
 */
export function holdingsColumnDefs(keys: readonly string[]): ColDef[] {
  return keys.map((key) => {
    const format = formatOf(key);
    const numeric = isNumericFormat(format);
    const def: ColDef = {
      colId: key,
      field: key,
      headerName: headerFor(key),
      headerTooltip: headerFor(key),
      wrapHeaderText: true,
      autoHeaderHeight: true,
      valueFormatter: (params) => formatCell(format, params.value),
      filter: numeric ? 'agNumberColumnFilter' : 'agTextColumnFilter',
      width: widthOf(key, numeric),
    };
    if (numeric) {
      def.cellStyle = NUMERIC_CELL_STYLE;
      def.headerClass = 'fr-grid-header-right';
    }
    if (key === 'investmentInstrumentCode') def.pinned = 'left';
    return def;
  });
}

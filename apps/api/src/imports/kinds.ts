import {
  CashFlowImportRowSchema,
  type CashFlowImportRow,
  CorporateActionInputSchema,
  PriceImportRowSchema,
  type CorporateActionInput,
  type PriceImportRow,
  FxRateRowSchema,
  HoldingRowSchema,
  IMPORT_COLUMNS,
  InstrumentSchema,
  TERMS_KIND_BY_MAIN_TYPE,
  type FxRateRow,
  type HoldingRow,
  type ImportColumn,
  type ImportKind,
  type Instrument,
  type InstrumentMainType,
  type TermsKind,
} from '@fonrisk/contracts';
import type { z } from 'zod';

/** Known codes from the database; when a set is given, rows naming a code outside it are errors. */
export interface ImportLookups {
  readonly portfolioCodes?: ReadonlySet<string>;
  readonly instrumentCodes?: ReadonlySet<string>;
  readonly tickers?: ReadonlySet<string>;
  /** Retired series: a price file naming one is refused. */
  readonly retiredTickers?: ReadonlySet<string>;
  readonly currencies?: ReadonlySet<string>;
}

/** Typed cell values of one row by column key; a blank or absent column is null. */
export type CellValues = Record<string, string | number | boolean | null>;

/** A reason (Turkish, without row or value) attached to a column, or to the whole row. */
export interface RowIssue {
  readonly columnKey: string | null;
  readonly reason: string;
}

export interface ImportRowByKind {
  holdings: HoldingRow;
  prices: PriceImportRow;
  fxRates: FxRateRow;
  instruments: Instrument;
  corporateActions: CorporateActionInput;
  cashFlows: CashFlowImportRow;
}

/** How one kind of file becomes validated rows. */
export interface KindDefinition<T> {
  readonly columns: readonly ImportColumn[];
  readonly schema: z.ZodType<T>;
  /** Shapes the typed cells into the schema's input, reporting cells that do not belong. */
  build(values: CellValues): { input: unknown; issues: RowIssue[] };
  /** The column a schema issue path points at. */
  columnOf(path: readonly PropertyKey[]): string | null;
  /** Checks against known codes. */
  lookup(row: T, lookups: ImportLookups): readonly RowIssue[];
  /** Rows with the same key may not appear twice in one file. */
  readonly uniqueBy?: { readonly columnKey: string; key(row: T): string; reason: string };
}

const flat = (values: CellValues) => ({ input: values, issues: [] });
const firstKey = (path: readonly PropertyKey[]) => (typeof path[0] === 'string' ? path[0] : null);

/** No issue: one shared list for the (many) rows whose codes are all known (decision 0122). */
const NO_ISSUES: readonly RowIssue[] = Object.freeze([]);

/** The issues found; the shared empty list when there is none. */
function issues(...found: (RowIssue | null)[]): readonly RowIssue[] {
  return found.every((f) => f === null) ? NO_ISSUES : found.filter((f) => f !== null);
}

function unknownCode(
  set: ReadonlySet<string> | undefined,
  code: string | null,
  columnKey: string,
  reason: string,
): RowIssue | null {
  return set && code !== null && !set.has(code) ? { columnKey, reason } : null;
}

/** A row of a portfolio that names an instrument: both must be known (holdings, cash flows). */
function portfolioAndInstrument(
  lookups: ImportLookups,
  portfolioCode: string,
  instrumentCode: string | null,
  instrumentColumn: string,
): readonly RowIssue[] {
  return issues(
    unknownCode(lookups.portfolioCodes, portfolioCode, 'portfolioCode', 'bilinmeyen portföy kodu'),
    unknownCode(
      lookups.instrumentCodes,
      instrumentCode,
      instrumentColumn,
      'bilinmeyen yatırım aracı kodu',
    ),
  );
}

const holdings: KindDefinition<HoldingRow> = {
  columns: IMPORT_COLUMNS.holdings,
  schema: HoldingRowSchema,
  build: flat,
  columnOf: firstKey,
  lookup: (row, lookups) =>
    portfolioAndInstrument(
      lookups,
      row.portfolioCode,
      row.investmentInstrumentCode,
      'investmentInstrumentCode',
    ),
};

/**
 * Prices: unknown tickers are not errors here (the import service lists them and creates the
 * series on confirmation, issue 10); `lookups.tickers` still refuses them for callers that pass
 * it. A retired series takes no values.
 */
const prices: KindDefinition<PriceImportRow> = {
  columns: IMPORT_COLUMNS.prices,
  schema: PriceImportRowSchema,
  build: flat,
  columnOf: firstKey,
  lookup: (row, lookups) =>
    issues(
      unknownCode(lookups.tickers, row.ticker, 'ticker', 'bilinmeyen seri kodu'),
      lookups.retiredTickers?.has(row.ticker)
        ? {
            columnKey: 'ticker',
            reason: 'kullanımdan kaldırılmış seri (önce yeniden etkinleştirin)',
          }
        : null,
    ),
  uniqueBy: {
    columnKey: 'date',
    key: (row) => `${row.ticker}\u0000${row.date}`,
    reason: 'aynı sembol ve tarih dosyada daha önce var',
  },
};

const fxRates: KindDefinition<FxRateRow> = {
  columns: IMPORT_COLUMNS.fxRates,
  schema: FxRateRowSchema,
  build: flat,
  columnOf: firstKey,
  lookup: (row, lookups) =>
    issues(unknownCode(lookups.currencies, row.currency, 'currency', 'bilinmeyen döviz kodu')),
  uniqueBy: {
    columnKey: 'date',
    key: (row) => `${row.currency}\u0000${row.date}`,
    reason: 'aynı döviz ve tarih dosyada daha önce var',
  },
};

/** Flat instrument columns that carry each kind of terms; the rest of the columns are common. */
const TERMS_COLUMNS: Readonly<Record<Exclude<TermsKind, 'none'>, readonly string[]>> = {
  bond: [
    'couponType',
    'couponRatePct',
    'couponFrequency',
    'dayCount',
    'issueDate',
    'MaturityDate',
    'referenceIndex',
    'spreadBp',
  ],
  option: ['underlying', 'strike', 'expiryDate', 'optionType', 'exerciseStyle', 'contractSize'],
  future: ['underlying', 'expiryDate', 'contractSize'],
  fund: ['fundCode', 'fundCategory', 'tefasFundType'],
};
const ALL_TERMS_COLUMNS = new Set(Object.values(TERMS_COLUMNS).flat());

/** Schema path → flat column for the few names that differ. */
const INSTRUMENT_PATH_COLUMNS: Readonly<Record<string, string>> = {
  code: 'investmentInstrumentCode',
  name: 'investmentInstrumentName',
  mainType: 'investmentInstrumentMainType',
  subType: 'investmentInstrumentSubType',
  maturityDate: 'MaturityDate',
  kind: 'investmentInstrumentMainType',
};

function buildInstrument(v: CellValues): { input: unknown; issues: RowIssue[] } {
  const mainType = v.investmentInstrumentMainType as InstrumentMainType | null;
  const termsKind = mainType ? TERMS_KIND_BY_MAIN_TYPE[mainType] : 'none';
  const own = new Set(termsKind === 'none' ? [] : TERMS_COLUMNS[termsKind]);
  const issues: RowIssue[] = [];
  for (const key of ALL_TERMS_COLUMNS) {
    if (mainType && !own.has(key) && v[key] !== null) {
      issues.push({
        columnKey: key,
        reason: 'bu ana türdeki araçlar için kullanılmaz; boş bırakın',
      });
    }
  }
  const pick = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, v[k]]));
  const terms =
    termsKind === 'bond'
      ? {
          kind: 'bond',
          ...pick(...TERMS_COLUMNS.bond.filter((k) => k !== 'MaturityDate')),
          maturityDate: v.MaturityDate,
        }
      : termsKind === 'fund'
        ? {
            kind: 'fund',
            ...pick(...TERMS_COLUMNS.fund),
            fundCode: v.fundCode ?? v.investmentInstrumentCode,
          }
        : { kind: termsKind, ...(termsKind === 'none' ? {} : pick(...TERMS_COLUMNS[termsKind])) };
  const input = {
    code: v.investmentInstrumentCode,
    name: v.investmentInstrumentName,
    mainType,
    subType: v.investmentInstrumentSubType,
    currency: v.currency,
    issuer: v.issuer,
    issuerGroup: v.issuerGroup,
    sector: v.sector,
    isinCode: v.isinCode,
    isForeign: v.isForeign ?? false,
    tcmbCode: v.tcmbCode,
    terms,
  };
  return { input, issues };
}

const instruments: KindDefinition<Instrument> = {
  columns: IMPORT_COLUMNS.instruments,
  schema: InstrumentSchema,
  build: buildInstrument,
  columnOf: (path) => {
    const last = path[path.length - 1];
    if (typeof last !== 'string') return null;
    return INSTRUMENT_PATH_COLUMNS[last] ?? last;
  },
  lookup: () => NO_ISSUES,
  uniqueBy: {
    columnKey: 'investmentInstrumentCode',
    key: (row) => row.code,
    reason: 'aynı araç kodu dosyada daha önce var',
  },
};

const corporateActions: KindDefinition<CorporateActionInput> = {
  columns: IMPORT_COLUMNS.corporateActions,
  schema: CorporateActionInputSchema,
  build: flat,
  columnOf: firstKey,
  lookup: (row, lookups) =>
    issues(
      unknownCode(
        lookups.instrumentCodes,
        row.instrumentCode,
        'instrumentCode',
        'bilinmeyen yatırım aracı kodu',
      ),
    ),
  uniqueBy: {
    columnKey: 'exDate',
    key: (row) => `${row.instrumentCode}\u0000${row.kind}\u0000${row.exDate}`,
    reason: 'aynı araç, işlem türü ve tarih dosyada daha önce var',
  },
};

/** Cash flows of portfolios (issue 13): the portfolio and a transferred security must be known. */
const cashFlows: KindDefinition<CashFlowImportRow> = {
  columns: IMPORT_COLUMNS.cashFlows,
  schema: CashFlowImportRowSchema,
  build: flat,
  columnOf: firstKey,
  lookup: (row, lookups) =>
    portfolioAndInstrument(lookups, row.portfolioCode, row.instrumentCode, 'instrumentCode'),
};

export const KIND_DEFINITIONS: { readonly [K in ImportKind]: KindDefinition<ImportRowByKind[K]> } =
  {
    holdings,
    prices,
    fxRates,
    instruments,
    corporateActions,
    cashFlows,
  };

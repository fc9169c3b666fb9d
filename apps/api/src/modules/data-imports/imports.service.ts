import { fxRates, marketSeries, portfolios, sql, type Database } from '@fonrisk/db';
import {
  CACHED_FORMULA_CELLS_LISTED,
  type ImportKind,
  type ImportResponse,
} from '@fonrisk/contracts';
import { parseImportFile, type ImportLookups } from '../../imports/index.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { importInstruments } from '../instruments/instruments-import.ts';
import { instrumentCodes } from '../instruments/instruments.repository.ts';
import { importFxRates } from '../market-data/fx-import.ts';
import { importCashFlows } from './cash-flows-import.ts';
import { importCorporateActions } from './corporate-actions-import.ts';
import { importHoldings } from './holdings-import.ts';
import { toRowErrors } from './import-labels.ts';
import type { ImportOptions, KindImport } from './import-writes.ts';
import { ImportRejectedError } from './imports.errors.ts';
import { importPrices } from './prices-import.ts';
import { readImportSettings } from './import-settings.repository.ts';
import { releaseHeapSoon } from '../../shared/release-heap.ts';

export type { ImportOptions } from './import-writes.ts';
export type ImportsService = ReturnType<typeof createImportsService>;

/** Each kind's import of its parsed rows, one file each (import-writes.ts: what they share). */
const KIND_IMPORTS: { readonly [K in ImportKind]: KindImport<K> } = {
  holdings: importHoldings,
  prices: importPrices,
  fxRates: importFxRates,
  instruments: importInstruments,
  corporateActions: importCorporateActions,
  cashFlows: importCashFlows,
};

/** Currencies TCMB publishes (plus gold), accepted in FX-rate files besides those already stored. */
const TCMB_CURRENCIES = [
  'USD',
  'AUD',
  'DKK',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'CAD',
  'KWD',
  'NOK',
  'SAR',
  'JPY',
  'BGN',
  'RON',
  'RUB',
  'IRR',
  'CNY',
  'PKR',
  'QAR',
  'KRW',
  'AZN',
  'AED',
  'XDR',
  'XAU',
];

/**
 * All-or-nothing imports: the file is parsed and every row validated (with the codes the
 * database knows) before anything is written; then everything is written in one transaction.
 */
export function createImportsService(db: Database) {
  async function lookups(kind: ImportKind): Promise<ImportLookups> {
    switch (kind) {
      // Unknown portfolio codes are no row errors: planNewPortfolios lists them for confirmation.
      case 'holdings':
        return { instrumentCodes: await instrumentCodes(db) };
      case 'prices': {
        const rows = await db
          .select({ ticker: marketSeries.ticker })
          .from(marketSeries)
          .where(sql`${marketSeries.retiredAt} IS NOT NULL`);
        return { retiredTickers: new Set(rows.map((r) => r.ticker)) };
      }
      case 'corporateActions':
        return { instrumentCodes: await instrumentCodes(db) };
      case 'fxRates': {
        const rows = await db.selectDistinct({ currency: fxRates.currency }).from(fxRates);
        return { currencies: new Set([...TCMB_CURRENCIES, ...rows.map((r) => r.currency)]) };
      }
      case 'cashFlows': {
        const rows = await db.select({ code: portfolios.code }).from(portfolios);
        return {
          portfolioCodes: new Set(rows.map((r) => r.code)),
          instrumentCodes: await instrumentCodes(db),
        };
      }
      case 'instruments':
        return {};
    }
  }

  return {
    /**
     * `actor` null: the scheduler (FTP pulls).
     */
    async importFile(
      actor: AuditActor | null,
      kind: ImportKind,
      data: Uint8Array,
      fileName: string,
      options: ImportOptions,
    ): Promise<ImportResponse> {
      try {
        return await importKindFile(actor, kind, data, fileName, options);
      } finally {
        // Accepted or refused, the file's rows are garbage now (decision 0121).
        releaseHeapSoon();
      }
    },
  };

  // K ties the kind to its own rows and its own import (one kind, not the union of all).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async function importKindFile<K extends ImportKind>(
    actor: AuditActor | null,
    kind: K,
    data: Uint8Array,
    fileName: string,
    options: ImportOptions,
  ): Promise<ImportResponse> {
    const parsed = await parseImportFile(kind, data, {
      // Read once the file's headers are known: a file refused before costs no query.
      load: async () => ({
        lookups: await lookups(kind),
        defaultNumberFormat: options.numberFormat ?? (await readImportSettings(db)).numberFormat,
      }),
    });
    if (!parsed.ok) throw new ImportRejectedError(toRowErrors(kind, parsed.errors));
    const importKind: KindImport<K> = KIND_IMPORTS[kind];
    const written = await importKind(db, {
      actor,
      rows: parsed.rows,
      rowNumbers: parsed.rowNumbers,
      blankColumns: parsed.blankColumns,
      fileName,
      options,
      ambiguousNumbers: options.acceptWarnings ? [] : parsed.ambiguousNumbers,
    });
    // Cells read from a saved formula result are named in the answer (decision 0056).
    return {
      ...written,
      cachedFormulaCount: parsed.cachedFormulaCells.length,
      cachedFormulaCells: parsed.cachedFormulaCells.slice(0, CACHED_FORMULA_CELLS_LISTED),
    };
  }
}

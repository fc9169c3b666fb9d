import { inArray, instruments, type Executor } from '@fonrisk/db';
import type { FieldChange, Instrument, InstrumentTerms } from '@fonrisk/contracts';
import {
  columnLabel,
  mergeFields,
  StoredFieldsChangeError,
} from '../data-imports/field-changes.ts';
import { confirmedImport, NOTHING_MORE } from '../data-imports/import-writes.ts';
import { fromInstrument, toInstrument, upsertInstruments } from './instruments.repository.ts';

type FieldValue = FieldChange['old'];
type Flat = Record<string, FieldValue>;

/** Attributes of the master and the template column of each. */
const ATTRIBUTES = [
  { key: 'name', column: 'investmentInstrumentName' },
  { key: 'mainType', column: 'investmentInstrumentMainType' },
  { key: 'subType', column: 'investmentInstrumentSubType' },
  { key: 'currency', column: 'currency' },
  { key: 'issuer', column: 'issuer' },
  { key: 'issuerGroup', column: 'issuerGroup' },
  { key: 'sector', column: 'sector' },
  { key: 'isinCode', column: 'isinCode' },
  { key: 'isForeign', column: 'isForeign' },
  { key: 'tcmbCode', column: 'tcmbCode' },
] as const;

/** The template column of a terms field (the template spells the maturity `MaturityDate`). */
const termsColumn = (key: string) => (key === 'maturityDate' ? 'MaturityDate' : key);

/**
 * An instruments file (issue 22): an optional column the file lacks or leaves blank never erases
 * a stored attribute (issuer, issuer group, sector and ISIN drive the concentration limits); every
 * stored attribute the file changes is listed (code, field, old, new) and written only on
 * confirmation. Terms of the same kind merge field by field; a changed main type brings the
 * file's terms. Written in code order.
 */
async function writeInstrumentImport(
  tx: Executor,
  rows: readonly Instrument[],
  blankColumns: readonly (readonly string[])[],
  confirmReplace: boolean,
): Promise<{
  inserted: number;
  updated: number;
  fieldChanges: FieldChange[];
  replaced: Instrument[];
}> {
  const order = rows
    .map((row, i) => ({ row, blank: new Set(blankColumns[i] ?? []) }))
    .sort((a, b) => (a.row.code < b.row.code ? -1 : a.row.code > b.row.code ? 1 : 0));
  const stored = new Map(
    order.length === 0
      ? []
      : (
          await tx
            .select()
            .from(instruments)
            .where(
              inArray(
                instruments.code,
                order.map((o) => o.row.code),
              ),
            )
            .orderBy(instruments.code)
            .for('update')
        ).map((r) => [r.code, toInstrument(r)]),
  );
  const fieldChanges: FieldChange[] = [];
  const replaced: Instrument[] = [];
  const merged = order.map(({ row, blank }) => {
    const old = stored.get(row.code);
    const change = (column: string, before: FieldValue, after: FieldValue) => ({
      record: row.code,
      date: null,
      field: column,
      label: columnLabel('instruments', column),
      old: before,
      new: after,
    });
    const top = mergeFields(
      ATTRIBUTES,
      old as unknown as Flat | undefined,
      row as unknown as Flat,
      blank,
      change,
    );
    const sameKind = old !== undefined && old.terms.kind === row.terms.kind;
    const termFields = Object.keys(row.terms)
      .filter((k) => k !== 'kind')
      .map((key) => ({ key, column: termsColumn(key) }));
    const terms = mergeFields(
      termFields,
      sameKind ? old.terms : undefined,
      row.terms,
      blank,
      change,
    );
    const changes = [...top.changes, ...terms.changes];
    if (old !== undefined && changes.length > 0) replaced.push(old);
    fieldChanges.push(...changes);
    return {
      ...row,
      ...top.merged,
      terms: { ...terms.merged, kind: row.terms.kind } as InstrumentTerms,
    };
  });
  if (fieldChanges.length > 0 && !confirmReplace) throw new StoredFieldsChangeError(fieldChanges);
  const inserted = await upsertInstruments(tx, merged.map(fromInstrument));
  return { inserted, updated: merged.length - inserted, fieldChanges, replaced };
}

/** An instruments file as an import (the replaced instruments kept in the audit entry). */
export const importInstruments = confirmedImport('instruments', async (tx, request) => {
  const { replaced, ...result } = await writeInstrumentImport(
    tx,
    request.rows,
    request.blankColumns,
    request.options.confirmReplace,
  );
  return {
    written: { replacedSnapshots: [], ...NOTHING_MORE, ...result },
    before: replaced.length > 0 ? { replacedInstruments: replaced } : null,
  };
});

import { IMPORT_COLUMNS, type FieldChange, type ImportKind } from '@fonrisk/contracts';
import { ConflictError } from '../../shared/domain-errors.ts';

type FieldValue = FieldChange['old'];

/** The Turkish label of a template column, by key. */
export function columnLabel(kind: ImportKind, key: string): string {
  return IMPORT_COLUMNS[kind].find((c) => c.key === key)?.label ?? key;
}

/** A value as the user reads it in a message: tr-TR numbers, Evet/Hayır, '(boş)'. */
function shown(value: FieldValue): string {
  if (value === null) return '(boş)';
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number')
    return value.toLocaleString('tr-TR', { maximumFractionDigits: 10 });
  return value;
}

function shownDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}

/**
 * 409 of an FX-rate or instrument import (issue 22): the file would change stored attributes.
 * Every change is listed (record, date, field, old, new); nothing is written until the user
 * confirms (confirmReplace).
 */
export class StoredFieldsChangeError extends ConflictError {
  constructor(override readonly fieldChanges: readonly FieldChange[]) {
    const list = fieldChanges
      .slice(0, 10)
      .map(
        (c) =>
          `${c.record}${c.date === null ? '' : ` ${shownDate(c.date)}`} ${c.label}: ${shown(c.old)} → ${shown(c.new)}`,
      )
      .join('; ');
    super(
      `Kayıtlı ${String(fieldChanges.length)} değer değişecek: ${list}${fieldChanges.length > 10 ? '…' : ''}. Değiştirmek için onaylayın; hiçbir kayıt yazılmadı.`,
    );
  }
}

/**
 * Merges an incoming record into the stored one: a field the file leaves blank (or lacks) keeps
 * its stored value; the others take the file's. Answers the merged fields and their changes.
 */
export function mergeFields(
  fields: readonly { readonly key: string; readonly column: string }[],
  stored: Readonly<Record<string, FieldValue>> | undefined,
  incoming: Readonly<Record<string, FieldValue>>,
  blank: ReadonlySet<string>,
  change: (column: string, old: FieldValue, next: FieldValue) => FieldChange,
): { merged: Record<string, FieldValue>; changes: FieldChange[] } {
  const merged: Record<string, FieldValue> = { ...incoming };
  const changes: FieldChange[] = [];
  if (stored === undefined) return { merged, changes };
  for (const { key, column } of fields) {
    const old = stored[key] ?? null;
    if (blank.has(column)) merged[key] = old;
    const next = merged[key] ?? null;
    if (next !== old) changes.push(change(column, old, next));
  }
  return { merged, changes };
}

// The Turkish labels of an import's columns in its messages: a file's header, whatever spelling of
// a column it uses (key, label or alias, folded), is named by the column's label.
import { IMPORT_COLUMNS, type ImportKind } from '@fonrisk/contracts';
import { normalizeName, type ImportError } from '../../imports/index.ts';
import type { RowError } from './imports.errors.ts';

/** Per kind, built once: each folded spelling of a header → the label of the first column it names. */
const LABELS_BY_NAME = new Map<ImportKind, ReadonlyMap<string, string>>();

function labelsByName(kind: ImportKind): ReadonlyMap<string, string> {
  const known = LABELS_BY_NAME.get(kind);
  if (known) return known;
  const labels = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[kind]) {
    for (const name of [c.key, c.label, ...(c.aliases ?? [])]) {
      const folded = normalizeName(name);
      if (!labels.has(folded)) labels.set(folded, c.label);
    }
  }
  LABELS_BY_NAME.set(kind, labels);
  return labels;
}

/** The Turkish label of the column a file header names (the header itself when unknown). */
export function labelOf(kind: ImportKind, header: string | null): string {
  if (header === null) return 'Dosya';
  return labelsByName(kind).get(normalizeName(header)) ?? header;
}

/** The parser's errors as the API's row errors, each naming its column by its label. */
export function toRowErrors(kind: ImportKind, errors: readonly ImportError[]): RowError[] {
  return errors.map((e) => ({
    ...(e.row === null ? {} : { row: e.row }),
    field: labelOf(kind, e.column),
    value: e.value,
    message: e.message,
  }));
}

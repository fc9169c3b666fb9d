import type { NumberFormat } from '@fonrisk/contracts';

/**
 * How a file writes its numbers (issue 21, decision 0047). Turkish files write "1.234,56" (dot
 * groups thousands, comma marks decimals); international files write "1,234.56". Most cells show
 * which: a comma or dot followed by other than three digits is a decimal mark, repeated dots or
 * commas are thousands groups, both together settle it. Only one form is ambiguous: one to three
 * digits (not starting with 0), one separator, then exactly three digits ("276.000", "1,250").
 */
export type { NumberFormat };
export const NUMBER_FORMATS: readonly NumberFormat[] = ['tr', 'intl'];

/** The format's name for Turkish messages. */
export const NUMBER_FORMAT_NAMES: Readonly<Record<NumberFormat, string>> = {
  tr: 'Türkçe (1.234,56)',
  intl: 'uluslararası (1,234.56)',
};

/** What a text cell says about the number format, and its value under each reading. */
export type NumberForm =
  /** No separator ("1905331", "-12", "1e5"): the same under both formats. */
  | { readonly kind: 'plain'; readonly value: number }
  /** A form only one format writes ("1.234,56", "0,5", "33.000.000", "1.5"). */
  | { readonly kind: 'clear'; readonly format: NumberFormat; readonly value: number }
  /** "276.000": 276000 in Turkish, 276 in the international format. */
  | {
      readonly kind: 'ambiguous';
      readonly values: Readonly<Record<NumberFormat, number>>;
    }
  | { readonly kind: 'invalid' };

const INVALID: NumberForm = { kind: 'invalid' };
const SHAPE = /^([+-]?)([\d.,]*?)(e[+-]?\d+)?$/i;
const AMBIGUOUS = /^[1-9]\d{0,2}[.,]\d{3}$/;
const ONE_SEPARATOR = /^\d*[.,]\d+$/;
const GROUPED: Readonly<Record<NumberFormat, RegExp>> = {
  tr: /^\d{1,3}(\.\d{3})+(,\d+)?$/,
  intl: /^\d{1,3}(,\d{3})+(\.\d+)?$/,
};
/** Decimal mark and thousands separator of each format. */
const MARKS: Readonly<Record<NumberFormat, { decimal: string; group: string }>> = {
  tr: { decimal: ',', group: '.' },
  intl: { decimal: '.', group: ',' },
};

function valueIn(format: NumberFormat, sign: string, body: string, exponent: string): number {
  const { decimal, group } = MARKS[format];
  const n = Number(`${sign}${body.replaceAll(group, '').replace(decimal, '.')}${exponent}`);
  return n;
}

function finite(form: NumberForm): NumberForm {
  if (form.kind === 'plain' || form.kind === 'clear')
    return Number.isFinite(form.value) ? form : INVALID;
  if (form.kind === 'ambiguous')
    return Number.isFinite(form.values.tr) && Number.isFinite(form.values.intl) ? form : INVALID;
  return form;
}

const MINUS = 45;
const COMMA = 44;
const DOT = 46;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The form of the cells most files hold, read without a regular expression: digits, at most one
 * comma or dot between digits, an optional leading minus, nothing else ("45,5", "-1250", "0.25").
 * Null for any other text, which the general reading below classifies. The same forms and values
 * as that reading (number-format.test.ts compares them on generated cells, decision 0122).
 */
function simpleNumber(text: string): NumberForm | null {
  const start = text.charCodeAt(0) === MINUS ? 1 : 0;
  let mark = -1;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) continue;
    if ((c !== COMMA && c !== DOT) || mark !== -1) return null;
    mark = i;
  }
  if (mark === -1)
    return text.length > start ? finite({ kind: 'plain', value: Number(text) }) : null;
  if (mark === start || mark === text.length - 1) return null;
  const format: NumberFormat = text.charCodeAt(mark) === COMMA ? 'tr' : 'intl';
  const decimal =
    format === 'intl' ? Number(text) : Number(`${text.slice(0, mark)}.${text.slice(mark + 1)}`);
  // AMBIGUOUS: one to three digits not starting with 0, the mark, exactly three digits. The
  // other format reads the mark as a thousands group.
  if (mark - start <= 3 && text.length - mark - 1 === 3 && text.charCodeAt(start) !== 48) {
    const grouped = Number(text.slice(0, mark) + text.slice(mark + 1));
    return finite({
      kind: 'ambiguous',
      values: format === 'tr' ? { tr: decimal, intl: grouped } : { tr: grouped, intl: decimal },
    });
  }
  return finite({ kind: 'clear', format, value: decimal });
}

/** Classifies a text cell (spaces and no-break spaces between digits are ignored). */
export function classifyNumber(text: string): NumberForm {
  return simpleNumber(text) ?? classifyAnyNumber(text);
}

/** The general reading of a text cell: signs, exponents, spaces, thousands groups. */
export function classifyAnyNumber(text: string): NumberForm {
  const s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const m = SHAPE.exec(s);
  const sign = m?.[1] ?? '';
  const body = m?.[2] ?? '';
  const exponent = m?.[3] ?? '';
  if (!/\d/.test(body)) return INVALID;
  if (/^\d+$/.test(body)) return finite({ kind: 'plain', value: Number(s) });
  const lastMark = body.includes(',') && body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
  if (ONE_SEPARATOR.test(body)) {
    if (AMBIGUOUS.test(body) && exponent === '') {
      return finite({
        kind: 'ambiguous',
        values: { tr: valueIn('tr', sign, body, ''), intl: valueIn('intl', sign, body, '') },
      });
    }
    const format: NumberFormat = lastMark === ',' ? 'tr' : 'intl';
    return finite({ kind: 'clear', format, value: valueIn(format, sign, body, exponent) });
  }
  if (exponent !== '') return INVALID;
  for (const format of NUMBER_FORMATS) {
    if (GROUPED[format].test(body))
      return finite({ kind: 'clear', format, value: valueIn(format, sign, body, '') });
  }
  return INVALID;
}

/** The cell's value read in `format`; undefined when the cell is written in the other format. */
export function numberIn(form: NumberForm, format: NumberFormat): number | undefined {
  switch (form.kind) {
    case 'plain':
      return form.value;
    case 'clear':
      return form.format === format ? form.value : undefined;
    case 'ambiguous':
      return form.values[format];
    case 'invalid':
      return undefined;
  }
}

/** A number as the user would write it in a format (for messages showing both readings). */
export function writeNumber(value: number, format: NumberFormat): string {
  return value.toLocaleString(format === 'tr' ? 'tr-TR' : 'en-US', {
    maximumFractionDigits: 12,
    useGrouping: true,
  });
}

/** A text cell of a number column. `column` is the header as written in the file. */
export interface NumberCell {
  readonly row: number;
  readonly column: string;
  readonly text: string;
  readonly form: NumberForm;
}

/** Where a scope's format came from: its cells, the Turkish header, or the user's default. */
export type FormatSource = 'values' | 'header' | 'default';

export interface FormatDecision {
  readonly format: NumberFormat;
  readonly source: FormatSource;
  /** Cells written in the other format than the scope's clear evidence, with that evidence. */
  readonly conflicts: readonly { readonly cell: NumberCell; readonly evidence: NumberCell }[];
  /** Ambiguous cells read by the user's default: each one is a warning to confirm. */
  readonly ambiguous: readonly NumberCell[];
}

/**
 * The format of one scope (a CSV file, or one column of an Excel sheet): any clear cell fixes it
 * (when cells disagree, the format most cells show wins and the others are conflicts); without
 * one, a Turkish header makes it Turkish; else the user's default, and every ambiguous cell is
 * listed.
 */
export function decideFormat(
  cells: readonly NumberCell[],
  turkishHeader: boolean,
  fallback: NumberFormat,
): FormatDecision {
  const clear = cells.filter((c) => c.form.kind === 'clear');
  const formatOf = (c: NumberCell) => (c.form.kind === 'clear' ? c.form.format : null);
  if (clear.length > 0) {
    const tr = clear.filter((c) => formatOf(c) === 'tr').length;
    const intl = clear.length - tr;
    const format: NumberFormat =
      tr === intl ? (formatOf(clear[0]!) ?? fallback) : tr > intl ? 'tr' : 'intl';
    const evidence = clear.find((c) => formatOf(c) === format)!;
    const conflicts = clear
      .filter((c) => formatOf(c) !== format)
      .map((cell) => ({ cell, evidence }));
    return { format, source: 'values', conflicts, ambiguous: [] };
  }
  if (turkishHeader) return { format: 'tr', source: 'header', conflicts: [], ambiguous: [] };
  return {
    format: fallback,
    source: 'default',
    conflicts: [],
    ambiguous: cells.filter((c) => c.form.kind === 'ambiguous'),
  };
}

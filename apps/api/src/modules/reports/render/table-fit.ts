import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ResultColumn, ResultTable } from '@fonrisk/contracts';
import { formatCell, isNumericFormat } from './format.ts';

const require = createRequire(import.meta.url);

interface FontkitFont {
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { readonly advanceWidth: number };
}

export const ROBOTO_DIR = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

let fonts: { readonly regular: FontkitFont; readonly bold: FontkitFont } | null = null;

/**
 * The PDF's own fonts, measured with the font library pdfmake draws with (pdfmake → pdfkit →
 * fontkit): a width computed here is the width pdfmake lays out, so a table is sized before it is
 * drawn, never after it ran off the page. Opened at the first measure, not when a process that
 * may never render a PDF imports the reports module (decision 0066).
 */
function pdfFonts(): { readonly regular: FontkitFont; readonly bold: FontkitFont } {
  if (fonts) return fonts;
  const requireFromPdfkit = createRequire(
    createRequire(require.resolve('pdfmake')).resolve('pdfkit'),
  );
  const fontkit = requireFromPdfkit('fontkit') as { openSync(path: string): FontkitFont };
  fonts = {
    regular: fontkit.openSync(join(ROBOTO_DIR, 'Roboto-Regular.ttf')),
    bold: fontkit.openSync(join(ROBOTO_DIR, 'Roboto-Medium.ttf')),
  };
  return fonts;
}

/** Stand-ins for characters the PDF font has no glyph for (they would print as nothing). */
const STAND_INS: Readonly<Record<string, string>> = { '→': '->', '←': '<-', '↑': '+', '↓': '-' };

/**
 * Measured and printable texts, remembered (a report measures the same figures at every font size
 * it tries; issue 24's speed). Emptied when large: a long-running worker keeps no unbounded map.
 */
const CACHE_LIMIT = 100_000;
function remembered<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  const known = cache.get(key);
  if (known !== undefined) return known;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const value = compute();
  cache.set(key, value);
  return value;
}
const printables = new Map<string, string>();
const unitWidths = [new Map<string, number>(), new Map<string, number>()] as const;

/** A text as the PDF can print it: a character the font lacks becomes its stand-in (or "?"). */
export function printable(text: string): string {
  return remembered(printables, text, () => substitute(text));
}

function substitute(text: string): string {
  const { regular } = pdfFonts();
  let out = '';
  for (const ch of text)
    out +=
      regular.hasGlyphForCodePoint(ch.codePointAt(0)!) || /\s/.test(ch)
        ? ch
        : (STAND_INS[ch] ?? '?');
  return out;
}

/** Width in points of one line of text at a font size. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const font = bold ? pdfFonts().bold : pdfFonts().regular;
  // The width is the laid-out width at 1 pt times the size (fontkit's layout has no size).
  const unit = remembered(
    unitWidths[bold ? 1 : 0],
    text,
    () => font.layout(text).advanceWidth / font.unitsPerEm,
  );
  return unit * fontSize;
}

/** Font size of a table's cells and the smallest it may shrink to before the table is split. */
export const TABLE_FONT_SIZE = 7;
export const TABLE_FONT_FLOOR = 5.5;
/** Left + right padding of a cell (the layout's paddingLeft/paddingRight, 3 pt each). */
export const CELL_PADDING = 3;
/** A rounding reserve per column (fontkit's and pdfmake's sums may differ in the last digit). */
const SLACK = 1;
/** Key columns repeated in every part of a split table: at most this many, this share of the page. */
const MAX_KEY_COLUMNS = 2;
const MAX_KEY_SHARE = 0.4;

/** One printable part of a table: its columns, each column's content width and the font size. */
export interface TablePart {
  readonly columns: readonly ResultColumn[];
  readonly widths: readonly number[];
  readonly fontSize: number;
}

interface ColumnNeed {
  /** Narrowest content width: the longest unbreakable word (numbers and dates never break). */
  readonly min: number;
  /** Width of the longest line unwrapped (what a text column would like). */
  readonly natural: number;
}

/** Texts up to this many characters never wrap in a cell (statuses, short names). */
const SHORT_LABEL_CHARS = 16;

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

function need(table: ResultTable, column: ResultColumn, fontSize: number): ColumnNeed {
  let min = Math.max(0, ...words(column.label).map((w) => textWidth(w, fontSize, true)));
  let natural = textWidth(column.label, fontSize, true);
  const wraps = !isNumericFormat(column.format) && column.format !== 'date';
  for (const row of table.rows) {
    const text = printable(formatCell(column.format, row[column.key]));
    const full = textWidth(text, fontSize);
    natural = Math.max(natural, full);
    // A short label (a status such as "Limit Aşımı", a code) is kept whole, like a badge.
    const breaks = wraps && text.length > SHORT_LABEL_CHARS;
    min = Math.max(
      min,
      breaks ? Math.max(0, ...words(text).map((w) => textWidth(w, fontSize))) : full,
    );
  }
  return { min: min + SLACK, natural: natural + SLACK };
}

const outer = (content: number) => content + 2 * CELL_PADDING;

/**
 * Content widths of columns in `available` points: each gets its minimum, then the rest goes to
 * the columns that would like more (wrapping text), in proportion to what they lack; figures keep
 * their one line. Null when even the minimums do not fit.
 */
function share(needs: readonly ColumnNeed[], available: number): number[] | null {
  const minTotal = needs.reduce((s, n) => s + outer(n.min), 0);
  if (minTotal > available) return null;
  const lack = needs.map((n) => n.natural - n.min);
  const lackTotal = lack.reduce((s, x) => s + x, 0);
  const spare = available - minTotal;
  if (lackTotal <= spare) {
    // Everything fits unwrapped: the spare room goes to every column evenly.
    const even = (spare - lackTotal) / needs.length;
    return needs.map((n) => n.natural + even);
  }
  return needs.map((n, i) => n.min + (spare * lack[i]!) / lackTotal);
}

/**
 * Fits a result table into a page width (docs/decisions/0053-reports-for-the-board.md): every
 * column at the cell font size, else at a smaller size down to the floor, else split into parts
 * that each repeat the table's leading key columns (code, name, date) and carry as many of the
 * remaining columns as fit at the floor size. No column ever runs past the right edge.
 */
export function fitTable(table: ResultTable, available: number): TablePart[] {
  const { columns } = table;
  for (let size = TABLE_FONT_SIZE; size >= TABLE_FONT_FLOOR - 1e-9; size -= 0.5) {
    const widths = share(
      columns.map((c) => need(table, c, size)),
      available,
    );
    if (widths) return [{ columns, widths, fontSize: size }];
  }
  const size = TABLE_FONT_FLOOR;
  const needs = columns.map((c) => need(table, c, size));
  let keyCount = 0;
  let keyWidth = 0;
  while (
    keyCount < Math.min(MAX_KEY_COLUMNS, columns.length - 1) &&
    !isNumericFormat(columns[keyCount]!.format) &&
    keyWidth + outer(needs[keyCount]!.min) <= available * MAX_KEY_SHARE
  ) {
    keyWidth += outer(needs[keyCount]!.min);
    keyCount += 1;
  }
  const groups: number[][] = [];
  let current: number[] = [];
  let used = keyWidth;
  for (let i = keyCount; i < columns.length; i++) {
    const w = outer(Math.min(needs[i]!.min, available - keyWidth - 2 * CELL_PADDING));
    if (current.length > 0 && used + w > available) {
      groups.push(current);
      current = [];
      used = keyWidth;
    }
    current.push(i);
    used += w;
  }
  if (current.length > 0) groups.push(current);
  const keys = columns.slice(0, keyCount).map((_, i) => i);
  return groups.map((group) => {
    const indices = [...keys, ...group];
    const partNeeds = indices.map((i) => needs[i]!);
    // A lone column wider than the page (a very long word) is given the page: it wraps there.
    const widths = share(partNeeds, available) ?? partNeeds.map(() => 0);
    const fallback = (available - indices.length * 2 * CELL_PADDING) / indices.length;
    return {
      columns: indices.map((i) => columns[i]!),
      widths: widths.some((w) => w === 0) ? indices.map(() => fallback) : widths,
      fontSize: size,
    };
  });
}

import type ExcelJS from 'exceljs';
import {
  CriteriaSetSchema,
  CriterionRuleSchema,
  type AmbiguousNumber,
  type CriteriaSet,
  type CriterionRule,
  type NumberFormat,
} from '@fonrisk/contracts';
import { normalizeName, readNumber } from '../../imports/cells.ts';
import type { NumberCell } from '../../imports/number-format.ts';
import { decideScopeFormats, isTurkishHeader, numberCell } from '../../imports/parse-import.ts';
import type { FieldError } from '../../shared/domain-errors.ts';
import { CriteriaFileError } from './internal-audit.errors.ts';
import { newWorkbook } from '../../shared/excel-workbook.ts';

/**
 * Criteria sets as files: JSON (`{ format: 'fonrisk-criteria', version: 1, criteria: [...] }`)
 * or Excel (one criterion per row, Turkish headers, filters as JSON text in their cell). Both
 * are checked rule by rule with the contracts schema; every problem names the criterion (or
 * row) and the field in Turkish, and one problem refuses the whole file. An Excel column is named
 * by its Turkish header or, as in every import, by its key (the rule path, 'measure.threshold').
 * Its numbers follow the number-format rule of every import (decision 0047): numeric cells are
 * numbers; text cells are read per column by their clear form, else by a Turkish header, else by
 * the user's default with each ambiguous cell listed for confirmation.
 */

interface Column {
  readonly header: string;
  /** Path in the rule ('measure.threshold'). */
  readonly path: string;
  readonly kind: 'text' | 'number' | 'bool' | 'list' | 'json';
}

const COLUMNS: readonly Column[] = [
  { header: 'Kod', path: 'code', kind: 'text' },
  { header: 'Ad', path: 'name', kind: 'text' },
  { header: 'Açıklama', path: 'description', kind: 'text' },
  { header: 'Grup', path: 'group', kind: 'text' },
  { header: 'Kaynak', path: 'source', kind: 'text' },
  { header: 'Teyitli', path: 'confirmed', kind: 'bool' },
  { header: 'Ölçüm', path: 'measure.aggregation', kind: 'text' },
  { header: 'Gruplama', path: 'measure.groupBy', kind: 'text' },
  { header: 'Eşik', path: 'measure.threshold', kind: 'number' },
  { header: 'Mevduat Kuralı', path: 'measure.depositTreatment', kind: 'text' },
  { header: 'Karşılaştırma', path: 'comparison.kind', kind: 'text' },
  { header: 'Limit', path: 'comparison.limit', kind: 'number' },
  { header: 'Alt Sınır', path: 'comparison.min', kind: 'number' },
  { header: 'Üst Sınır', path: 'comparison.max', kind: 'number' },
  { header: 'Önem', path: 'severity', kind: 'text' },
  { header: 'Portföyler', path: 'scope.portfolioCodes', kind: 'list' },
  { header: 'Fon Kategorileri', path: 'scope.fundCategories', kind: 'list' },
  { header: 'Yürürlük Tarihi', path: 'effectiveFrom', kind: 'text' },
  { header: 'Düzeltme Süresi (Gün)', path: 'cureDays', kind: 'number' },
  { header: 'Etkin', path: 'enabled', kind: 'bool' },
  { header: 'Filtreler (JSON)', path: 'filters', kind: 'json' },
];

/** Turkish names of rule fields for messages. */
const FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  COLUMNS.map((c) => [c.path, c.header]),
);

function fieldLabel(path: readonly PropertyKey[]): string {
  const dotted = path.map(String).join('.');
  for (let n = path.length; n > 0; n--) {
    const label = FIELD_LABELS[path.slice(0, n).map(String).join('.')];
    if (label)
      return n === path.length ? label : `${label} (${path.slice(n).map(String).join('.')})`;
  }
  return dotted;
}

function get(rule: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) =>
        typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined,
      rule,
    );
}

function set(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = target;
  for (const k of keys.slice(0, -1)) {
    o[k] ??= {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys[keys.length - 1]!] = value;
}

/** The rules of a parsed file, or every problem with the criterion and field named. */
function checkRules(raw: unknown[], where: (i: number) => string): CriterionRule[] {
  const errors: FieldError[] = [];
  const rules: CriterionRule[] = [];
  raw.forEach((r, i) => {
    const parsed = CriterionRuleSchema.safeParse(r);
    if (parsed.success) rules.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        errors.push({
          field: fieldLabel(issue.path),
          message: `${where(i)}, ${fieldLabel(issue.path)}: ${issue.message}`,
        });
  });
  const seen = new Map<string, number>();
  rules.forEach((r, i) => {
    const prev = seen.get(r.code);
    if (prev !== undefined)
      errors.push({
        field: 'Kod',
        message: `${where(i)}, Kod: '${r.code}' dosyada birden fazla kez geçiyor`,
      });
    seen.set(r.code, i);
  });
  if (errors.length)
    throw new CriteriaFileError(
      `Kriter dosyası içe aktarılamadı: ${errors.length} hata var, hiçbir kriter kaydedilmedi. ${errors[0]!.message}`,
      errors,
    );
  return rules;
}

export function parseCriteriaJson(data: Buffer): CriterionRule[] {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new CriteriaFileError('Dosya geçerli bir JSON değil.');
  }
  const envelope = CriteriaSetSchema.pick({ format: true, version: true }).safeParse(json);
  if (!envelope.success)
    throw new CriteriaFileError(
      `Kriter dosyası tanınmadı: ${envelope.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      envelope.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  const list = (json as { criteria?: unknown }).criteria;
  if (!Array.isArray(list) || list.length === 0)
    throw new CriteriaFileError('Dosyada kriter yok (criteria listesi boş).', [
      { field: 'criteria', message: 'en az bir kriter olmalı' },
    ]);
  return checkRules(list, (i) => {
    const code = get(list[i] as Record<string, unknown>, 'code');
    return `${i + 1}. kriter${typeof code === 'string' ? ` (${code})` : ''}`;
  });
}

function cellText(v: ExcelJS.CellValue): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && 'text' in v) return v.text;
  if (typeof v === 'object' && 'result' in v)
    return typeof v.result === 'string' || typeof v.result === 'number' ? String(v.result) : null;
  if (typeof v === 'object') return null;
  return String(v);
}

/** The rules of an Excel criteria file, and the ambiguous numbers read by the default format. */
export interface CriteriaXlsx {
  readonly rules: CriterionRule[];
  readonly ambiguousNumbers: AmbiguousNumber[];
}

const REQUIRED_COLUMNS = [
  'code',
  'name',
  'group',
  'measure.aggregation',
  'comparison.kind',
  'severity',
  'effectiveFrom',
];

export async function parseCriteriaXlsx(
  data: Buffer,
  defaultNumberFormat: NumberFormat,
): Promise<CriteriaXlsx> {
  const book = newWorkbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new CriteriaFileError('Dosya okunamadı: geçerli bir Excel (.xlsx) dosyası değil.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new CriteriaFileError('Excel dosyasında sayfa yok.');
  const byName = new Map<string, Column>();
  for (const c of COLUMNS)
    for (const name of [c.header, c.path]) byName.set(normalizeName(name), c);
  /** Where each column is, with its header as written in the file. */
  const found = new Map<string, { at: number; written: string }>();
  sheet.getRow(1).eachCell((cell, n) => {
    const t = cellText(cell.value)?.trim();
    const column = t === undefined ? undefined : byName.get(normalizeName(t));
    if (t !== undefined && column !== undefined) found.set(column.path, { at: n, written: t });
  });
  const missing = REQUIRED_COLUMNS.filter((path) => !found.has(path)).map(
    (path) => FIELD_LABELS[path] ?? path,
  );
  if (missing.length)
    throw new CriteriaFileError(
      `Excel dosyasında zorunlu sütun eksik: ${missing.join(', ')}.`,
      missing.map((h) => ({ field: h, message: 'sütun eksik' })),
    );
  const placed = COLUMNS.flatMap((c) => {
    const where = found.get(c.path);
    return where === undefined ? [] : [{ ...c, ...where }];
  });
  const numberColumns = placed.filter((c) => c.kind === 'number');
  const numbers = decideScopeFormats(
    numberColumns.map((c) => {
      const cells: NumberCell[] = [];
      for (let n = 2; n <= sheet.rowCount; n++) {
        const cell = numberCell(n, c.written, numberCellValue(sheet.getRow(n).getCell(c.at).value));
        if (cell !== null) cells.push(cell);
      }
      return cells;
    }),
    placed.some((c) => isTurkishHeader(c.written, c.header, c.path)),
    defaultNumberFormat,
    true,
  );
  const formatOf = new Map(numberColumns.map((c, i) => [c.path, numbers.formats[i]!]));
  const raw: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  const errors: FieldError[] = numbers.errors.map((e) => ({
    ...(e.row === null ? {} : { row: e.row }),
    field: e.column ?? '',
    message: e.message,
  }));
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const rule: Record<string, unknown> = {};
    let any = false;
    for (const c of placed) {
      const v = row.getCell(c.at).value;
      const text = cellText(v);
      if (text === null) continue;
      any = true;
      if (c.kind === 'number') {
        const x = readNumber(numberCellValue(v), formatOf.get(c.path) ?? defaultNumberFormat);
        if (x === undefined) {
          if (!errors.some((e) => e.row === n && e.field === c.written))
            errors.push({
              row: n,
              field: c.written,
              message: `Satır ${n}, ${c.written}: '${text}' sayı değil`,
            });
        } else set(rule, c.path, x);
      } else if (c.kind === 'bool')
        set(rule, c.path, ['evet', 'true', '1', 'e'].includes(text.toLocaleLowerCase('tr')));
      else if (c.kind === 'list')
        set(
          rule,
          c.path,
          text
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        );
      else if (c.kind === 'json') {
        try {
          set(rule, c.path, JSON.parse(text));
        } catch {
          errors.push({
            row: n,
            field: c.header,
            message: `Satır ${n}, ${c.header}: geçerli bir JSON değil`,
          });
        }
      } else set(rule, c.path, text.trim());
    }
    if (any) {
      raw.push(rule);
      rowNumbers.push(n);
    }
  });
  if (errors.length) {
    errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    throw new CriteriaFileError(
      `Kriter dosyası içe aktarılamadı: ${errors.length} hata var, hiçbir kriter kaydedilmedi. ${errors[0]!.message}`,
      errors,
    );
  }
  if (raw.length === 0) throw new CriteriaFileError('Excel dosyasında kriter satırı yok.');
  const rules = checkRules(raw, (i) => {
    const code = raw[i]!.code;
    return `Satır ${rowNumbers[i]}${typeof code === 'string' ? ` (${code})` : ''}`;
  });
  return { rules, ambiguousNumbers: numbers.ambiguous };
}

/** A number cell as the import readers take it: a number, its text, or nothing. */
function numberCellValue(v: ExcelJS.CellValue): number | string | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && v !== null && 'result' in v && typeof v.result === 'number')
    return v.result;
  return cellText(v);
}

export function criteriaJson(rules: readonly CriterionRule[]): string {
  const set: CriteriaSet = { format: 'fonrisk-criteria', version: 1, criteria: [...rules] };
  return `${JSON.stringify(set, null, 2)}\n`;
}

export async function criteriaWorkbook(rules: readonly CriterionRule[]): Promise<Buffer> {
  const book = newWorkbook();
  const sheet = book.addWorksheet('Kriterler');
  sheet.columns = COLUMNS.map((c) => ({
    header: c.header,
    key: c.path,
    width: Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rules) {
    const rec = r as unknown as Record<string, unknown>;
    sheet.addRow(
      COLUMNS.map((c) => {
        const v = get(rec, c.path);
        if (v === undefined || v === null) return null;
        if (c.kind === 'bool') return v === true ? 'Evet' : 'Hayır';
        if (c.kind === 'list') return (v as string[]).join(', ');
        if (c.kind === 'json') return JSON.stringify(v);
        return v as string | number;
      }),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

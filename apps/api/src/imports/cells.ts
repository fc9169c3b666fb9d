import { isIsoDate } from '@fonrisk/contracts';
import { classifyNumber, numberIn, type NumberFormat } from './number-format.ts';

/**
 * Reading one cell of an uploaded file. A cell arrives as text (CSV) or as what ExcelJS gives
 * (number, boolean, Date, text); each reader returns the typed value or `undefined` when the
 * cell cannot be read as that type. Emptiness is decided before, by `isBlank`.
 */
export type RawCell = string | number | boolean | Date | null;

export function isBlank(raw: RawCell): boolean {
  return raw === null || (typeof raw === 'string' && raw.trim() === '');
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The cell as the user sees it, for error messages (dates as DD.MM.YYYY). */
export function displayCell(raw: RawCell): string {
  if (raw === null) return '';
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime())
      ? ''
      : `${pad2(raw.getUTCDate())}.${pad2(raw.getUTCMonth() + 1)}.${raw.getUTCFullYear()}`;
  }
  if (typeof raw === 'boolean') return raw ? 'Evet' : 'Hayır';
  return String(raw);
}

export function readText(raw: RawCell): string | undefined {
  if (raw === null) return undefined;
  if (raw instanceof Date) return readDate(raw);
  return String(raw).trim();
}

/**
 * A number cell: an Excel number as it is; a text cell read in the file's number format (decided
 * per file by `decideFormat`, decision 0047). A text cell written in the other format is
 * undefined, as is anything that is no number.
 */
export function readNumber(raw: RawCell, format: NumberFormat): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  return numberIn(classifyNumber(raw), format);
}

const DMY = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** Excel's day 0 in the 1900 date system (serial 1 = 1900-01-01, with Excel's 1900 leap-day bug). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const MS_PER_DAY = 86_400_000;

function isoFromParts(year: number, month: number, day: number): string | undefined {
  const iso = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  return isIsoDate(iso) ? iso : undefined;
}

function isoFromUtcDate(d: Date): string | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  return isoFromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * Dates as DD.MM.YYYY (or D.M.YYYY, DD/MM/YYYY), YYYY-MM-DD, an Excel date cell (ExcelJS gives
 * a Date at UTC midnight) or an Excel serial number in an unformatted cell. Returns YYYY-MM-DD.
 */
export function readDate(raw: RawCell): string | undefined {
  if (raw instanceof Date) return isoFromUtcDate(raw);
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw) || raw < 1 || raw > 2_958_465) return undefined;
    return isoFromUtcDate(new Date(EXCEL_EPOCH_MS + raw * MS_PER_DAY));
  }
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  const dmy = DMY.exec(s);
  if (dmy) return isoFromParts(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = YMD.exec(s);
  if (ymd) return isoFromParts(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return undefined;
}

const TRUE_WORDS = new Set(['evet', 'e', 'dogru', 'true', 'yes', '1']);
const FALSE_WORDS = new Set(['hayir', 'h', 'yanlis', 'false', 'no', '0']);

/** Yes/no as Evet/Hayır, E/H, Doğru/Yanlış, true/false, 1/0 or an Excel boolean. */
export function readBoolean(raw: RawCell): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== 'string') return undefined;
  const word = normalizeName(raw);
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

const TURKISH_FOLD: Readonly<Record<string, string>> = {
  ı: 'i',
  İ: 'i',
  I: 'i',
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ü: 'u',
  Ü: 'u',
  ö: 'o',
  Ö: 'o',
  ç: 'c',
  Ç: 'c',
};

/**
 * Folds a header or a vocabulary word for comparison: Turkish letters to ASCII, other accents
 * removed, lower case, everything but letters and digits dropped ('Güncel Değer' → 'gunceldeger').
 */
export function normalizeName(value: string): string {
  return value
    .replace(/[ıİIşŞğĞüÜöÖçÇ]/g, (c) => TURKISH_FOLD[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A reader for an enum cell: the stored value or its Turkish label, in any case or spelling of
 * diacritics, gives the stored value.
 */
export function enumReader(
  options: Readonly<Record<string, string>>,
): (raw: RawCell) => string | undefined {
  const byName = new Map<string, string>();
  for (const [value, label] of Object.entries(options)) {
    byName.set(normalizeName(value), value);
    byName.set(normalizeName(label), value);
  }
  // 'Devlet Tahvili (DİBS)' may also be written 'Devlet Tahvili' or 'DİBS'.
  for (const [value, label] of Object.entries(options)) {
    const m = /^(.+?)\s*\((.+)\)$/.exec(label);
    for (const part of m ? [m[1], m[2]] : []) {
      const name = normalizeName(part ?? '');
      if (name !== '' && !byName.has(name)) byName.set(name, value);
    }
  }
  // A column holds a few distinct texts ('Hisse Senedi' on 100,000 rows): each is folded once
  // (decision 0122). At most ENUM_TEXTS_KEPT of them are kept, against a column of garbage.
  const byText = new Map<string, string | undefined>();
  return (raw) => {
    if (typeof raw !== 'string') return undefined;
    if (byText.has(raw)) return byText.get(raw);
    const value = byName.get(normalizeName(raw));
    if (byText.size < ENUM_TEXTS_KEPT) byText.set(raw, value);
    return value;
  };
}

/** Distinct cell texts an enum reader remembers with their value. */
export const ENUM_TEXTS_KEPT = 1_000;

/** Turkish names of the invisible characters seen in files (others are named by code point). */
const INVISIBLE_NAMES: Readonly<Record<number, string>> = {
  0x00: 'boş karakter (NUL)',
  0xad: 'yumuşak tire',
  0x200b: 'sıfır genişlikli boşluk',
  0x200c: 'sıfır genişlikli birleştirmeyen',
  0x200d: 'sıfır genişlikli birleştirici',
  0x200e: 'soldan sağa işareti',
  0x200f: 'sağdan sola işareti',
  0x202a: 'soldan sağa gömme',
  0x202b: 'sağdan sola gömme',
  0x202c: 'yön biçimlendirmesini kaldırma',
  0x202d: 'soldan sağa zorlama',
  0x202e: 'sağdan sola zorlama',
  0x2060: 'sözcük birleştirici',
  0x2066: 'soldan sağa yalıtım',
  0x2067: 'sağdan sola yalıtım',
  0x2068: 'ilk güçlü yön yalıtımı',
  0x2069: 'yön yalıtımını kaldırma',
  0xfeff: 'sıfır genişlikli bölünmez boşluk (BOM)',
};
/** Format characters (zero-width, direction marks) and control characters but tab and line ends. */
const INVISIBLE = /(?![\t\n\r])[\p{Cf}\p{Cc}]/u;

/**
 * The reason a cell holding an invisible character is refused (issue 22: look-alike codes), or
 * null: the character's name, code point and position.
 */
export function invisibleCharacter(text: string): string | null {
  const m = INVISIBLE.exec(text);
  if (!m) return null;
  const code = m[0].codePointAt(0) ?? 0;
  const name = INVISIBLE_NAMES[code] ?? 'denetim ya da biçim karakteri';
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const position = Array.from(text.slice(0, m.index)).length + 1;
  return `görünmeyen bir karakter içeriyor: ${name} (U+${hex}), ${position}. karakter; silip yeniden yazın`;
}

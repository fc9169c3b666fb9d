/**
 * File-name patterns of pull rules, e.g. `PORTFOY_{YYYYMMDD}.xlsx`: date tokens
 * ({YYYYMMDD}, {DDMMYYYY}, {YYYY-MM-DD}, {DD.MM.YYYY}) match a real calendar date, which is
 * returned as YYYY-MM-DD; `*` matches any run of characters; everything else is literal.
 * Matching ignores case (servers and custodians are not consistent about `.XLSX`).
 */
export interface PatternMatch {
  /** The date the name carries (YYYY-MM-DD), null when the pattern has no date token. */
  readonly date: string | null;
}

const TOKENS: Readonly<Record<string, { regex: string; order: 'ymd' | 'dmy' }>> = {
  '{YYYYMMDD}': { regex: '(\\d{4})(\\d{2})(\\d{2})', order: 'ymd' },
  '{DDMMYYYY}': { regex: '(\\d{2})(\\d{2})(\\d{4})', order: 'dmy' },
  '{YYYY-MM-DD}': { regex: '(\\d{4})-(\\d{2})-(\\d{2})', order: 'ymd' },
  '{DD.MM.YYYY}': { regex: '(\\d{2})\\.(\\d{2})\\.(\\d{4})', order: 'dmy' },
};
const TOKEN_SPLIT = /(\{[^}]*\}|\*)/;

export interface CompiledPattern {
  readonly pattern: string;
  match(fileName: string): PatternMatch | null;
}

/** Thrown for a pattern with an unknown `{...}` token or more than one date. */
export class PatternError extends Error {}

export function compilePattern(pattern: string): CompiledPattern {
  let source = '';
  let order: 'ymd' | 'dmy' | null = null;
  for (const part of pattern.split(TOKEN_SPLIT)) {
    if (part === '') continue;
    if (part === '*') {
      source += '.*?';
    } else if (part.startsWith('{') && part.endsWith('}')) {
      const token = TOKENS[part.toUpperCase()];
      if (!token) throw new PatternError(`bilinmeyen tarih alanı ${part}`);
      if (order !== null) throw new PatternError('en fazla bir tarih alanı olabilir');
      order = token.order;
      source += token.regex;
    } else {
      source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  const regex = new RegExp(`^${source}$`, 'i');
  return {
    pattern,
    match(fileName) {
      const m = regex.exec(fileName);
      if (!m) return null;
      if (order === null) return { date: null };
      const [a = '', b = '', c = ''] = m.slice(1);
      const [y, mo, d] = order === 'ymd' ? [a, b, c] : [c, b, a];
      const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
      const iso = `${y}-${mo}-${d}`;
      return date.toISOString().slice(0, 10) === iso ? { date: iso } : null;
    },
  };
}

/**
 * The one folding of search text, for SQL (the API's `foldSql`) and in JavaScript (the screens'
 * filters): case- and diacritic-insensitive and Turkish İ/ı aware, so that "isctr" finds
 * "ISCTR" and "İş Bankası", and "tahvil" finds "TAHVIL" (a Turkish lower-casing alone turns the
 * ASCII "I" of a ticker into "ı" and misses them). Characters of FOLD_FROM become the one at the
 * same place in FOLD_TO; any other is lower-cased.
 */
export const FOLD_FROM = 'İIıÇçĞğÖöŞşÜüÂâÎîÛû';
export const FOLD_TO = 'iiiccggoossuuaaiiuu';

export function foldText(text: string): string {
  let out = '';
  for (const ch of text) {
    const i = FOLD_FROM.indexOf(ch);
    out += i >= 0 ? FOLD_TO.charAt(i) : ch.toLowerCase();
  }
  return out;
}

/** Whether one of `texts` holds the typed `query` (both folded, the query trimmed; empty: all). */
export function matchesFolded(query: string, texts: readonly string[]): boolean {
  const q = foldText(query.trim());
  return q === '' || texts.some((t) => foldText(t).includes(q));
}

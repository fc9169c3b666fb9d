import { isIsoDate } from '@fonrisk/contracts';

/**
 * A date typed the Turkish way ("21.11.2026", also with "/" or "-" between the parts) or as
 * ISO "2026-11-21" -> "2026-11-21"; anything that is not a real calendar date -> null.
 */
export function parseTurkishDate(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

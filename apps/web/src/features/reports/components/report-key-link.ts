/**
 * A shared report's link (docs/decisions/0034-report-screens.md): the public home page with the
 * key in the fragment (`/#report-key=<key>`), so the key never reaches a server log; the page
 * posts it with the `Report-Key` header and downloads the file, without a session.
 */
export const REPORT_KEY_FRAGMENT = 'report-key';

export function reportKeyLink(origin: string, key: string): string {
  return `${origin}/#${REPORT_KEY_FRAGMENT}=${encodeURIComponent(key)}`;
}

/** The key of a `#report-key=<key>` fragment, or null. */
export function reportKeyFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const key = params.get(REPORT_KEY_FRAGMENT);
  return key === null || key.trim() === '' ? null : key.trim();
}

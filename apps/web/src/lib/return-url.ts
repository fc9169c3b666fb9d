/** `/login?returnUrl=<attempted url>`: the attempted path with its query string (section 4). */
export function loginUrlFor(attemptedPathWithSearch: string): string {
  return `/login?returnUrl=${encodeURIComponent(attemptedPathWithSearch)}`;
}

/**
 * Where to go after login: the returnUrl only when it is a same-origin relative path (starts with
 * one slash, no scheme, no protocol-relative `//` or `/\`), and never back to the login page;
 * otherwise home.
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (Array.from(raw).some((c) => c.charCodeAt(0) < 0x20)) return '/';
  const path = raw.split(/[?#]/)[0] ?? '';
  if (path === '/login' || path.startsWith('/login/')) return '/';
  return raw;
}

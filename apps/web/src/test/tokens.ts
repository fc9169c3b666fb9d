/** Builds unsigned JWT-shaped tokens for tests: header.payload.signature, base64url. */
export function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

/** A token that expires `secondsFromNow` after `nowMs`. */
export function tokenExpiringIn(secondsFromNow: number, nowMs = Date.now()): string {
  return makeToken({
    userId: 1,
    role: 'Admin',
    fullName: 'Selin Aydın',
    exp: Math.floor(nowMs / 1000) + secondsFromNow,
  });
}

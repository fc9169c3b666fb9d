import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  TokenClaimsSchema,
  type ModuleNumber,
  type Role,
  type TokenClaims,
} from '@fonrisk/contracts';
import { AuthenticationError } from '../../shared/domain-errors.ts';

export const INVALID_TOKEN_DETAIL =
  'Oturumunuz geçersiz veya süresi dolmuş. Lütfen tekrar giriş yapın.';

export interface TokenSubject {
  readonly id: number;
  readonly role: Role;
  readonly modules: readonly ModuleNumber[];
  readonly fullName: string;
  readonly tokenVersion: number;
}

export interface AccessTokens {
  sign(subject: TokenSubject): Promise<string>;
  /** The token's claims; throws AuthenticationError for a bad signature, shape or expiry. */
  verify(token: string): Promise<TokenClaims>;
}

/** Tokens remembered as verified (a user's requests carry the same one until it expires). */
const VERIFIED_KEPT = 1_000;

/**
 * HS256 access tokens (docs/decisions/0002-auth-model.md, token version: 0026). The secret is
 * imported as an HMAC key once: given raw bytes, jose imports them again on every request. A
 * token verified once is remembered by its exact text until its expiry, so that a user's next
 * requests skip the HMAC (whether the session still holds is checked on every request, against
 * the account's token version in access.ts).
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const verified = new Map<string, TokenClaims>();
  let imported: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (imported ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    async sign(subject) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      return new SignJWT({
        userId: subject.id,
        role: subject.role,
        modules: [...subject.modules],
        fullName: subject.fullName,
        tv: subject.tokenVersion,
        sid: randomUUID(),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .sign(await hmacKey());
    },
    async verify(token) {
      const known = verified.get(token);
      // jose's rule: expired once the current second reaches `exp`.
      if (known && known.exp > Math.floor(Date.now() / 1000))
        return { ...known, modules: [...known.modules] };
      verified.delete(token);
      let claims: TokenClaims;
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), { algorithms: ['HS256'] });
        claims = TokenClaimsSchema.parse(payload);
      } catch {
        throw new AuthenticationError(INVALID_TOKEN_DETAIL);
      }
      // The oldest remembered token makes room (a Map iterates in insertion order).
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { ...claims, modules: [...claims.modules] });
      return claims;
    },
  };
}

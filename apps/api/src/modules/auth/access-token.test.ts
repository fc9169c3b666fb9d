import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Role } from '@fonrisk/contracts';
import { createAccessTokens, INVALID_TOKEN_DETAIL, type TokenSubject } from './access-token.ts';

const SECRET = 'erişim-belirteci-sınama-anahtarı-32-bayttan-uzun';
const subject: TokenSubject = {
  id: 7,
  role: Role.Hesaplayici,
  modules: [1, 2],
  fullName: 'Şule Çağ',
  tokenVersion: 3,
};

describe('access tokens (HS256, the key imported once)', () => {
  it('verifies what it signed, again and again with the same key', async () => {
    const tokens = createAccessTokens(SECRET, 3600);
    const token = await tokens.sign(subject);
    for (let i = 0; i < 3; i++)
      expect(await tokens.verify(token)).toMatchObject({
        userId: 7,
        role: Role.Hesaplayici,
        modules: [1, 2],
        fullName: 'Şule Çağ',
        tv: 3,
      });
  });

  it('is the plain HS256 of the secret: a token jose signs with the raw secret is accepted', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      userId: 7,
      role: Role.Hesaplayici,
      modules: [1],
      fullName: 'Şule Çağ',
      tv: 0,
      sid: '00000000-0000-4000-8000-000000000000',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET, 3600).verify(token)).toMatchObject({ userId: 7 });
  });

  it('refuses another secret, a changed payload and an expired token, in Turkish', async () => {
    const token = await createAccessTokens(SECRET, 3600).sign(subject);
    await expect(createAccessTokens(`${SECRET}x`, 3600).verify(token)).rejects.toThrow(
      INVALID_TOKEN_DETAIL,
    );
    const [header, payload, signature] = token.split('.');
    const changed = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('"userId":7', '"userId":1'),
    ).toString('base64url');
    await expect(
      createAccessTokens(SECRET, 3600).verify(`${header!}.${changed}.${signature!}`),
    ).rejects.toThrow(INVALID_TOKEN_DETAIL);
    const expired = await createAccessTokens(SECRET, -10).sign(subject);
    await expect(createAccessTokens(SECRET, 3600).verify(expired)).rejects.toThrow(
      INVALID_TOKEN_DETAIL,
    );
  });
});

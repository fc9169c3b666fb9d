import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('a token verified once and remembered', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('still expires: once its exp second comes it is refused, remembered or not', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
      const tokens = createAccessTokens(SECRET, 60);
      const token = await tokens.sign(subject);
      expect((await tokens.verify(token)).userId).toBe(7);
      vi.setSystemTime(new Date('2026-01-01T10:00:59Z'));
      expect((await tokens.verify(token)).userId, 'remembered, one second left').toBe(7);
      vi.setSystemTime(new Date('2026-01-01T10:01:00Z'));
      await expect(tokens.verify(token)).rejects.toThrow(INVALID_TOKEN_DETAIL);
    });

    it('is remembered by its exact text: the same token with a changed signature is refused', async () => {
      const tokens = createAccessTokens(SECRET, 3600);
      const token = await tokens.sign(subject);
      await tokens.verify(token);
      // The signature's first character (its last one also holds two unused bits of base64url:
      // changing only those leaves the signature the same).
      const at = token.lastIndexOf('.') + 1;
      const first = token[at] === 'A' ? 'B' : 'A';
      await expect(
        tokens.verify(`${token.slice(0, at)}${first}${token.slice(at + 1)}`),
      ).rejects.toThrow(INVALID_TOKEN_DETAIL);
      await expect(tokens.verify(`${token}x`)).rejects.toThrow(INVALID_TOKEN_DETAIL);
    });

    it('gives each caller its own claims: changing one answer changes no later one', async () => {
      const tokens = createAccessTokens(SECRET, 3600);
      const token = await tokens.sign(subject);
      const first = await tokens.verify(token);
      first.modules.push(5);
      first.userId = 99;
      expect(await tokens.verify(token)).toMatchObject({ userId: 7, modules: [1, 2] });
    });

    it('skips the HMAC for a remembered token, and forgets the oldest after a thousand others', async () => {
      const hmac = vi.spyOn(crypto.subtle, 'verify');
      try {
        const tokens = createAccessTokens(SECRET, 3600);
        const first = await tokens.sign(subject);
        await tokens.verify(first);
        expect(hmac).toHaveBeenCalledTimes(1);
        await tokens.verify(first);
        expect(hmac, 'remembered: no second HMAC').toHaveBeenCalledTimes(1);
        for (let i = 0; i < 1_000; i++)
          await tokens.verify(await tokens.sign({ ...subject, id: 1_000 + i }));
        hmac.mockClear();
        expect((await tokens.verify(first)).userId).toBe(7);
        expect(hmac, 'forgotten to make room, verified again').toHaveBeenCalledTimes(1);
      } finally {
        hmac.mockRestore();
      }
    });
  });
});

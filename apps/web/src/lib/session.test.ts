import { describe, expect, it } from 'vitest';
import { clearSession, isTokenValid, readSession, saveLogin } from './session.ts';
import { base64Url, makeToken, tokenExpiringIn } from '../test/tokens.ts';

const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);

describe('isTokenValid', () => {
  it('accepts a three-segment token whose exp lies in the future', () => {
    expect(isTokenValid(tokenExpiringIn(60, NOW), NOW)).toBe(true);
  });

  it('rejects a token with two segments as absent', () => {
    const [header, payload] = tokenExpiringIn(60, NOW).split('.');
    expect(isTokenValid(`${header}.${payload}`, NOW)).toBe(false);
  });

  it('rejects a token with four segments', () => {
    expect(isTokenValid(`${tokenExpiringIn(60, NOW)}.extra`, NOW)).toBe(false);
  });

  it('rejects an expired token and one expiring exactly now', () => {
    expect(isTokenValid(tokenExpiringIn(-1, NOW), NOW)).toBe(false);
    expect(isTokenValid(tokenExpiringIn(0, NOW), NOW)).toBe(false);
  });

  it('rejects a payload that is not base64url', () => {
    expect(isTokenValid('aGVhZGVy.@@not*base64@@.c2ln', NOW)).toBe(false);
  });

  it('rejects a payload that decodes to something other than JSON with a numeric exp', () => {
    expect(isTokenValid(`a.${base64Url('not json')}.c`, NOW)).toBe(false);
    expect(isTokenValid(makeToken({ exp: 'tomorrow' }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ userId: 1 }), NOW)).toBe(false);
    expect(isTokenValid(`a.${base64Url('42')}.c`, NOW)).toBe(false);
  });

  it('reads a payload with Turkish characters (UTF-8 inside base64url)', () => {
    const token = makeToken({ fullName: 'Çağrı Öztürk İş', exp: NOW / 1000 + 60 });
    expect(isTokenValid(token, NOW)).toBe(true);
  });

  it('rejects empty and missing tokens', () => {
    expect(isTokenValid('', NOW)).toBe(false);
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid('..', NOW)).toBe(false);
  });
});

describe('stored session', () => {
  it('stores the five login fields and reads them back as a session', () => {
    const accessToken = tokenExpiringIn(3600);
    saveLogin({
      accessToken,
      userRole: 'Hesaplayici',
      fullName: 'Zeynep Arslan',
      module: '1,3',
      userId: 5,
    });
    expect(localStorage.getItem('accessToken')).toBe(accessToken);
    expect(localStorage.getItem('userRole')).toBe('Hesaplayici');
    expect(localStorage.getItem('fullName')).toBe('Zeynep Arslan');
    expect(localStorage.getItem('module')).toBe('1,3');
    expect(localStorage.getItem('userId')).toBe('5');
    expect(readSession(localStorage, Date.now())).toEqual({
      accessToken,
      role: 'Hesaplayici',
      fullName: 'Zeynep Arslan',
      modules: [1, 3],
      userId: 5,
    });
  });

  it('has no session when the stored token is expired or malformed', () => {
    localStorage.setItem('accessToken', tokenExpiringIn(-10));
    expect(readSession(localStorage, Date.now())).toBeNull();
    localStorage.setItem('accessToken', 'only.two');
    expect(readSession(localStorage, Date.now())).toBeNull();
  });

  it('logout clears all local storage, not only the login fields', () => {
    saveLogin({
      accessToken: tokenExpiringIn(60),
      userRole: 'Admin',
      fullName: 'Murat Demir',
      module: '1',
      userId: 2,
    });
    localStorage.setItem('someOtherKey', 'x');
    clearSession();
    expect(localStorage.length).toBe(0);
  });
});

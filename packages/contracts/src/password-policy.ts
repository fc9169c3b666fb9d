/**
 * Password policy (issue 14): at least 10 characters, not the username, not one of the most
 * common passwords. Checked by the same schema in the form and in the API.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Parola en az ${String(PASSWORD_MIN_LENGTH)} karakter olmalı.`,
  tooLong: `Parola en fazla ${String(PASSWORD_MAX_LENGTH)} karakter olabilir.`,
  common: 'Bu parola çok yaygın ve kolay tahmin edilir; başka bir parola seçin.',
  sameAsUsername: 'Parola kullanıcı adını içeremez.',
} as const;

/**
 * Passwords of ten or more characters that lead the published leaked-password lists (and their
 * Turkish counterparts), compared without case.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890',
  '12345678910',
  '123456789a',
  '0123456789',
  '1111111111',
  '0000000000',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'asdfghjkl1',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'iloveyou12',
  'abcdefghij',
  'abc1234567',
  'administrator',
  'admin12345',
  'admin123456',
  'welcome123',
  'football123',
  'sifre12345',
  'sifre123456',
  'parola1234',
  'parola12345',
  'parola123456',
  'fenerbahce',
  'galatasaray',
  'besiktas1903',
  'fenerbahce1907',
  'galatasaray1905',
  'trabzonspor',
  'istanbul34',
  'ankara0606',
  'turkiye1923',
  'mustafakemal',
]);

export function isCommonPassword(password: string): boolean {
  return (
    COMMON_PASSWORDS.has(password.toLocaleLowerCase('tr').replace(/[.\-_!]/g, '')) ||
    COMMON_PASSWORDS.has(password.toLowerCase())
  );
}

/** True when the password is, or contains, the username (without case). */
export function containsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length >= 3 && password.toLowerCase().includes(name);
}

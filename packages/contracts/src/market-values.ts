import { z } from 'zod';

/**
 * Value schemas shared by instruments, market data and holdings. Error messages are Turkish
 * reasons without a subject ("geçerli bir tarih değil"), so that the import layer can prefix
 * the row, column and value and a form can show them under a field.
 */

/** The number written by the ASCII digits of value[from, to), or -1 when another character is there. */
function digitsAt(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * True for a real calendar date written as YYYY-MM-DD (2025-02-30 is false; Gregorian leap years;
 * years before 0100 are refused, as JavaScript's Date reads them as 19xx). Read digit by digit,
 * no regular expression and no Date: imports call it for every row (decision 0122).
 */
export function isIsoDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A calendar date as `YYYY-MM-DD` (no time, no zone). */
export const IsoDateSchema = z
  .string()
  .refine(isIsoDate, { error: 'geçerli bir tarih değil (YYYY-AA-GG bekleniyor)' });
export type IsoDate = z.infer<typeof IsoDateSchema>;

/** ISO 4217 style three-letter code: TRY, USD, EUR, JPY, XAU (gold), XDR. */
export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'geçerli bir döviz kodu değil (üç büyük harf, ör. USD)' });
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>;

/**
 * ISIN check digit (ISO 6166): letters become two digits (A=10 ... Z=35), then the Luhn sum of
 * the whole digit string must be a multiple of 10.
 */
export function isValidIsin(value: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(value)) return false;
  const digits = Array.from(value)
    .map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const IsinSchema = z.string().refine(isValidIsin, {
  error: 'geçerli bir ISIN kodu değil (12 karakter, kontrol basamağı doğru olmalı)',
});

/** An identifying code (portfolio, instrument, ticker): no surrounding spaces, 1 to 64 characters. */
export const CodeSchema = z
  .string()
  .min(1, { error: 'boş olamaz' })
  .max(64, { error: 'en fazla 64 karakter olabilir' })
  .regex(/^\S(.*\S)?$/, { error: 'başında veya sonunda boşluk olamaz' });

export const TextSchema = z.string().max(500, { error: 'en fazla 500 karakter olabilir' });

export const FiniteNumberSchema = z.number({ error: 'sayı değil' });
export const PositiveNumberSchema = FiniteNumberSchema.positive({ error: 'sıfırdan büyük olmalı' });
export const NonNegativeNumberSchema = FiniteNumberSchema.nonnegative({ error: 'negatif olamaz' });
export const NonNegativeIntegerSchema = FiniteNumberSchema.int({
  error: 'tam sayı olmalı',
}).nonnegative({
  error: 'negatif olamaz',
});

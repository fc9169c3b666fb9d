/**
 * ISIN check digit (ISO 6166): letters become two digits (A = 10 … Z = 35) and the Luhn
 * algorithm runs over the digit string, doubling from the rightmost digit.
 */
export function isinCheckDigit(body: string): number {
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body))
    throw new Error(`ISIN gövdesi 11 karakter olmalı: ${body}`);
  const digits = Array.from(body)
    .map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A complete ISIN for an 11-character body (country code + 9 characters). */
export function makeIsin(body: string): string {
  return `${body}${isinCheckDigit(body)}`;
}

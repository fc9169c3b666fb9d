// SPK Yatırım Fonlarına İlişkin Rehber §7.5.2: "Vadeli İşlem Pozisyonu = Kontrat Sayısı *
// Sözleşme Büyüklüğü * Dayanak Varlığın Piyasa Fiyatı"; the Rehber's example 3 × 0.1 × 88 902.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.ts';
import { futuresExposure } from './futures.ts';

describe('futuresExposure', () => {
  it("gives the Rehber's example exposure", () => {
    expect(futuresExposure({ contracts: 3, contractSize: 100 / 1000, price: 88_902 })).toBeCloseTo(
      26_670.6,
      8,
    );
  });

  it('keeps the sign of a short position', () => {
    expect(futuresExposure({ contracts: -2, contractSize: 1000, price: 35 })).toBe(-70_000);
  });

  it('refuses a non-finite count and a non-positive size or price', () => {
    expect(() => futuresExposure({ contracts: Number.NaN, contractSize: 1, price: 1 })).toThrow(
      InvalidInputError,
    );
    expect(() => futuresExposure({ contracts: 1, contractSize: 0, price: 1 })).toThrow(
      InvalidInputError,
    );
    expect(() => futuresExposure({ contracts: 1, contractSize: 1, price: -1 })).toThrow(
      InvalidInputError,
    );
    expect(() => futuresExposure({ contracts: 1, contractSize: 1e308, price: 1e308 })).toThrow(
      InvalidInputError,
    );
  });
});

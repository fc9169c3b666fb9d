import { InvalidInputError } from '../errors.ts';

/** A futures position: signed contract count (negative = short). */
export interface FuturesPosition {
  readonly contracts: number;
  /**
   * Units of underlying per contract, including any index divisor: a VİOP BIST 30 index future is
   * 100/1000 = 0.1 TRY per index point, a USD/TRY future 1 000 USD (Rehber §7.5.2; VİOP contract
   * specifications change over time, so the size is always input).
   */
  readonly contractSize: number;
  /** Price of the underlying (or the futures settlement price) in TRY per unit. */
  readonly price: number;
}

/**
 * Futures exposure = contracts × contract size × price, in TRY, signed (short negative).
 * Source: SPK Yatırım Fonlarına İlişkin Rehber §7.5.2 ("Vadeli İşlem Pozisyonu = Kontrat Sayısı *
 * Sözleşme Büyüklüğü * Dayanak Varlığın Piyasa Fiyatı"): 3 × 100/1000 × 88 902 = 26 670,60 TL.
 * @throws InvalidInputError for non-finite inputs or a non-positive size or price.
 */
export function futuresExposure(position: FuturesPosition): number {
  const { contracts, contractSize, price } = position;
  if (
    !Number.isFinite(contracts) ||
    !(contractSize > 0) ||
    !(price > 0) ||
    !Number.isFinite(contractSize * price)
  ) {
    throw new InvalidInputError(
      `futures need finite contracts and positive size and price, got ${contracts}, ${contractSize}, ${price}`,
    );
  }
  return contracts * contractSize * price;
}

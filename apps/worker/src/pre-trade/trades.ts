// Proposed trades -> the fund's positions after them (decision 0064): every instrument of the
// fund, and every new one traded or asked about, is an item whose position scales linearly with
// a factor (1 = as held, 0 = not held); the cash leg goes to one TL cash line, NAV is unchanged.
import { isoToTurkishDate, type PreTradeTrade } from '@fonrisk/contracts';
import type { InstrumentDetail } from '@fonrisk/db';
import { indexOnOrBefore, valueAt, type MarketData, type PositionInput } from '@fonrisk/risk';
import { AnalysisInputError } from '../runner/errors.ts';

/** A bad trade row: the Turkish message names the row and the instrument. */
export class TradeRowError extends AnalysisInputError {
  constructor(
    readonly row: number,
    readonly field: 'instrumentCode' | 'quantity' | 'amountTry' | 'side',
    code: string,
    message: string,
  ) {
    super(`${row}. işlem satırı (${code}): ${message}`);
  }
}

/** Main types valued as units × the mapped series' price (a new position bought by quantity). */
const UNIT_PRICED = new Set(['stock', 'fundShare', 'exchangeTradedFund', 'preciousMetal']);
const FUTURE = 'future';
const money = (x: number) =>
  x.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface Item {
  readonly code: string;
  readonly name: string | null;
  readonly held: boolean;
  /** The position at factor 1: as held, or a proposed base position for a new instrument. */
  readonly base: PositionInput;
  /** TRY per unit of nominal (null: no unit price, e.g. a line without nominal, or a future). */
  readonly unitPriceTry: number | null;
  readonly isFuture: boolean;
}

/** The position of an item at a factor (value and nominal scale together). */
export function scaled(item: Item, factor: number): PositionInput {
  return {
    ...item.base,
    valueTry: item.base.valueTry * factor,
    nominalValue: item.base.nominalValue === null ? null : item.base.nominalValue * factor,
  };
}

/** TRY per unit of the instrument's currency on `date` (the last rate on or before it), or null. */
export function fxRate(market: MarketData, currency: string, date: string): number | null {
  if (currency === 'TRY') return 1;
  const series = market.fx.get(currency);
  const t = indexOnOrBefore(market.dates, date);
  if (!series || t < 0) return null;
  const rate = valueAt(series, t);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** The base position of an instrument not held: 1 % of NAV, or one contract of a future. */
export function newItem(
  code: string,
  d: InstrumentDetail,
  market: MarketData,
  date: string,
  nav: number,
): Item {
  const isFuture = d.mainType === FUTURE;
  const fx = fxRate(market, d.currency, date);
  const series = d.mappingTicker === null ? undefined : market.series.get(d.mappingTicker);
  const t = indexOnOrBefore(market.dates, date);
  const price =
    UNIT_PRICED.has(d.mainType) && series && fx !== null && t >= 0
      ? valueAt(series.values, t) * fx
      : Number.NaN;
  const unitPriceTry = Number.isFinite(price) && price > 0 ? price : null;
  const baseValue = isFuture ? 0 : Math.abs(nav) * 0.01;
  return {
    code,
    name: d.name,
    held: false,
    isFuture,
    unitPriceTry,
    base: {
      instrumentCode: code,
      instrumentName: d.name,
      mainType: d.mainType,
      currency: d.currency,
      nominalValue: isFuture ? 1 : unitPriceTry === null ? null : baseValue / unitPriceTry,
      valueTry: baseValue,
      maturityDate: d.terms?.kind === 'bond' ? d.terms.maturityDate : null,
      ratePct: null,
      modifiedDuration: null,
      terms: d.terms,
      mappingTicker: d.mappingTicker,
      underlyingTicker: d.underlyingTicker,
      underlyingIsFuture: d.underlyingIsFuture,
    },
  };
}

export function heldItem(p: PositionInput): Item {
  const isFuture = p.mainType === FUTURE;
  const unit =
    !isFuture && p.nominalValue !== null && p.nominalValue !== 0
      ? p.valueTry / p.nominalValue
      : null;
  return {
    code: p.instrumentCode,
    name: p.instrumentName,
    held: true,
    isFuture,
    unitPriceTry: unit !== null && Number.isFinite(unit) && unit > 0 ? unit : null,
    base: p,
  };
}

export interface ResolvedTrade {
  readonly row: number;
  readonly side: 'buy' | 'sell';
  readonly item: Item;
  readonly quantity: number | null;
  readonly valueChangeTry: number;
  /** Change of the item's factor. */
  readonly factorChange: number;
}

/**
 * Applies the trades in order to the items' factors (held 1, new 0). A sale may not take a
 * position below zero, except a future (selling contracts opens a short, a usual hedge). A
 * trade in a currency without a rate on the date is refused, as a line that cannot be valued.
 */
export function resolveTrades(
  trades: readonly PreTradeTrade[],
  items: ReadonlyMap<string, Item>,
  market: MarketData,
  date: string,
): { resolved: ResolvedTrade[]; factors: Map<string, number> } {
  const factors = new Map<string, number>();
  for (const [code, item] of items) factors.set(code, item.held ? 1 : 0);
  const resolved: ResolvedTrade[] = [];
  trades.forEach((t, k) => {
    const row = k + 1;
    const code = t.instrumentCode;
    const item = items.get(code);
    if (!item) throw new TradeRowError(row, 'instrumentCode', code, 'varlık tanımlı değil.');
    const sign = t.side === 'buy' ? 1 : -1;
    if (fxRate(market, item.base.currency, date) === null)
      throw new TradeRowError(
        row,
        'instrumentCode',
        code,
        `${item.base.currency} kurunun ${isoToTurkishDate(date)} tarihinde (veya öncesinde) değeri yok; işlem değerlenemez.`,
      );
    if (!item.held && t.side === 'sell' && !item.isFuture)
      throw new TradeRowError(row, 'side', code, 'portföyde yok; satılamaz.');
    let quantity: number | null;
    let value: number;
    let factorChange: number;
    if (item.isFuture) {
      if (t.quantity === undefined)
        throw new TradeRowError(
          row,
          'amountTry',
          code,
          'vadeli işlem sözleşmesinin TL değeri yoktur; sözleşme adedi girilmeli.',
        );
      quantity = t.quantity;
      value = 0;
      const baseContracts = item.base.nominalValue ?? 0;
      if (baseContracts === 0)
        throw new TradeRowError(row, 'quantity', code, 'pozisyonun sözleşme adedi sıfır.');
      factorChange = (sign * t.quantity) / Math.abs(baseContracts);
      if (baseContracts < 0) factorChange = -factorChange;
    } else {
      if (t.quantity !== undefined && item.unitPriceTry === null)
        throw new TradeRowError(
          row,
          'quantity',
          code,
          'birim fiyatı bulunamadı (adet veya fiyat bilgisi yok); TL tutarı girilmeli.',
        );
      quantity =
        t.quantity ?? (item.unitPriceTry === null ? null : t.amountTry! / item.unitPriceTry);
      value = sign * (t.quantity !== undefined ? t.quantity * item.unitPriceTry! : t.amountTry!);
      if (item.base.valueTry === 0)
        throw new TradeRowError(row, 'amountTry', code, 'pozisyonun değeri sıfır.');
      factorChange = value / item.base.valueTry;
    }
    const before = factors.get(code)!;
    const after = before + factorChange;
    if (!item.isFuture && t.side === 'sell' && after < -1e-9) {
      const holding = before * item.base.valueTry;
      throw new TradeRowError(
        row,
        t.quantity !== undefined ? 'quantity' : 'amountTry',
        code,
        `satış (${money(-value)} TL) portföydeki tutarı (${money(holding)} TL) aşıyor.`,
      );
    }
    factors.set(code, Math.abs(after) < 1e-12 ? 0 : after);
    resolved.push({ row, side: t.side, item, quantity, valueChangeTry: value, factorChange });
  });
  return { resolved, factors };
}

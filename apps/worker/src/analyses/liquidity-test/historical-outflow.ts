// The historical redemption scenario of the liquidity test: the worst net outflow of the fund's
// own history (units = NAV / unit price).
import type { LiquidityTestInputs } from '@fonrisk/contracts';
import { type Database, and, gte, holdings, inArray, lte, sql } from '@fonrisk/db';
import { formatIsoDate, parseIsoDate, worstNetOutflow } from '@fonrisk/risk';
import type { RunContext } from '../../runner/handler.ts';
import type { PortfolioRef } from '../data/load.ts';
import { recentValues } from './market-series.ts';

/** Net asset value per holdings date of one portfolio over [from, to]. */
async function navHistory(
  db: Database,
  ref: PortfolioRef,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      date: holdings.portfolioDate,
      nav: sql<number>`sum(${holdings.currentValue})::float8`,
    })
    .from(holdings)
    .where(
      and(
        inArray(holdings.portfolioCode, [...ref.members]),
        gte(holdings.portfolioDate, from),
        lte(holdings.portfolioDate, to),
      ),
    )
    .groupBy(holdings.portfolioDate);
  return new Map(rows.map((r) => [r.date, r.nav]));
}

/**
 * The worst net outflow over `settlementDays` consecutive holdings dates within the history
 * window: units = NAV / unit price of the fund's own price series (ticker = portfolio code).
 */
export async function historicalOutflow(
  ctx: RunContext<LiquidityTestInputs>,
  ref: PortfolioRef,
  date: string,
): Promise<{ outflow: ReturnType<typeof worstNetOutflow>; note: string | null }> {
  if (ref.members.length !== 1)
    return {
      outflow: null,
      note: 'Birleşik portföyün birim pay fiyatı yok: tarihsel çıkış senaryosu hesaplanmadı.',
    };
  const calendarDays = Math.ceil(ctx.inputs.historyDays * 1.45) + 5;
  const from = formatIsoDate(parseIsoDate(date) - calendarDays);
  const navs = await navHistory(ctx.db, ref, from, date);
  const prices = (await recentValues(ctx.db, [ref.code], date, calendarDays)).get(ref.code);
  if (!prices)
    return {
      outflow: null,
      note: `${ref.code} için birim pay fiyatı serisi yok: tarihsel çıkış senaryosu hesaplanmadı.`,
    };
  const priceOn = new Map(prices.dates.map((d, i) => [d, prices.values[i]!]));
  const dates = [...navs.keys()].filter((d) => priceOn.has(d) && priceOn.get(d)! > 0).sort();
  const outflow = worstNetOutflow(
    dates,
    dates.map((d) => navs.get(d)!),
    dates.map((d) => priceOn.get(d)!),
    ctx.inputs.settlementDays,
  );
  return {
    outflow,
    note:
      outflow === null
        ? `${ref.code}: son ${ctx.inputs.historyDays} iş gününde ${ctx.inputs.settlementDays} günlük net çıkış yok (ya da geçmiş yetersiz).`
        : null,
  };
}

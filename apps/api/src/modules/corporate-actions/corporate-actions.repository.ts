import { sql, type Executor } from '@fonrisk/db';
import type { CorporateActionKind, CorporateActionView } from '@fonrisk/contracts';
import { priceSeriesOf } from './derived-series.ts';

/** Actions (of one instrument, or all), newest ex-date first, with the series they adjust. */
export async function listActions(
  ex: Executor,
  filter: { instrumentCode?: string | undefined; id?: number },
): Promise<CorporateActionView[]> {
  const where = [sql`true`];
  if (filter.instrumentCode !== undefined)
    where.push(sql`instrument_code = ${filter.instrumentCode}`);
  if (filter.id !== undefined) where.push(sql`id = ${filter.id}`);
  const result = await ex.execute<{
    /** bigint arrives as a string. */
    id: string;
    instrument_code: string;
    kind: CorporateActionKind;
    ex_date: string;
    ratio: number | null;
    amount: number | null;
    subscription_price: number | null;
    note: string | null;
  }>(sql`
    SELECT id, instrument_code, kind, to_char(ex_date, 'YYYY-MM-DD') AS ex_date, ratio, amount,
      subscription_price, note
    FROM corporate_actions WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ex_date DESC, instrument_code, kind`);
  const codes = [...new Set(result.rows.map((r) => r.instrument_code))];
  const series = await priceSeriesOf(ex, codes);
  const tickersOf = (code: string) =>
    [...series.entries()].filter(([, c]) => c === code).map(([t]) => t);
  return result.rows.map((r) => ({
    id: Number(r.id),
    instrumentCode: r.instrument_code,
    kind: r.kind,
    exDate: r.ex_date,
    ratio: r.ratio,
    amount: r.amount,
    subscriptionPrice: r.subscription_price,
    note: r.note,
    seriesTickers: tickersOf(r.instrument_code),
  }));
}

import { sql, type Executor } from '@fonrisk/db';
import type { TefasFund } from '@fonrisk/contracts';
import type { TefasFundListItem } from '../../connectors/index.ts';

/** The stored fund list with each fund's latest official risk value, by code. */
export async function storedFundList(
  ex: Executor,
): Promise<{ items: TefasFund[]; fetchedAt: string | null }> {
  const rows = await ex.execute<{
    fund_code: string;
    title: string;
    fund_type: string;
    category: string | null;
    founder_code: string | null;
    listed_risk_value: number | null;
    official: number | null;
    official_date: string | null;
    official_source: string | null;
    fetched_at: string;
  }>(sql`
    SELECT f.fund_code, f.title, f.fund_type, f.category, f.founder_code, f.listed_risk_value,
           o.risk_value AS official, to_char(o.date, 'YYYY-MM-DD') AS official_date,
           o.source AS official_source, to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fetched_at
    FROM tefas_funds f
    LEFT JOIN LATERAL (SELECT risk_value, date, source FROM official_risk_values r
      WHERE r.fund_code = f.fund_code ORDER BY date DESC LIMIT 1) o ON true
    ORDER BY f.fund_code`);
  const items = rows.rows.map((r) => ({
    fundCode: r.fund_code,
    title: r.title,
    fundType: r.fund_type,
    category: r.category,
    founderCode: r.founder_code,
    listedRiskValue: r.listed_risk_value,
    officialRiskValue: r.official,
    officialRiskDate: r.official_date,
    officialRiskSource: r.official_source,
  }));
  const fetchedAt = rows.rows.reduce<string | null>(
    (m, r) => (m === null || r.fetched_at > m ? r.fetched_at : m),
    null,
  );
  return { items, fetchedAt };
}

/** Replaces the stored copy of the list of one fund type (funds no longer listed are removed). */
export async function replaceFundList(
  ex: Executor,
  fundType: string,
  items: readonly TefasFundListItem[],
): Promise<void> {
  await ex.execute(sql`DELETE FROM tefas_funds WHERE fund_type = ${fundType}`);
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    await ex.execute(sql`
      INSERT INTO tefas_funds (fund_code, title, fund_type, category, founder_code, listed_risk_value)
      SELECT * FROM unnest(${sql.param(chunk.map((f) => f.fundCode))}::text[],
        ${sql.param(chunk.map((f) => f.title))}::text[], ${sql.param(chunk.map(() => fundType))}::text[],
        ${sql.param(chunk.map((f) => f.category))}::text[], ${sql.param(chunk.map((f) => f.founderCode))}::text[],
        ${sql.param(chunk.map((f) => f.riskValue))}::int[])
      ON CONFLICT (fund_code) DO UPDATE SET title = excluded.title, fund_type = excluded.fund_type,
        category = excluded.category, founder_code = excluded.founder_code,
        listed_risk_value = excluded.listed_risk_value, fetched_at = now(), is_demo = false`);
  }
}

/** Stored official risk values of the funds: the one on `date` and the latest before it. */
export async function officialAround(
  ex: Executor,
  codes: readonly string[],
  date: string,
): Promise<
  Map<string, { onDate: number | null; previous: { date: string; value: number } | null }>
> {
  const rows = await ex.execute<{ fund_code: string; date: string; risk_value: number }>(sql`
    SELECT fund_code, to_char(date, 'YYYY-MM-DD') AS date, risk_value FROM official_risk_values
    WHERE fund_code = ANY(${sql.param([...codes])}::text[]) AND date <= ${date}
    ORDER BY fund_code, date`);
  const out = new Map<
    string,
    { onDate: number | null; previous: { date: string; value: number } | null }
  >();
  for (const code of codes) out.set(code, { onDate: null, previous: null });
  for (const r of rows.rows) {
    const entry = out.get(r.fund_code)!;
    if (r.date === date) entry.onDate = r.risk_value;
    else entry.previous = { date: r.date, value: r.risk_value };
  }
  return out;
}

export async function writeOfficial(
  ex: Executor,
  fundCode: string,
  date: string,
  riskValue: number,
): Promise<void> {
  await ex.execute(sql`
    INSERT INTO official_risk_values (fund_code, date, risk_value, source, is_demo)
    VALUES (${fundCode}, ${date}, ${riskValue}, 'TEFAS', false)
    ON CONFLICT (fund_code, date) DO UPDATE SET risk_value = excluded.risk_value,
      source = excluded.source, is_demo = false`);
}

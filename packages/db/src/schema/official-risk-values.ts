import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Official SPK risk values (risk değeri, 1–7) of funds as published (TEFAS `riskDegeri`), one per
 * fund and date. `fundCode` is the TEFAS code; it need not be a stored portfolio. The risk-value
 * analysis shows the latest one on or before its date beside the computed class.
 */
export const officialRiskValues = pgTable(
  'official_risk_values',
  {
    fundCode: text('fund_code').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    riskValue: integer('risk_value').notNull(),
    /** Where the figure came from ('TEFAS', 'demo', ...). */
    source: text('source').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.fundCode, t.date] })],
);

export type OfficialRiskValueRow = typeof officialRiskValues.$inferSelect;

import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The instrument master. `code` is what holdings carry as `investmentInstrumentCode`. `terms`
 * holds the type-specific terms (bond, option, future, fund or none) exactly as the contracts
 * `InstrumentTermsSchema` validates them; the API and importers validate before writing.
 */
export const instruments = pgTable(
  'instruments',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    mainType: text('main_type').notNull(),
    subType: text('sub_type'),
    currency: text('currency').notNull(),
    issuer: text('issuer'),
    issuerGroup: text('issuer_group'),
    sector: text('sector'),
    isin: text('isin'),
    isForeign: boolean('is_foreign').notNull().default(false),
    tcmbCode: text('tcmb_code'),
    /** For fund shares: the SPK umbrella category (copied from the fund terms for filtering). */
    fundCategory: text('fund_category'),
    terms: jsonb('terms').notNull().default({ kind: 'none' }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instruments_main_type_idx').on(t.mainType),
    index('instruments_isin_idx').on(t.isin),
  ],
);

export type InstrumentRow = typeof instruments.$inferSelect;
export type NewInstrumentRow = typeof instruments.$inferInsert;

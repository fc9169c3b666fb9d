import { readSetting, sql, type Database, type Executor } from '@fonrisk/db';
import type { FetchResult, TokenClaims } from '@fonrisk/contracts';
import {
  bulletinToFxRateRows,
  ConnectorError,
  ConnectorSettingsSchema,
  DEFAULT_CONNECTOR_SETTINGS,
  diffSeries,
  TcmbFxRateSource,
  TefasFundPriceSource,
  type ConnectorSettings,
  type FetchFn,
  type FundPrice,
} from '../../connectors/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { MarketSourceError } from './market-data.errors.ts';

/** Settings key holding the connector settings (partial objects are merged over the defaults). */
export const CONNECTORS_SETTING_KEY = 'connectors';

export async function connectorSettings(ex: Executor): Promise<ConnectorSettings> {
  const row = await readSetting(ex, CONNECTORS_SETTING_KEY);
  const stored = (row?.value ?? {}) as { tcmb?: object; tefas?: object };
  return ConnectorSettingsSchema.parse({
    tcmb: { ...DEFAULT_CONNECTOR_SETTINGS.tcmb, ...stored.tcmb },
    tefas: { ...DEFAULT_CONNECTOR_SETTINGS.tefas, ...stored.tefas },
  });
}

const FX_FIELDS = [
  ['forexBuying', 'forex_buying'],
  ['forexSelling', 'forex_selling'],
  ['banknoteBuying', 'banknote_buying'],
  ['banknoteSelling', 'banknote_selling'],
] as const;

interface KeyedPoint {
  readonly key: string;
  readonly date: string;
  readonly value: number;
}

/** Compares fetched points with stored ones per key; writes the new (and, when accepted, changed). */
function reconcile(stored: readonly KeyedPoint[], fetched: readonly KeyedPoint[]) {
  const keys = new Set(fetched.map((p) => p.key));
  const result: FetchResult = { inserted: 0, unchanged: 0, changed: [] };
  const write: KeyedPoint[] = [];
  for (const key of keys) {
    const diff = diffSeries(
      stored.filter((p) => p.key === key),
      fetched.filter((p) => p.key === key),
    );
    result.inserted += diff.added.length;
    result.unchanged += diff.unchanged.length;
    write.push(...diff.added.map((p) => ({ key, ...p })));
    for (const c of diff.changed) {
      result.changed.push({ key, date: c.date, stored: c.storedValue, fetched: c.fetchedValue });
    }
  }
  return { result, write };
}

function wrap(error: unknown): never {
  if (error instanceof ConnectorError) throw new MarketSourceError(error.message);
  throw error;
}

/**
 * TCMB and TEFAS fetches. A fetch never overwrites stored history silently: differing values are
 * reported in `changed` and written only when the request accepts them.
 */
export function createMarketFetchService(db: Database, fetchFn: FetchFn = fetch) {
  return {
    async tcmb(
      actor: TokenClaims,
      date: string | undefined,
      acceptChanges: boolean,
    ): Promise<FetchResult> {
      const config = await connectorSettings(db);
      const bulletin = await new TcmbFxRateSource(config.tcmb, fetchFn)
        .getDailyRates(date)
        .catch(wrap);
      const rows = bulletinToFxRateRows(bulletin);
      const fetched: KeyedPoint[] = rows.flatMap((r) =>
        FX_FIELDS.flatMap(([field]) =>
          r[field] === null
            ? []
            : [{ key: `${r.currency}.${field}`, date: r.date, value: r[field] }],
        ),
      );
      return db.transaction(async (tx) => {
        const existing = await tx.execute(sql`
          SELECT currency, forex_buying, forex_selling, banknote_buying, banknote_selling
          FROM fx_rates WHERE date = ${bulletin.date}`);
        const stored: KeyedPoint[] = existing.rows.flatMap((r) =>
          FX_FIELDS.flatMap(([field, column]) =>
            r[column] === null
              ? []
              : [
                  {
                    key: `${String(r.currency)}.${field}`,
                    date: bulletin.date,
                    value: Number(r[column]),
                  },
                ],
          ),
        );
        const { result } = reconcile(stored, fetched);
        const changedCurrencies = new Set(result.changed.map((c) => c.key.split('.')[0]));
        for (const r of rows) {
          // A currency with a differing stored value is left as it is unless the user accepts.
          if (changedCurrencies.has(r.currency) && !acceptChanges) continue;
          await tx.execute(sql`
            INSERT INTO fx_rates (currency, date, forex_buying, forex_selling, banknote_buying, banknote_selling)
            VALUES (${r.currency}, ${r.date}, ${r.forexBuying}, ${r.forexSelling}, ${r.banknoteBuying}, ${r.banknoteSelling})
            ON CONFLICT (currency, date) DO UPDATE SET
              forex_buying = coalesce(excluded.forex_buying, fx_rates.forex_buying),
              forex_selling = coalesce(excluded.forex_selling, fx_rates.forex_selling),
              banknote_buying = coalesce(excluded.banknote_buying, fx_rates.banknote_buying),
              banknote_selling = coalesce(excluded.banknote_selling, fx_rates.banknote_selling)`);
        }
        await recordAudit(tx, {
          actor,
          action: 'market-data.tcmb-fetch',
          entity: 'fx-rates',
          entityId: bulletin.date,
          after: { ...result, acceptChanges },
        });
        return result;
      });
    },

    async tefas(
      actor: TokenClaims,
      fundCodes: readonly string[],
      from: string,
      to: string,
      acceptChanges: boolean,
    ): Promise<FetchResult> {
      const config = await connectorSettings(db);
      const source = new TefasFundPriceSource(config.tefas, fetchFn);
      const prices: FundPrice[] = [];
      const endpoints: {
        fundCode: string;
        from: string;
        to: string;
        endpoint: 'json' | 'legacy';
      }[] = [];
      for (const fundCode of fundCodes) {
        const answer = await source.getFundPrices({ fundCode, from, to }).catch(wrap);
        prices.push(...answer.prices);
        endpoints.push(...answer.periods.map((p) => ({ fundCode, ...p })));
      }
      const fetched = prices.map((p) => ({ key: p.fundCode, date: p.date, value: p.price }));
      // Compare with what is stored under the codes and dates TEFAS answered with, not only the
      // ones asked for, so nothing it sends can overwrite a stored value unreported.
      const tickers = [...new Set(fetched.map((p) => p.key))];
      const dates = fetched.map((p) => p.date).sort();
      return db.transaction(async (tx) => {
        for (const [ticker, title] of new Map(prices.map((p) => [p.fundCode, p.fundTitle]))) {
          await tx.execute(sql`
            INSERT INTO market_series (ticker, name, kind, currency) VALUES (${ticker}, ${title}, 'price', 'TRY')
            ON CONFLICT (ticker) DO NOTHING`);
        }
        const existing = tickers.length
          ? await tx.execute<{ key: string; date: string; value: number | string }>(sql`
              SELECT ticker AS key, to_char(date, 'YYYY-MM-DD') AS date, value FROM market_values
              WHERE ticker IN ${tickers} AND date >= ${dates[0]} AND date <= ${dates.at(-1)}`)
          : { rows: [] };
        const { result, write } = reconcile(
          existing.rows.map((r) => ({ ...r, value: Number(r.value) })),
          fetched,
        );
        const accepted = acceptChanges
          ? result.changed.map((c) => ({ key: c.key, date: c.date, value: c.fetched }))
          : [];
        for (const p of [...write, ...accepted]) {
          await tx.execute(sql`
            INSERT INTO market_values (ticker, date, value) VALUES (${p.key}, ${p.date}, ${p.value})
            ON CONFLICT (ticker, date) DO UPDATE SET value = excluded.value`);
        }
        await recordAudit(tx, {
          actor,
          action: 'market-data.tefas-fetch',
          entity: 'market-values',
          entityId: fundCodes.join(','),
          after: { from, to, ...result, acceptChanges, endpoints },
        });
        return result;
      });
    },
  };
}

export type MarketFetchService = ReturnType<typeof createMarketFetchService>;

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResponse } from '@fonrisk/contracts';
import { xlsxOf } from '../imports/test-support.ts';
import { upload, seedMasterData } from '../modules/data-imports/test-support.ts';
import { createTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * Issue 22: generated valid files are accepted and read back exactly through the API (0 silent
 * misreads), numbers written with thousands separators in the Turkish and the international
 * format, as CSV and as .xlsx text cells. Seeded, so that a failure replays.
 */
const RUNS = Number(process.env.FONRISK_FUZZ_ACCEPTED_RUNS ?? 1000);
const P = 'FZA';
const DAY_MS = 86_400_000;

/** A value with 2 decimals of at least a thousand: it shows the file's format ('1.234,56'). */
const withCents = fc
  .tuple(fc.integer({ min: 1_000, max: 99_999_999 }), fc.integer({ min: 1, max: 99 }))
  .map(([whole, cents]) => whole + cents / 100);
/** Either that or a whole number ('1.250' / '1,250'), read by the format the file shows. */
const amount = fc.oneof(withCents, fc.integer({ min: 1_000, max: 99_999_999 }));
/** A file's values: the first shows the format, the others may be whole thousands. */
const values = fc
  .tuple(withCents, fc.array(amount, { maxLength: 2 }))
  .map(([first, rest]) => [first, ...rest]);

/** The number as written in `format`, grouped by thousands ('1.234.567,25' / '1,234,567.25'). */
function written(value: number, format: 'tr' | 'intl'): string {
  const [whole = '', fraction = ''] = value.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format === 'tr' ? '.' : ',');
  if (Number.isInteger(value)) return grouped;
  return `${grouped}${format === 'tr' ? ',' : '.'}${fraction}`;
}

const iso = (day: number) =>
  new Date(Date.UTC(2000, 0, 1) + day * DAY_MS).toISOString().slice(0, 10);
const dmy = (isoDate: string) => isoDate.split('-').reverse().join('.');

async function fileOf(rows: string[][], xlsx: boolean, delimiter: string): Promise<Buffer> {
  if (xlsx) return Buffer.from(await xlsxOf(rows));
  const quote = (c: string) => (c.includes(delimiter) ? `"${c}"` : c);
  return Buffer.from(`${rows.map((r) => r.map(quote).join(delimiter)).join('\r\n')}\r\n`);
}

describe('fuzzing: accepted files read back exactly', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.login('superadmin')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  const get = async <T>(url: string): Promise<T> => {
    const r = await api.app.inject({ method: 'GET', url, headers: api.headers(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  };

  it('prices: every generated file is stored as it means', async () => {
    let day = 0;
    await fc.assert(
      fc.asyncProperty(
        values,
        fc.constantFrom('tr' as const, 'intl' as const),
        fc.boolean(),
        async (generated, format, xlsx) => {
          const dates = generated.map(() => iso((day += 1)));
          const rows = [
            ['Sembol', 'Tarih', 'Kapanış'],
            ...generated.map((v, i) => [`${P}HIS1`, dmy(dates[i]!), written(v, format)]),
          ];
          const delimiter = format === 'tr' ? ';' : ',';
          const file = await fileOf(rows, xlsx, delimiter);
          const r = await upload(
            api,
            token,
            'prices',
            file,
            '?acceptWarnings=true&confirmReplace=true',
          );
          expect(r.statusCode, r.body).toBe(200);
          expect(r.json<ImportResponse>().rowCount).toBe(generated.length);
          const stored = await get<{ date: string; value: number }[]>(
            `/api/series/${P}HIS1/values?from=${dates[0]!}&to=${dates.at(-1)!}`,
          );
          expect(stored.map((s) => [s.date, s.value])).toEqual(
            generated.map((v, i) => [dates[i], v]),
          );
        },
      ),
      { numRuns: RUNS, seed: 22 },
    );
  }, 600_000);

  it('FX rates: every generated file is stored as it means', async () => {
    let day = 0;
    await fc.assert(
      fc.asyncProperty(
        // Each column shows the format: an .xlsx sheet decides it column by column.
        withCents,
        withCents,
        fc.constantFrom('tr' as const, 'intl' as const),
        fc.boolean(),
        async (buying, selling, format, xlsx) => {
          const date = iso((day += 1));
          const rows = [
            ['Tarih', 'Döviz Kodu', 'Döviz Alış', 'Döviz Satış'],
            [dmy(date), 'USD', written(buying, format), written(selling, format)],
          ];
          const file = await fileOf(rows, xlsx, format === 'tr' ? ';' : ',');
          const r = await upload(
            api,
            token,
            'fxRates',
            file,
            '?acceptWarnings=true&confirmReplace=true',
          );
          expect(r.statusCode, r.body).toBe(200);
          const stored = await get<{ forexBuying: number | null; forexSelling: number | null }[]>(
            `/api/fx-rates?currency=USD&from=${date}&to=${date}`,
          );
          expect(stored.map((s) => [s.forexBuying, s.forexSelling])).toEqual([[buying, selling]]);
        },
      ),
      { numRuns: RUNS, seed: 22 },
    );
  }, 600_000);

  it('cash flows: every generated file is stored as it means (1.250 and 1,250 are a thousand two hundred and fifty)', async () => {
    let day = 0;
    await fc.assert(
      fc.asyncProperty(
        values,
        fc.constantFrom('tr' as const, 'intl' as const),
        fc.boolean(),
        async (generated, format, xlsx) => {
          const date = iso((day += 1));
          const rows = [
            ['portfolioCode', 'flowDate', 'kind', 'amountTry'],
            ...generated.map((v) => [`${P}MUS`, dmy(date), 'deposit', written(v, format)]),
          ];
          const file = await fileOf(rows, xlsx, format === 'tr' ? ';' : ',');
          const r = await upload(
            api,
            token,
            'cashFlows',
            file,
            '?acceptWarnings=true&confirmReplace=true',
          );
          expect(r.statusCode, r.body).toBe(200);
          const { items } = await get<{ items: { flowDate: string; amountTry: number }[] }>(
            `/api/portfolios/${P}MUS/cash-flows`,
          );
          const stored = items.filter((f) => f.flowDate === date).map((f) => f.amountTry);
          expect(stored.sort((a, b) => a - b)).toEqual([...generated].sort((a, b) => a - b));
        },
      ),
      { numRuns: RUNS, seed: 22 },
    );
  }, 600_000);
});

// Issue 22, "no deadlock": two confirmed price uploads of the same 300 dates, with their rows in
// opposite order, raced 20 times: no error, and the stored series is one whole file (the one
// written last), never a mix of both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, marketSeries, marketValues } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { upload } from './test-support.ts';

const TICKER = 'YARIS';
const DATES = Array.from({ length: 300 }, (_, i) =>
  new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
);

/** A prices file giving every date the value `value`, rows in date order or reversed. */
function file(value: number, reversed: boolean): string {
  const rows = DATES.map((d) => `${TICKER};${d};${String(value).replace('.', ',')}`);
  return ['Sembol;Tarih;Kapanış', ...(reversed ? rows.reverse() : rows)].join('\n');
}

describe('two confirmed price uploads of the same dates at once', () => {
  let api: TestApi;
  let runner: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    await api.database.db
      .insert(marketSeries)
      .values({ ticker: TICKER, name: 'Yarış', kind: 'price', currency: 'TRY' });
    await api.database.db
      .insert(marketValues)
      .values(DATES.map((date) => ({ ticker: TICKER, date, value: 100 })));
  });
  afterAll(() => api.close());

  it('never deadlock, and leave one whole file', { timeout: 300_000 }, async () => {
    const query = '?confirmReplace=true&acceptWarnings=true';
    for (let round = 0; round < 20; round++) {
      const [a, b] = [100 + round * 0.01 + 0.001, 100 + round * 0.01 + 0.002];
      const responses = await Promise.all([
        upload(api, runner, 'prices', file(a, false), query),
        upload(api, runner, 'prices', file(b, true), query),
      ]);
      for (const r of responses)
        expect(r.statusCode, `round ${String(round)}: ${r.body}`).toBe(200);
      const stored = await api.database.db
        .select({ value: marketValues.value })
        .from(marketValues)
        .where(eq(marketValues.ticker, TICKER));
      expect(stored).toHaveLength(300);
      const values = new Set(stored.map((s) => s.value));
      expect(values.size, `round ${String(round)}: one file's values`).toBe(1);
      expect([a, b]).toContain([...values][0]);
    }
  });
});

// The worker's cache of market reads (decision 0078): a run whose snapshot sees the same
// market-data version as an earlier run gets that run's answers to the marked statements without
// sending them, records them as if it had (its replay reads the same window to the bit), and a
// run whose snapshot sees a later write reads the database again; reference reads likewise, by a
// version of their own (decision 0115). The cache keeps its size and the input-bundle parts that
// runs made of their reads (decision 0086).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  and,
  eq,
  fxRates,
  instrumentDetails,
  instruments,
  MARKET_READ_MARK,
  tickerMappings,
  marketValues,
  SERIES_COLUMNS_MARK,
  CALENDAR_START_MARK,
  LATEST_DAYS_MARK,
  REFERENCE_READ_MARK,
  databaseOver,
  readMarketWindow,
  type Database,
  type MarketWindow,
} from '@fonrisk/db';
import { createTestDatabase, insertTryPriceSeries, type TestDatabase } from '@fonrisk/db/testing';
import { ReplayingPool } from '../replay/replaying-pool.ts';
import { partMemo } from './input-bundle.ts';
import { answerBytes, createMarketReadCache, type MarketReadCache } from './market-read-cache.ts';
import { openRunSnapshot, type RunSnapshot } from './run-snapshot.ts';
import { recordingDatabase, type RawClient, type RecordingPool } from './statement-recorder.ts';

let t: TestDatabase;
const DATES = Array.from({ length: 30 }, (_, k) =>
  new Date(Date.UTC(2025, 0, 1 + k)).toISOString().slice(0, 10),
);
const TICKERS = ['AAA', 'BBB', 'CCC'];

beforeAll(async () => {
  t = await createTestDatabase();
  await insertTryPriceSeries(t.db, TICKERS);
  await t.db.insert(marketValues).values(
    TICKERS.flatMap((ticker, i) =>
      DATES.filter((_, k) => (k + i) % 7 !== 0).map((date, k) => ({
        ticker,
        date,
        value: 100 + i + k / 3,
      })),
    ),
  );
});
afterAll(async () => {
  await t.drop();
});

/** Counts what reaches the database on the run's snapshot connection. */
function counting(client: RawClient): {
  client: RawClient;
  sent: string[];
  sentValues: unknown[][];
} {
  const sent: string[] = [];
  const sentValues: unknown[][] = [];
  return {
    sent,
    sentValues,
    client: {
      query: (config, values) => {
        sent.push(typeof config === 'string' ? config : config.text);
        sentValues.push(values ?? (typeof config === 'string' ? [] : (config.values ?? [])));
        return client.query(config, values);
      },
    },
  };
}

/** The tickers of the packed series reads a run sent (decision 0081). */
function seriesSent(sent: readonly string[], sentValues: readonly unknown[][]): string[][] {
  return sent.flatMap((text, i) =>
    text.startsWith(SERIES_COLUMNS_MARK) ? [sentValues[i]![0] as string[]] : [],
  );
}

/**
 * A market window of `tickers` read on a run's own snapshot through the recording database with
 * `cache` (null: straight from the database), its replay, and the series it sent.
 */
async function windowRead(
  cache: MarketReadCache | null,
  tickers: readonly string[],
  from: string,
  lookback: number,
): Promise<{
  window: MarketWindow;
  replayed: MarketWindow;
  series: string[][];
  kept: number;
  starts: number;
  /** The tickers of the latest-days statements it sent for the first date (decision 0094). */
  latest: string[][];
  /** The tickers of the recorded packed series read's rows, in their order. */
  recordedOrder: string[];
  recorder: RecordingPool;
}> {
  const own = await openRunSnapshot(t.db);
  try {
    const { client, sent, sentValues } = counting(own.client);
    const { db, recorder } = recordingDatabase(t.db, client, null, cache);
    const window = await readMarketWindow(db, tickers, from, DATES[29]!, lookback);
    const replayDb: Database = databaseOver(new ReplayingPool(recorder.statements));
    const replayed = await readMarketWindow(replayDb, tickers, from, DATES[29]!, lookback);
    return {
      window,
      replayed,
      series: seriesSent(sent, sentValues),
      kept: recorder.seriesKept,
      starts: sent.filter((text) => text.startsWith(CALENDAR_START_MARK)).length,
      latest: sent.flatMap((text, i) =>
        text.startsWith(LATEST_DAYS_MARK) ? [sentValues[i]![0] as string[]] : [],
      ),
      recordedOrder: recorder.statements
        .filter((s) => s.text.startsWith(SERIES_COLUMNS_MARK))
        .flatMap((s) => s.rows.map((row) => (row as { ticker: string }).ticker)),
      recorder,
    };
  } finally {
    await own.close();
  }
}

/** A run's market read on its own snapshot, through the recording database with `cache`. */
async function runRead(
  cache: MarketReadCache,
  snapshot?: RunSnapshot,
): Promise<{ window: MarketWindow; sent: string[]; hits: number; replayed: MarketWindow }> {
  const own = snapshot ?? (await openRunSnapshot(t.db));
  try {
    const { client, sent } = counting(own.client);
    // As the runner does: with the version read with the snapshot (run-snapshot.ts).
    const { db, recorder } = recordingDatabase(t.db, client, null, cache, own);
    const window = await readMarketWindow(db, TICKERS, DATES[25]!, DATES[29]!, 10);
    const replayDb: Database = databaseOver(new ReplayingPool(recorder.statements));
    const replayed = await readMarketWindow(replayDb, TICKERS, DATES[25]!, DATES[29]!, 10);
    return { window, sent, hits: recorder.cacheHits, replayed };
  } finally {
    if (!snapshot) await own.close();
  }
}

const digest = (w: MarketWindow) =>
  JSON.stringify({
    dates: w.dates,
    series: [...w.series.values()].map((s) => [
      s.ticker,
      Buffer.from(s.values.buffer).toString('hex'),
    ]),
    fx: [...w.fx.keys()],
  });

describe('market reads from the cache', () => {
  it('answers a run of the same version from the cache, records it for the replay, and reads again after a write', async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const first = await runRead(cache);
    expect(first.hits).toBe(0);
    const second = await runRead(cache);
    // The window's first date, the packed values and the FX rates (decision 0096): market reads;
    // the series' descriptions: a reference read (decision 0115). All answered here.
    expect(second.hits).toBe(4);
    expect(second.sent).toEqual([]);
    expect(digest(second.window)).toBe(digest(first.window));
    expect(digest(second.replayed)).toBe(digest(first.window));
    expect(digest(first.replayed)).toBe(digest(first.window));

    // A snapshot taken before the write keeps reading what it saw: from the cache.
    const before = await openRunSnapshot(t.db);
    try {
      await before.client.query('SELECT 1');
      await t.db
        .update(marketValues)
        .set({ value: 999 })
        .where(and(eq(marketValues.ticker, 'AAA'), eq(marketValues.date, DATES[29]!)));
      const old = await runRead(cache, before);
      expect(old.hits).toBe(4);
      expect(digest(old.window)).toBe(digest(first.window));
    } finally {
      await before.close();
    }
    const after = await runRead(cache);
    // The market reads again; the series' descriptions, of another version, from the cache.
    expect(after.hits).toBe(1);
    expect(after.sent.filter((text) => text.includes('market_series')).length).toBe(0);
    expect(after.window.series.get('AAA')!.values.at(-1)).toBe(999);
    expect(digest(after.replayed)).toBe(digest(after.window));

    // An FX write moves the version too: the next run reads the rates again and sees it.
    const rate = async () => (await runRead(cache)).window.fx.get('USD')?.at(-1);
    await t.db
      .insert(fxRates)
      .values({ currency: 'USD', date: DATES[29]!, forexBuying: 35 })
      .onConflictDoUpdate({ target: [fxRates.currency, fxRates.date], set: { forexBuying: 35 } });
    expect(await rate()).toBe(35);
    await t.db.update(fxRates).set({ forexBuying: 36 }).where(eq(fxRates.currency, 'USD'));
    const moved = await runRead(cache);
    expect(moved.hits).toBe(1);
    expect(moved.window.fx.get('USD')?.at(-1)).toBe(36);
    expect(digest(moved.replayed)).toBe(digest(moved.window));
  });

  it('answers reference reads by their own version: an instrument write leaves the market reads cached, a market write the reference reads (decision 0115)', async () => {
    await t.db.insert(instruments).values([
      { code: 'HAAA', name: 'Hisse A', mainType: 'share', currency: 'TRY' },
      { code: 'HBBB', name: 'Hisse B', mainType: 'share', currency: 'TRY' },
    ]);
    await t.db
      .insert(tickerMappings)
      .values([{ instrumentCode: 'HAAA', seriesTicker: 'AAA', mappingKind: 'direct' }]);
    const cache = createMarketReadCache(64 * 1024 * 1024);
    /** A run's instruments read and market window on its own snapshot, and its replay. */
    const run = async () => {
      const own = await openRunSnapshot(t.db);
      try {
        const { client, sent } = counting(own.client);
        const { db, recorder } = recordingDatabase(t.db, client, null, cache, own);
        const details = await instrumentDetails(db, ['HAAA', 'HBBB']);
        const window = await readMarketWindow(db, TICKERS, DATES[25]!, DATES[29]!, 10);
        const replayDb: Database = databaseOver(new ReplayingPool(recorder.statements));
        const replayed = await instrumentDetails(replayDb, ['HAAA', 'HBBB']);
        const reads = (mark: string) => sent.filter((text) => text.startsWith(mark)).length;
        return {
          details,
          window,
          replayed,
          referenceSent: reads(REFERENCE_READ_MARK),
          marketSent: reads(MARKET_READ_MARK),
        };
      } finally {
        await own.close();
      }
    };
    const first = await run();
    expect(first.referenceSent).toBe(2); // the instruments and the series' descriptions
    expect(first.details.get('HAAA')?.mappingTicker).toBe('AAA');
    const second = await run();
    expect([second.referenceSent, second.marketSent]).toEqual([0, 0]);
    expect(second.details).toEqual(first.details);
    expect(second.replayed).toEqual(first.details);

    // A mapping written: the reference reads again and sees it; the market reads stay cached.
    await t.db
      .insert(tickerMappings)
      .values({ instrumentCode: 'HBBB', seriesTicker: 'BBB', mappingKind: 'proxy' });
    const mapped = await run();
    expect([mapped.referenceSent, mapped.marketSent]).toEqual([2, 0]);
    expect(mapped.details.get('HBBB')?.mappingTicker).toBe('BBB');
    expect(mapped.replayed).toEqual(mapped.details);
    expect(digest(mapped.window)).toBe(digest(first.window));

    // An instrument renamed: the same.
    await t.db
      .update(instruments)
      .set({ name: 'Hisse B yeni' })
      .where(eq(instruments.code, 'HBBB'));
    const renamed = await run();
    expect(renamed.referenceSent).toBe(2);
    expect(renamed.details.get('HBBB')?.name).toBe('Hisse B yeni');

    // A market value written: the market reads again, the reference reads stay cached.
    await t.db
      .update(marketValues)
      .set({ value: 555 })
      .where(and(eq(marketValues.ticker, 'BBB'), eq(marketValues.date, DATES[28]!)));
    const valued = await run();
    expect(valued.referenceSent).toBe(0);
    expect(valued.marketSent).toBeGreaterThan(0);
    expect(valued.details).toEqual(renamed.details);
    expect(valued.window.series.get('BBB')!.values.at(-2)).toBe(555);
  });

  it('sends a read once for two runs that ask for it at the same time', async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const [a, b] = await Promise.all([runRead(cache), runRead(cache)]);
    // The first date (its latest days), the packed values and the FX rates: each sent by one of
    // the two runs; the other waited for its answer (recorded as its own: both replay the same).
    const marked = (r: { sent: string[] }) =>
      r.sent.filter(
        (text) => text.includes('market values only') || text.startsWith(LATEST_DAYS_MARK),
      ).length;
    expect(marked(a) + marked(b)).toBe(3);
    // ...and so is the series' descriptions, a reference read.
    const described = (r: { sent: string[] }) =>
      r.sent.filter((text) => text.startsWith(REFERENCE_READ_MARK)).length;
    expect(described(a) + described(b)).toBe(1);
    expect(a.hits + b.hits).toBe(4);
    expect(digest(a.window)).toBe(digest(b.window));
    expect(digest(a.replayed)).toBe(digest(a.window));
    expect(digest(b.replayed)).toBe(digest(b.window));
  });

  it("forms the window's first date from a kept ticker's days and another's read (decision 0094)", async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    // BBB kept over a long window; CCC misses day 19, which BBB has: with BBB the window's
    // eight latest days up to day 25 start on day 18, without it on day 17.
    const first = await windowRead(cache, ['BBB'], DATES[28]!, 20);
    expect(first.latest).toEqual([['BBB']]);
    const both = await windowRead(cache, ['CCC', 'BBB'], DATES[25]!, 7);
    expect(both.latest).toEqual([['CCC']]);
    expect(both.window.dates[0]).toBe(DATES[18]);
    const direct = await windowRead(null, ['CCC', 'BBB'], DATES[25]!, 7);
    expect(direct.starts).toBe(1);
    expect(digest(both.window)).toBe(digest(direct.window));
    expect(digest(both.replayed)).toBe(digest(direct.window));
  });

  it("answers a fund's series read from other funds' reads of its series: sends only the others, the same window and replay", async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    // A fund holding AAA and BBB, over a long window.
    const first = await windowRead(cache, ['BBB', 'AAA'], DATES[20]!, 15);
    expect(first.series).toEqual([['AAA', 'BBB']]);
    // A fund holding BBB and CCC over a shorter window: BBB is sliced from the first read.
    const second = await windowRead(cache, ['CCC', 'BBB', 'CCC'], DATES[25]!, 5);
    expect(second.series).toEqual([['CCC']]);
    expect(second.kept).toBe(1);
    const direct = await windowRead(null, ['CCC', 'BBB', 'CCC'], DATES[25]!, 5);
    expect(digest(second.window)).toBe(digest(direct.window));
    // Recorded as the database answers: one row per ticker, in the tickers' byte order.
    expect(second.recordedOrder).toEqual(direct.recordedOrder);
    expect(direct.recordedOrder).toEqual(['BBB', 'CCC']);
    expect(digest(second.replayed)).toBe(digest(direct.window));
    // All three over a window no read covered: all sent again (a longer one than kept).
    const third = await windowRead(cache, ['AAA', 'BBB', 'CCC'], DATES[26]!, 24);
    expect(third.series).toEqual([['AAA', 'BBB', 'CCC']]);
    const thirdDirect = await windowRead(null, ['AAA', 'BBB', 'CCC'], DATES[26]!, 24);
    expect(digest(third.window)).toBe(digest(thirdDirect.window));
    // Now every one of them is kept over that window: a fourth fund sends nothing, not even the
    // window's first date (formed from the kept rows, which hold the days before it).
    const fourth = await windowRead(cache, ['CCC', 'AAA'], DATES[27]!, 3);
    expect(fourth.series).toEqual([]);
    expect(fourth.latest).toEqual([]);
    // The first date: never the first-date statement itself, its latest days read for the
    // tickers whose kept rows do not hold them only (decision 0094).
    expect([first, second, third, fourth].map((r) => r.starts)).toEqual([0, 0, 0, 0]);
    expect([first.latest, second.latest, third.latest]).toEqual([
      [['BBB', 'AAA']],
      [['CCC']],
      [['AAA', 'BBB', 'CCC']],
    ]);
    expect(digest(fourth.window)).toBe(
      digest((await windowRead(null, ['CCC', 'AAA'], DATES[27]!, 3)).window),
    );
    expect(digest(fourth.replayed)).toBe(digest(fourth.window));
  });

  it('knows the bundle part a run made of a market read for the same read of a later run only', async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const seriesRows = (r: RecordingPool) =>
      r.statements.find((s) => s.text.startsWith(SERIES_COLUMNS_MARK))!.rows;
    const part = { hash: 'a'.repeat(64), jsonBytes: 1234 };
    const first = await windowRead(cache, ['AAA', 'BBB'], DATES[20]!, 15);
    const memoOf = (r: RecordingPool) => partMemo(cache, (v) => r.readKey(v));
    const memo = memoOf(first.recorder);
    expect(memo.known(seriesRows(first.recorder))).toBeUndefined();
    memo.learn(seriesRows(first.recorder), part);
    // A reference read's rows are named too (decision 0115); rows that are no read's (as those
    // of a statement that is neither a market nor a reference read) are neither known nor learnt.
    const described = first.recorder.statements.find((s) =>
      s.text.startsWith(REFERENCE_READ_MARK),
    )!;
    expect(first.recorder.readKey(described.rows)).toBeDefined();
    const other = [{ code: 'HAAA' }];
    memo.learn(other, part);
    expect(memo.known(other)).toBeUndefined();

    // The same read by another run (answered from the kept rows): known, without its text.
    const again = await windowRead(cache, ['AAA', 'BBB'], DATES[20]!, 15);
    expect(again.series).toEqual([]);
    expect(memoOf(again.recorder).known(seriesRows(again.recorder))).toEqual(part);
    // The same rows asked for in another order: another statement, not known (and not wrong).
    const reordered = await windowRead(cache, ['BBB', 'AAA'], DATES[20]!, 15);
    expect(memoOf(reordered.recorder).known(seriesRows(reordered.recorder))).toBeUndefined();
    // Another window of the same series: other rows, not known.
    const shorter = await windowRead(cache, ['AAA', 'BBB'], DATES[25]!, 5);
    expect(memoOf(shorter.recorder).known(seriesRows(shorter.recorder))).toBeUndefined();
    // After a write to market data (another version), the same read is not known either.
    await t.db
      .update(marketValues)
      .set({ value: 555 })
      .where(and(eq(marketValues.ticker, 'BBB'), eq(marketValues.date, DATES[28]!)));
    const later = await windowRead(cache, ['AAA', 'BBB'], DATES[20]!, 15);
    expect(later.series).toEqual([['AAA', 'BBB']]);
    expect(memoOf(later.recorder).known(seriesRows(later.recorder))).toBeUndefined();
    // Without the cache, a recording names no read: it cannot tell which version it read.
    const uncached = (await windowRead(null, ['AAA', 'BBB'], DATES[20]!, 15)).recorder;
    expect(uncached.readKey(seriesRows(uncached))).toBeUndefined();
  });

  it("names each ticker's recorded row by what it holds, whichever fund's read it is (decision 0091)", async () => {
    const cache = createMarketReadCache(64 * 1024 * 1024);
    const rowNames = (r: RecordingPool) => {
      const rows = r.statements.find((s) => s.text.startsWith(SERIES_COLUMNS_MARK))!.rows;
      return new Map(
        rows.map((row) => [(row as { ticker: string }).ticker, r.readKey(row as object)]),
      );
    };
    // The first fund reads AAA and BBB from the database; the second BBB (kept) and CCC (sent).
    const first = rowNames((await windowRead(cache, ['AAA', 'BBB'], DATES[20]!, 15)).recorder);
    const second = rowNames((await windowRead(cache, ['BBB', 'CCC'], DATES[20]!, 15)).recorder);
    expect(first.get('AAA')).toMatch(/series-row/);
    expect(second.get('BBB'), "BBB's row over the same window").toBe(first.get('BBB'));
    expect(new Set([...first.values(), second.get('CCC')]).size, 'one name a row').toBe(3);
    // Over another window, another row and another name; without the cache, none.
    const shorter = rowNames((await windowRead(cache, ['BBB'], DATES[25]!, 5)).recorder);
    expect(shorter.get('BBB')).not.toBe(first.get('BBB'));
    const uncached = rowNames((await windowRead(null, ['BBB'], DATES[20]!, 15)).recorder);
    expect(uncached.get('BBB')).toBeUndefined();
  });

  it('keeps its size: the least recently used answer goes first, an answer too large for it is not kept', () => {
    const cache = createMarketReadCache(16_000);
    const answer = (n: number) => ({
      rows: [{ v: 'x'.repeat(n) }],
      encodedRows: [],
      rowCount: 1,
      command: 'SELECT',
    });
    cache.set('a', answer(40), 1_000);
    cache.set('b', answer(40), 1_000);
    cache.set('c', answer(40), 1_000);
    for (let i = 0; i < 12; i++) cache.set(`filler${String(i)}`, answer(40), 1_000);
    expect(cache.get('a')).toBeDefined(); // now most recently used
    cache.set('d', answer(40), 1_000);
    cache.set('e', answer(40), 1_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(16_000);
    cache.set('huge', answer(40), 1_001); // above a sixteenth of 16,000 bytes
    expect(cache.get('huge')).toBeUndefined();
    expect(answerBytes([{ s: 'ab', b: Buffer.alloc(10), n: 1 }])).toBe(4 + 10 + 8);
  });
});

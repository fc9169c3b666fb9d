import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, type ImportKind } from '@fonrisk/contracts';
import {
  and,
  asc,
  auditCriteria,
  corporateActions,
  eq,
  gte,
  holdings,
  inArray,
  instruments,
  isNull,
  lte,
} from '@fonrisk/db';
import { ensureShippedCriteria } from '../modules/internal-audit/criteria.service.ts';
import { seedMasterData } from '../modules/data-imports/test-support.ts';
import { createTestApi, type TestApi } from '../testing/test-api.ts';
import {
  acceptAll,
  columnOf,
  dmy,
  fileOf,
  iso,
  sample,
  style,
  values,
  withCents,
  written,
} from '../testing/fuzz-files.ts';

/**
 * Issue 22: generated valid files of every import kind, and criteria files of internal audit,
 * are accepted and read back exactly (0 silent misreads): numbers written with thousands
 * separators in the Turkish and the international format, as CSV and as .xlsx text cells, under
 * Turkish or key headers. Seeded, so that a failure replays. Files are written in memory, sent
 * in-process and read back with one query per batch (`acceptAll`).
 */
const RUNS = Number(process.env.FONRISK_FUZZ_ACCEPTED_RUNS ?? 1000);
const P = 'FZA';
const IMPORT_QUERY = '?acceptWarnings=true&confirmReplace=true';

/** A kind's header of column `key`: its Turkish label, or its key. */
function header(kind: ImportKind, key: string, labels: boolean): string {
  const column = IMPORT_COLUMNS[kind].find((c) => c.key === key);
  if (!column) throw new Error(`${kind} has no column ${key}`);
  return labels ? column.label : key;
}

/** The shape every file of the suite is drawn from: its values, format, container, headers. */
const fileShape = <T>(content: fc.Arbitrary<T>) =>
  fc.record({ content, format: style, xlsx: fc.boolean(), labels: fc.boolean() });

/** The first and last of the ISO dates of a batch's cases (each case lists its own). */
function span(batch: readonly { readonly dates: readonly string[] }[]): [string, string] {
  const all = batch.flatMap((c) => c.dates).sort();
  return [all[0]!, all.at(-1)!];
}

describe('fuzzing: accepted files read back exactly', () => {
  let api: TestApi;
  let token: string;
  const started = process.cpuUsage();

  beforeAll(async () => {
    api = await createTestApi();
    token = (await api.login('superadmin')).accessToken;
    await seedMasterData(api.database.db, P);
    await ensureShippedCriteria(api.database.db);
  });
  afterAll(async () => {
    const cpu = process.cpuUsage(started);
    console.log(
      `Kabul bulanık testi: ${String(RUNS)} dosya/tür, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (test süreci)`,
    );
    await api.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const r = await api.app.inject({ method: 'GET', url, headers: api.headers(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  };
  const timed = async (kind: string, work: () => Promise<number>) => {
    const cpu = process.cpuUsage();
    const accepted = await work();
    const used = process.cpuUsage(cpu);
    console.log(
      `Bulanık kabul ${kind}: ${String(accepted)} dosya, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`,
    );
    expect(accepted).toBe(RUNS);
  };

  it('prices: every generated file is stored as it means', async () => {
    let day = 0;
    const cases = sample(fileShape(values), RUNS).map(({ content, format, xlsx, labels }) => {
      const dates = content.map(() => iso((day += 1)));
      const rows = [
        ['ticker', 'date', 'close'].map((k) => header('prices', k, labels)),
        ...content.map((v, i) => [`${P}HIS1`, dmy(dates[i]!), written(v, format)]),
      ];
      const expected = content.map((v, i) => [dates[i], v]);
      return { file: fileOf(rows, xlsx, format), expected, dates };
    });
    await timed('fiyat', () =>
      acceptAll(api, token, {
        url: `/api/imports/prices${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const [from, to] = span(batch);
          const stored = await get<{ date: string; value: number }[]>(
            `/api/series/${P}HIS1/values?from=${from}&to=${to}`,
          );
          const byDate = new Map(stored.map((s) => [s.date, s.value]));
          return batch.map((c) => c.dates.map((d) => [d, byDate.get(d)]));
        },
      }),
    );
  }, 600_000);

  it('FX rates: every generated file is stored as it means', async () => {
    let day = 0;
    // Each column shows the format: an .xlsx sheet decides it column by column.
    const content = fc.tuple(withCents, withCents);
    const cases = sample(fileShape(content), RUNS).map(
      ({ content: pair, format, xlsx, labels }) => {
        const date = iso((day += 1));
        const keys = ['date', 'currency', 'forexBuying', 'forexSelling'];
        const rows = [
          keys.map((k) => header('fxRates', k, labels)),
          [dmy(date), 'USD', written(pair[0], format), written(pair[1], format)],
        ];
        return { file: fileOf(rows, xlsx, format), expected: pair, dates: [date] };
      },
    );
    await timed('döviz', () =>
      acceptAll(api, token, {
        url: `/api/imports/fxRates${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const [from, to] = span(batch);
          const stored = await get<
            { date: string; forexBuying: number | null; forexSelling: number | null }[]
          >(`/api/fx-rates?currency=USD&from=${from}&to=${to}`);
          const byDate = new Map(stored.map((s) => [s.date, [s.forexBuying, s.forexSelling]]));
          return batch.map((c) => byDate.get(c.dates[0]!));
        },
      }),
    );
  }, 600_000);

  it('cash flows: every generated file is stored as it means (1.250 and 1,250 are a thousand two hundred and fifty)', async () => {
    let day = 0;
    const cases = sample(fileShape(values), RUNS).map(({ content, format, xlsx, labels }) => {
      const date = iso((day += 1));
      const rows = [
        ['portfolioCode', 'flowDate', 'kind', 'amountTry'].map((k) =>
          header('cashFlows', k, labels),
        ),
        ...content.map((v) => [`${P}MUS`, dmy(date), 'deposit', written(v, format)]),
      ];
      const expected = [...content].sort((a, b) => a - b);
      return { file: fileOf(rows, xlsx, format), expected, dates: [date] };
    });
    await timed('nakit akışı', () =>
      acceptAll(api, token, {
        url: `/api/imports/cashFlows${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const { items } = await get<{ items: { flowDate: string; amountTry: number }[] }>(
            `/api/portfolios/${P}MUS/cash-flows`,
          );
          return batch.map((c) =>
            items
              .filter((f) => f.flowDate === c.dates[0])
              .map((f) => f.amountTry)
              .sort((a, b) => a - b),
          );
        },
      }),
    );
  }, 600_000);

  it('holdings: every generated file is stored as it means, row by row', async () => {
    let day = 0;
    const owned = [`${P}HIS1`, `${P}HIS2`, `${P}MEVD`];
    const content = fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(columnOf(n), columnOf(n)));
    const cases = sample(fileShape(content), RUNS).map(
      ({ content: cols, format, xlsx, labels }) => {
        const date = iso((day += 1));
        const [current, nominal] = cols;
        const keys = [
          'portfolioCode',
          'portfolioDate',
          'investmentInstrumentCode',
          'investmentInstrumentName',
          'currentValue',
          'nominalValue',
        ];
        const name = (i: number) => `Şişe Çağ Ürün ${String(i + 1)}`;
        const rows = [
          keys.map((k) => header('holdings', k, labels)),
          ...current.map((v, i) => [
            `${P}FONA`,
            dmy(date),
            owned[i]!,
            name(i),
            written(v, format),
            written(nominal[i]!, format),
          ]),
        ];
        const expected = current.map((v, i) => [owned[i], name(i), v, nominal[i]]);
        return { file: fileOf(rows, xlsx, format), expected, dates: [date] };
      },
    );
    await timed('portföy dağılımı', () =>
      acceptAll(api, token, {
        url: `/api/imports/holdings${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const [from, to] = span(batch);
          const stored = await api.database.db
            .select()
            .from(holdings)
            .where(
              and(
                eq(holdings.portfolioCode, `${P}FONA`),
                gte(holdings.portfolioDate, from),
                lte(holdings.portfolioDate, to),
              ),
            )
            .orderBy(asc(holdings.portfolioDate), asc(holdings.rowNo));
          return batch.map((c) =>
            stored
              .filter((h) => h.portfolioDate === c.dates[0])
              .map((h) => [h.instrumentCode, h.instrumentName, h.currentValue, h.nominalValue]),
          );
        },
      }),
    );
  }, 600_000);

  it('instruments: every generated file is stored as it means, attributes and terms', async () => {
    let file = 0;
    const content = fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(columnOf(n), columnOf(n)));
    const cases = sample(fileShape(content), RUNS).map(
      ({ content: cols, format, xlsx, labels }) => {
        file += 1;
        const [strikes, sizes] = cols;
        const codes = strikes.map((_, i) => `FZO${String(file)}-${String(i + 1)}`);
        const expiry = iso(10_000 + file);
        const keys = [
          'investmentInstrumentCode',
          'investmentInstrumentName',
          'investmentInstrumentMainType',
          'currency',
          'issuer',
          'underlying',
          'strike',
          'expiryDate',
          'optionType',
          'exerciseStyle',
          'contractSize',
        ];
        const rows = [
          keys.map((k) => header('instruments', k, labels)),
          ...codes.map((code, i) => [
            code,
            `Opsiyon ${code}`,
            'option',
            'TRY',
            'Çağrı İhraç Ş.',
            `${P}HIS1`,
            written(strikes[i]!, format),
            dmy(expiry),
            'call',
            'european',
            written(sizes[i]!, format),
          ]),
        ];
        const expected = codes.map((code, i) => [code, 'Çağrı İhraç Ş.', strikes[i], sizes[i]]);
        return { file: fileOf(rows, xlsx, format), expected, codes };
      },
    );
    await timed('yatırım aracı', () =>
      acceptAll(api, token, {
        url: `/api/imports/instruments${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const stored = await api.database.db
            .select()
            .from(instruments)
            .where(
              inArray(
                instruments.code,
                batch.flatMap((c) => c.codes),
              ),
            );
          const byCode = new Map(stored.map((s) => [s.code, s]));
          return batch.map((c) =>
            c.codes.map((code) => {
              const s = byCode.get(code);
              const terms = s?.terms as { strike?: number; contractSize?: number } | undefined;
              return [s?.code, s?.issuer, terms?.strike, terms?.contractSize];
            }),
          );
        },
      }),
    );
  }, 600_000);

  it('corporate actions: every generated file is stored as it means', async () => {
    let day = 0;
    const content = fc.record({
      kind: fc.constantFrom('rights', 'dividend', 'split'),
      cols: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(columnOf(n), columnOf(n))),
    });
    const cases = sample(fileShape(content), RUNS).map(({ content: c, format, xlsx, labels }) => {
      const [first, second] = c.cols;
      const dates = first.map(() => iso((day += 1)));
      const keys = ['instrumentCode', 'kind', 'exDate', 'ratio', 'amount', 'subscriptionPrice'];
      const cell = (v: number | undefined) => (v === undefined ? '' : written(v, format));
      // Rights: a ratio and a price; a dividend: an amount; a split: a ratio.
      const row = (i: number) =>
        c.kind === 'rights'
          ? { ratio: first[i], amount: undefined, subscriptionPrice: second[i] }
          : c.kind === 'dividend'
            ? { ratio: undefined, amount: first[i], subscriptionPrice: undefined }
            : { ratio: first[i], amount: undefined, subscriptionPrice: undefined };
      const rows = [
        keys.map((k) => header('corporateActions', k, labels)),
        ...dates.map((d, i) => {
          const r = row(i);
          return [
            `${P}HIS1`,
            c.kind,
            dmy(d),
            cell(r.ratio),
            cell(r.amount),
            cell(r.subscriptionPrice),
          ];
        }),
      ];
      const expected = dates.map((d, i) => {
        const r = row(i);
        return [d, c.kind, r.ratio ?? null, r.amount ?? null, r.subscriptionPrice ?? null];
      });
      return { file: fileOf(rows, xlsx, format), expected, dates };
    });
    await timed('kurumsal işlem', () =>
      acceptAll(api, token, {
        url: `/api/imports/corporateActions${IMPORT_QUERY}`,
        cases,
        readBack: async (batch) => {
          const [from, to] = span(batch);
          const stored = await api.database.db
            .select()
            .from(corporateActions)
            .where(
              and(
                eq(corporateActions.instrumentCode, `${P}HIS1`),
                gte(corporateActions.exDate, from),
                lte(corporateActions.exDate, to),
              ),
            );
          const byDate = new Map(stored.map((s) => [s.exDate, s]));
          return batch.map((c) =>
            c.dates.map((d) => {
              const s = byDate.get(d);
              return [s?.exDate, s?.kind, s?.ratio, s?.amount, s?.subscriptionPrice];
            }),
          );
        },
      }),
    );
  }, 600_000);

  it('criteria files of internal audit: every generated .xlsx is stored as it means', async () => {
    let file = 0;
    const content = fc
      .integer({ min: 1, max: 3 })
      .chain((n) =>
        fc.tuple(
          columnOf(n),
          fc.array(fc.integer({ min: 0, max: 365 }), { minLength: n, maxLength: n }),
        ),
      );
    const cases = sample(fileShape(content), RUNS).map(({ content: cols, format, labels }) => {
      file += 1;
      const [limits, cureDays] = cols;
      const codes = limits.map((_, i) => `FZK-${String(file)}-${String(i + 1)}`);
      const headers = labels
        ? ['Kod', 'Ad', 'Grup', 'Ölçüm', 'Karşılaştırma', 'Limit', 'Önem', 'Yürürlük Tarihi']
        : [
            'code',
            'name',
            'group',
            'measure.aggregation',
            'comparison.kind',
            'comparison.limit',
            'severity',
            'effectiveFrom',
          ];
      const rows = [
        [...headers, labels ? 'Düzeltme Süresi (Gün)' : 'cureDays'],
        ...codes.map((code, i) => [
          code,
          `Kriter ${code}`,
          'İç limitler',
          'weight',
          'max',
          written(limits[i]!, format),
          'warning',
          '2026-01-01',
          String(cureDays[i]!),
        ]),
      ];
      const expected = codes.map((code, i) => [code, limits[i], cureDays[i]]);
      return { file: fileOf(rows, true, format), expected, codes };
    });
    await timed('kriter', () =>
      acceptAll(api, token, {
        url: '/api/internal-audit/criteria/import?acceptWarnings=true',
        cases,
        readBack: async (batch) => {
          const stored = await api.database.db
            .select()
            .from(auditCriteria)
            .where(
              and(
                inArray(
                  auditCriteria.code,
                  batch.flatMap((c) => c.codes),
                ),
                isNull(auditCriteria.supersededAt),
              ),
            );
          const byCode = new Map(stored.map((s) => [s.code, s.rule]));
          return batch.map((c) =>
            c.codes.map((code) => {
              const rule = byCode.get(code) as
                { comparison?: { limit?: number }; cureDays?: number | null } | undefined;
              return [code, rule?.comparison?.limit, rule?.cureDays];
            }),
          );
        },
      }),
    );
  }, 600_000);
});

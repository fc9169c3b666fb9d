import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, marketSeries, marketValues, tickerMappings } from '@fonrisk/db';
import { fixedBondFromYield } from '@fonrisk/risk';
import type {
  BondCashflows,
  BulkMappingResult,
  Instrument,
  Problem,
  TickerMapping,
  UnmappedHolding,
} from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData } from '../data-imports/test-support.ts';

const P = 'I';
const bond: Instrument = {
  code: `${P}TAHVIL`,
  name: 'Test Devlet Tahvili',
  mainType: 'governmentBond',
  subType: null,
  currency: 'TRY',
  issuer: 'Hazine',
  issuerGroup: 'Kamu',
  sector: 'Kamu',
  isinCode: null,
  isForeign: false,
  tcmbCode: null,
  terms: {
    kind: 'bond',
    couponType: 'fixed',
    couponRatePct: 20,
    couponFrequency: 2,
    dayCount: 'ACT/365',
    issueDate: '2024-01-10',
    maturityDate: '2026-01-10',
    referenceIndex: null,
    spreadBp: null,
  },
};

describe('instruments, bond cash flows and the ticker mapper', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
  });
  afterAll(() => api.close());

  it('creates, reads, updates an instrument; observers may not write; a held one is not deleted', async () => {
    expect(
      (await api.call('POST', '/api/instruments', { token: observer, body: bond })).statusCode,
    ).toBe(403);
    const created = await api.call('POST', '/api/instruments', { token: runner, body: bond });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await api.call('POST', '/api/instruments', { token: runner, body: bond })).statusCode,
    ).toBe(409);
    const wrongTerms = await api.call('POST', '/api/instruments', {
      token: runner,
      body: { ...bond, code: `${P}X`, terms: { kind: 'none' } },
    });
    expect(wrongTerms.statusCode).toBe(400);
    const updated = await api.call('PUT', `/api/instruments/${bond.code}`, {
      token: runner,
      body: { ...bond, name: 'Yeni Ad' },
    });
    expect(updated.json<Instrument>().name).toBe('Yeni Ad');
    expect(
      (
        await api.call('GET', `/api/instruments/${bond.code}`, { token: observer })
      ).json<Instrument>().terms,
    ).toEqual(bond.terms);
    expect(
      (await api.call('GET', '/api/instruments?mainType=governmentBond', { token: observer }))
        .json<Instrument[]>()
        .map((i) => i.code),
    ).toContain(bond.code);

    await api.database.db.insert(holdings).values({
      portfolioCode: `${P}FONA`,
      portfolioDate: '2025-06-30',
      rowNo: 1,
      instrumentCode: `${P}HIS1`,
      currentValue: 100,
    });
    const held = await api.call('DELETE', `/api/instruments/${P}HIS1`, { token: runner });
    expect(held.statusCode).toBe(409);
    expect(held.json<Problem>().detail).toContain(`${P}FONA`);
  });

  it('lists a type page by page in code order (limit and offset), a bad offset refused in Turkish', async () => {
    const list = async (query: string) => {
      const r = await api.call('GET', `/api/instruments?mainType=stock&${query}`, {
        token: observer,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<Instrument[]>().map((i) => i.code);
    };
    const all = await list('limit=1000');
    expect(all.length).toBeGreaterThanOrEqual(2);
    const pages = [await list('limit=1&offset=0'), await list('limit=1&offset=1')];
    expect(pages).toEqual([[all[0]], [all[1]]]);
    expect(await list(`limit=1&offset=${String(all.length)}`)).toEqual([]);
    const bad = await api.call('GET', '/api/instruments?offset=-1', { token: observer });
    expect(bad.statusCode).toBe(400);
    const [error, ...others] = bad.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(others).toEqual([]);
    expect(error?.field).toBe('offset');
    expect(error?.message).toContain('negatif olamaz');
  });

  it('gives a bond’s cash flows, and its price and durations from the mapped yield series', async () => {
    const plain = (
      await api.call('GET', `/api/instruments/${bond.code}/cashflows?settlement=2025-03-10`, {
        token: observer,
      })
    ).json<BondCashflows>();
    expect(plain.cleanPrice).toBeNull();
    expect(plain.cashflows).toEqual([
      { date: '2025-07-10', amount: 10, kind: 'coupon' },
      { date: '2026-01-10', amount: 10, kind: 'coupon' },
      { date: '2026-01-10', amount: 100, kind: 'principal' },
    ]);
    await api.database.db
      .insert(marketSeries)
      .values({ ticker: `${P}GETIRI`, name: 'Tahvil getirisi', kind: 'yield', currency: 'TRY' });
    await api.database.db
      .insert(marketValues)
      .values({ ticker: `${P}GETIRI`, date: '2025-03-07', value: 30 });
    await api.database.db
      .insert(tickerMappings)
      .values({ instrumentCode: bond.code, seriesTicker: `${P}GETIRI`, mappingKind: 'direct' });
    const priced = (
      await api.call('GET', `/api/instruments/${bond.code}/cashflows?settlement=2025-03-10`, {
        token: observer,
      })
    ).json<BondCashflows>();
    const expected = fixedBondFromYield(
      {
        settlement: '2025-03-10',
        maturity: '2026-01-10',
        issue: '2024-01-10',
        coupon: 0.2,
        frequency: 2,
        dayCount: 'act365f',
      },
      0.3,
    );
    expect(priced.yield).toBeCloseTo(30, 10);
    expect(priced.cleanPrice).toBeCloseTo(expected.cleanPrice, 10);
    expect(priced.modifiedDuration).toBeCloseTo(expected.modifiedDuration, 10);
    expect(priced.accruedInterest).toBeCloseTo(expected.accruedInterest, 10);
    expect(
      (
        await api.call('GET', `/api/instruments/${P}HIS1/cashflows?settlement=2025-03-10`, {
          token: observer,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists unmapped holdings by weight (deposits excluded), maps by rule and reports coverage', async () => {
    await api.database.db.insert(holdings).values([
      {
        portfolioCode: `${P}FONB`,
        portfolioDate: '2025-06-30',
        rowNo: 1,
        instrumentCode: `${P}HIS2`,
        currentValue: 300,
      },
      {
        portfolioCode: `${P}FONB`,
        portfolioDate: '2025-06-30',
        rowNo: 2,
        instrumentCode: `${P}MEVD`,
        currentValue: 700,
      },
    ]);
    const ours = (list: UnmappedHolding[]) => list.filter((u) => u.instrumentCode.startsWith(P));
    const unmapped = ours(
      (await api.call('GET', '/api/ticker-mappings/unmapped', { token: observer })).json<
        UnmappedHolding[]
      >(),
    );
    expect(unmapped.map((u) => u.instrumentCode)).toEqual([`${P}HIS1`, `${P}HIS2`]);
    expect(unmapped[1]).toMatchObject({ portfolioCount: 1, maxWeightPct: 30, totalValue: 300 });
    const onDate = async (date: string) =>
      ours(
        (
          await api.call('GET', `/api/ticker-mappings/unmapped?date=${date}`, { token: observer })
        ).json<UnmappedHolding[]>(),
      ).map((u) => u.instrumentCode);
    expect(await onDate('2025-06-30'), 'the snapshot of that date').toEqual([
      `${P}HIS1`,
      `${P}HIS2`,
    ]);
    expect(await onDate('2025-06-27'), 'no snapshot that day').toEqual([]);

    await api.database.db.insert(marketValues).values([
      { ticker: `${P}HIS1`, date: '2025-06-02', value: 1 },
      { ticker: `${P}HIS1`, date: '2025-06-04', value: 1 },
      // Kurban Bayramı 2025 (6-9 June): a value stored on the Friday holiday fills no gap.
      { ticker: `${P}HIS1`, date: '2025-06-06', value: 1 },
      { ticker: `${P}HIS1`, date: '2025-06-10', value: 1 },
    ]);
    expect(
      (
        await api.call('POST', '/api/ticker-mappings/bulk', {
          token: observer,
          body: { rule: {}, target: { kind: 'sameCode' } },
        })
      ).statusCode,
    ).toBe(403);
    const bulk = await api.call('POST', '/api/ticker-mappings/bulk', {
      token: runner,
      body: { rule: { mainType: 'stock', codePrefix: `${P}HIS` }, target: { kind: 'sameCode' } },
    });
    expect(bulk.json<BulkMappingResult>()).toEqual({ mapped: 2, skipped: [] });
    expect(
      ours(
        (await api.call('GET', '/api/ticker-mappings/unmapped', { token: observer })).json<
          UnmappedHolding[]
        >(),
      ),
    ).toEqual([]);
    const list = (await api.call('GET', '/api/ticker-mappings', { token: observer })).json<
      TickerMapping[]
    >();
    expect(list.find((m) => m.instrumentCode === `${P}HIS1`)).toMatchObject({
      mappingKind: 'direct',
      coverage: {
        firstDate: '2025-06-02',
        lastDate: '2025-06-10',
        count: 4,
        // Business days 2, 3, 4, 5 and 10 June (6 and 9 June are Bayram): 3 and 5 June missing;
        // a weekday-only rule would have counted 5 missing (6 and 9 June too) minus the holiday value.
        missingBusinessDays: 2,
      },
    });
    expect(
      (await api.call('DELETE', `/api/ticker-mappings/${P}HIS1`, { token: runner })).statusCode,
    ).toBe(204);
  });
});

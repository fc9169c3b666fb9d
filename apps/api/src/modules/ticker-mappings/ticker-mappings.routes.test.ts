import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eq, instruments, marketSeries, type NewInstrumentRow } from '@fonrisk/db';
import type { BulkMappingResult, TickerMapping } from '@fonrisk/contracts';
import { istanbulToday } from '../../connectors/dates.ts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { nearestCurvePoint } from './ticker-mappings.service.ts';

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const dotted = (iso: string) => iso.split('-').reverse().join('.');

describe('nearestCurvePoint', () => {
  const curve = [
    { ticker: 'C2Y', tenorDays: 728 },
    { ticker: 'C3M', tenorDays: 91 },
    { ticker: 'C1Y', tenorDays: 364 },
    { ticker: 'C6M', tenorDays: 182 },
  ];

  it('picks the tenor closest to the remaining maturity, below or above it', () => {
    expect(nearestCurvePoint(curve, 100)?.ticker).toBe('C3M');
    expect(nearestCurvePoint(curve, 300)?.ticker).toBe('C1Y');
    expect(nearestCurvePoint(curve, 5000)?.ticker, 'beyond the longest point').toBe('C2Y');
  });

  it('takes the shorter tenor on a tie, whatever the order of the points', () => {
    expect(nearestCurvePoint(curve, 273)?.ticker).toBe('C6M');
    expect(nearestCurvePoint([...curve].reverse(), 273)?.ticker).toBe('C6M');
    const twins = [
      { ticker: 'B6M', tenorDays: 182 },
      { ticker: 'A6M', tenorDays: 182 },
    ];
    expect(nearestCurvePoint(twins, 182)?.ticker, 'same tenor: alphabetical').toBe('A6M');
  });

  it('finds nothing on an empty curve', () => {
    expect(nearestCurvePoint([], 100)).toBeUndefined();
  });
});

describe('ticker mappings: bulk mapping of bonds to the curve by tenor', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const today = istanbulToday(Date.now());

  const bond = (code: string, maturityDate: string): NewInstrumentRow => ({
    code,
    name: `Tahvil ${code}`,
    mainType: 'governmentBond',
    currency: 'TRY',
    terms: {
      kind: 'bond',
      couponType: 'fixed',
      couponRatePct: 30,
      couponFrequency: 2,
      dayCount: 'ACT/365',
      issueDate: addDays(today, -3000),
      maturityDate,
      referenceIndex: null,
      spreadBp: null,
    },
  });

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    const curvePoint = (ticker: string, tenorDays: number) => ({
      ticker,
      name: ticker,
      kind: 'curvePoint',
      currency: 'TRY',
      tenorDays,
    });
    await api.database.db.insert(marketSeries).values([
      curvePoint('TCRV2Y', 728),
      curvePoint('TCRV3M', 91),
      curvePoint('TCRV1Y', 364),
      curvePoint('TCRV6M', 182),
      // Another curve with a point exactly at 100 days, and a price series under the prefix: neither is used.
      curvePoint('XCRV100', 100),
      { ticker: 'TCRVFIYAT', name: 'Fiyat', kind: 'price', currency: 'TRY' },
    ]);
    await api.database.db.insert(instruments).values([
      bond('TTB100', addDays(today, 100)),
      bond('TTB500', addDays(today, 500)),
      bond('TTB273', addDays(today, 273)),
      bond('TTB2000', addDays(today, 2000)),
      bond('TTBESKI', addDays(today, -10)),
      bond('TTBBUGUN', today),
      {
        code: 'TTHISSE',
        name: 'Hisse',
        mainType: 'stock',
        currency: 'TRY',
        terms: { kind: 'none' },
      },
    ]);
  });
  afterAll(() => api.close());

  const bulk = (curvePrefix: string, token = runner) =>
    api.call('POST', '/api/ticker-mappings/bulk', {
      token,
      body: { rule: { codePrefix: 'TT' }, target: { kind: 'curveByTenor', curvePrefix } },
    });

  it('refuses observers', async () => {
    expect((await bulk('TCRV', observer)).statusCode).toBe(403);
  });

  it('maps each bond to the curve point nearest its remaining maturity and skips matured bonds and non-bonds with a reason', async () => {
    const res = await bulk('TCRV');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkMappingResult>();
    expect(result.mapped).toBe(4);
    expect(result.skipped).toEqual([
      { instrumentCode: 'TTBBUGUN', reason: `vadesi dolmuş (${dotted(today)})` },
      { instrumentCode: 'TTBESKI', reason: `vadesi dolmuş (${dotted(addDays(today, -10))})` },
      { instrumentCode: 'TTHISSE', reason: 'tahvil/bono değil' },
    ]);
    const mappings = (await api.call('GET', '/api/ticker-mappings', { token: observer })).json<
      TickerMapping[]
    >();
    expect(
      Object.fromEntries(mappings.map((m) => [m.instrumentCode, [m.seriesTicker, m.mappingKind]])),
    ).toEqual({
      TTB100: ['TCRV3M', 'proxy'],
      TTB273: ['TCRV6M', 'proxy'], // 91 days from both 6M and 1Y: the shorter tenor
      TTB500: ['TCRV1Y', 'proxy'],
      TTB2000: ['TCRV2Y', 'proxy'],
    });
    const audited = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ticker-mapping.put'));
    expect(audited.map((a) => a.entityId).sort()).toEqual([
      'TTB100',
      'TTB2000',
      'TTB273',
      'TTB500',
    ]);
  });

  it('skips every bond when no curve point has the prefix, leaving earlier mappings', async () => {
    const result = (await bulk('YOKEGRI')).json<BulkMappingResult>();
    expect(result.mapped).toBe(0);
    expect(
      result.skipped
        .filter((s) => s.reason === 'eğri noktası bulunamadı')
        .map((s) => s.instrumentCode),
    ).toEqual(['TTB100', 'TTB2000', 'TTB273', 'TTB500']);
    const mappings = (await api.call('GET', '/api/ticker-mappings', { token: observer })).json<
      TickerMapping[]
    >();
    expect(mappings.find((m) => m.instrumentCode === 'TTB100')?.seriesTicker).toBe('TCRV3M');
  });
});

describe('ticker mappings: a bulk rule over more instruments than a statement writes', () => {
  let api: TestApi;
  let runner: string;
  const COUNT = 2_345; // past MAPPINGS_CHUNK and AUDITS_CHUNK: three statements of each
  const code = (i: number) => `TMB${String(i).padStart(5, '0')}`;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    const codes = Array.from({ length: COUNT }, (_, i) => code(i));
    await api.database.db.insert(instruments).values(
      codes.map((c) => ({
        code: c,
        name: `Hisse ${c}`,
        mainType: 'stock',
        currency: 'TRY',
        terms: { kind: 'none' as const },
      })),
    );
    // Every instrument but the last has a series of its own code.
    await api.database.db
      .insert(marketSeries)
      .values(
        codes.slice(0, -1).map((c) => ({ ticker: c, name: c, kind: 'price', currency: 'TRY' })),
      );
  });
  afterAll(() => api.close());

  const bulk = (body: object) =>
    api.call('POST', '/api/ticker-mappings/bulk', { token: runner, body });
  const trail = () =>
    api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ticker-mapping.put'))
      .orderBy(auditLog.id);

  it('maps each instrument to its own series, one audit record each, and names the one without', async () => {
    const res = await bulk({ rule: { codePrefix: 'TMB' }, target: { kind: 'sameCode' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkMappingResult>()).toEqual({
      mapped: COUNT - 1,
      skipped: [{ instrumentCode: code(COUNT - 1), reason: 'aynı kodlu seri yok' }],
    });
    const mappings = (await api.call('GET', '/api/ticker-mappings', { token: runner })).json<
      TickerMapping[]
    >();
    const ours = mappings.filter((m) => m.instrumentCode.startsWith('TMB'));
    expect(ours).toHaveLength(COUNT - 1);
    expect(
      ours.every((m) => m.seriesTicker === m.instrumentCode && m.mappingKind === 'direct'),
    ).toBe(true);
    const records = await trail();
    expect(records).toHaveLength(COUNT - 1);
    expect(records[0]).toMatchObject({
      actorUsername: 'hesaplayici',
      entity: 'ticker-mapping',
      entityId: code(0),
      before: null,
      after: { instrumentCode: code(0), seriesTicker: code(0), mappingKind: 'direct', note: null },
    });
  });

  it('moves the same instruments to a proxy, keeping each replaced mapping in the trail', async () => {
    const res = await bulk({
      rule: { codePrefix: 'TMB' },
      target: { kind: 'series', seriesTicker: code(0) },
    });
    expect(res.json<BulkMappingResult>()).toEqual({ mapped: COUNT, skipped: [] });
    const mappings = (await api.call('GET', '/api/ticker-mappings', { token: runner })).json<
      TickerMapping[]
    >();
    const ours = mappings.filter((m) => m.instrumentCode.startsWith('TMB'));
    expect(ours).toHaveLength(COUNT);
    expect(ours.every((m) => m.seriesTicker === code(0) && m.mappingKind === 'proxy')).toBe(true);
    const second = (await trail()).slice(COUNT - 1);
    expect(second).toHaveLength(COUNT);
    const replaced = second.find((r) => r.entityId === code(7));
    expect(replaced?.before).toMatchObject({
      instrumentCode: code(7),
      seriesTicker: code(7),
      mappingKind: 'direct',
    });
    expect(second.find((r) => r.entityId === code(COUNT - 1))?.before, 'was never mapped').toBe(
      null,
    );
  });
});

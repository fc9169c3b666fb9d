import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, type NewHoldingDbRow } from '@fonrisk/db';
import {
  columnLabel,
  type HoldingsComparison,
  type HoldingsSnapshot,
  type PortfolioSummary,
  type Problem,
  type UnifiedPortfolio,
} from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData } from '../data-imports/test-support.ts';

const P = 'U';
const A = `${P}FONA`;
const B = `${P}FONB`;

const row = (
  portfolioCode: string,
  portfolioDate: string,
  rowNo: number,
  instrumentCode: string,
  currentValue: number,
  nominalValue: number,
  columns: Record<string, unknown> = {},
): NewHoldingDbRow => ({
  portfolioCode,
  portfolioDate,
  rowNo,
  instrumentCode,
  currentValue,
  nominalValue,
  instrumentName: instrumentCode,
  mainType: 'stock',
  currency: 'TRY',
  columns,
});

describe('portfolios, holdings and unified portfolios', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(api.database.db, P);
    await api.database.db
      .insert(holdings)
      .values([
        row(A, '2025-01-31', 1, `${P}HIS1`, 600, 60, { isinCode: 'TRT150127T19', ozelAlan: 'x' }),
        row(A, '2025-01-31', 2, `${P}HIS2`, 400, 40),
        row(A, '2025-02-28', 1, `${P}HIS1`, 900, 60),
        row(A, '2025-02-28', 2, `${P}MEVD`, 100, 100),
        row(B, '2025-01-31', 1, `${P}HIS1`, 1000, 100),
        row(B, '2025-01-31', 2, `${P}MEVD`, -200, 0),
      ]);
  });
  afterAll(() => api.close());

  it('lists portfolios with their snapshot dates and gives the dates newest first', async () => {
    const list = (await api.call('GET', '/api/portfolios?kind=fund', { token: observer })).json<
      PortfolioSummary[]
    >();
    expect(list.find((p) => p.code === A)).toMatchObject({
      kind: 'fund',
      firstDate: '2025-01-31',
      lastDate: '2025-02-28',
      dateCount: 2,
    });
    expect(list.every((p) => p.kind === 'fund')).toBe(true);
    const dates = await api.call('GET', `/api/portfolios/${A}/dates`, { token: observer });
    expect(dates.json()).toEqual(['2025-02-28', '2025-01-31']);
  });

  it('shows a snapshot with NAV, weight of NAV and the stored extra keys', async () => {
    const res = await api.call('GET', `/api/portfolios/${A}/holdings?date=2025-01-31`, {
      token: observer,
    });
    const snap = res.json<HoldingsSnapshot>();
    expect(snap.nav).toBe(1000);
    expect(snap.rows[0]).toMatchObject({
      investmentInstrumentCode: `${P}HIS1`,
      weightPct: 60,
      isinCode: 'TRT150127T19',
      nominalValue: 60,
    });
    const missing = await api.call('GET', `/api/portfolios/${A}/holdings?date=2025-03-31`, {
      token: observer,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('compares two dates per instrument with added, removed and changed rows', async () => {
    const cmp = (
      await api.call('GET', `/api/portfolios/${A}/compare?from=2025-01-31&to=2025-02-28`, {
        token: observer,
      })
    ).json<HoldingsComparison>();
    expect(cmp).toMatchObject({ navFrom: 1000, navTo: 1000 });
    const by = Object.fromEntries(cmp.rows.map((r) => [r.investmentInstrumentCode, r]));
    expect(by[`${P}HIS1`]).toMatchObject({
      status: 'changed',
      valueFrom: 600,
      valueTo: 900,
      valueChange: 300,
      weightFromPct: 60,
      weightToPct: 90,
    });
    expect(by[`${P}HIS2`]).toMatchObject({ status: 'removed', valueTo: null, valueChange: -400 });
    expect(by[`${P}MEVD`]).toMatchObject({ status: 'added', valueFrom: null, nominalTo: 100 });
  });

  it('sums members’ holdings per instrument in a unified portfolio and names a member missing the date', async () => {
    const created = await api.call('POST', '/api/unified-portfolios', {
      token: runner,
      body: { newPortfolioCode: `${P}BIRLESIK`, name: 'Birleşik Test', members: [A, B] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const unified = created.json<UnifiedPortfolio>();
    expect(unified.members).toEqual([A, B]);

    const snap = (
      await api.call('GET', `/api/portfolios/${P}BIRLESIK/holdings?date=2025-01-31`, {
        token: observer,
      })
    ).json<HoldingsSnapshot>();
    expect(snap.nav).toBe(1800);
    const his1 = snap.rows.find((r) => r.investmentInstrumentCode === `${P}HIS1`)!;
    expect(his1).toMatchObject({
      currentValue: 1600,
      nominalValue: 160,
      newPortfolioCode: `${P}BIRLESIK`,
      portfolioCode: `${P}BIRLESIK`,
    });
    expect(his1.weightPct).toBeCloseTo((1600 / 1800) * 100, 10);
    expect(snap.rows).toHaveLength(3);

    const missing = await api.call('GET', `/api/portfolios/${P}BIRLESIK/holdings?date=2025-02-28`, {
      token: observer,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Problem>().detail).toContain(B);
    expect(
      (await api.call('GET', `/api/portfolios/${P}BIRLESIK/dates`, { token: observer })).json(),
    ).toEqual(['2025-01-31']);

    const clash = await api.call('POST', '/api/unified-portfolios', {
      token: runner,
      body: { newPortfolioCode: A, name: 'x', members: [B] },
    });
    expect(clash.statusCode).toBe(409);
    const badMember = await api.call('PUT', `/api/unified-portfolios/${unified.id}`, {
      token: runner,
      body: { newPortfolioCode: `${P}BIRLESIK`, name: 'x', members: [A, 'YOK'] },
    });
    expect(badMember.statusCode).toBe(400);
    expect(
      (await api.call('DELETE', `/api/unified-portfolios/${unified.id}`, { token: observer }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api.call('DELETE', `/api/unified-portfolios/${unified.id}`, { token: runner }))
        .statusCode,
    ).toBe(204);
  });

  it('exports a snapshot to xlsx with Turkish headers, an unlabelled key unchanged, number formats and totals', async () => {
    const res = await api.call('POST', `/api/portfolios/${A}/holdings/export`, {
      token: observer,
      body: { date: '2025-01-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain(columnLabel('investmentInstrumentCode'));
    expect(headers).toContain('Güncel Değer');
    expect(headers, 'a key without a label is shown unchanged').toContain('ozelAlan');
    expect(headers).not.toContain('currentValue');
    const valueCol = headers.indexOf('Güncel Değer') + 1;
    expect(sheet.getColumn(valueCol).numFmt).toBe('#,##0.00');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Toplam');
    expect(last.getCell(valueCol).value).toBe(1000);
  });

  it('lets runners create and rename portfolios but refuses observers', async () => {
    const body = {
      code: `${P}YENI`,
      name: 'Yeni Fon',
      kind: 'fund',
      currency: 'TRY',
      fundCategory: 'equity',
    };
    expect((await api.call('POST', '/api/portfolios', { token: observer, body })).statusCode).toBe(
      403,
    );
    const created = await api.call('POST', '/api/portfolios', { token: runner, body });
    expect(created.json<PortfolioSummary>()).toMatchObject({
      code: `${P}YENI`,
      dateCount: 0,
      fundCategory: 'equity',
    });
    const renamed = await api.call('PUT', `/api/portfolios/${P}YENI`, {
      token: runner,
      body: { name: 'Yeni Ad', kind: 'fund', fundCategory: 'mixed', currency: 'TRY' },
    });
    expect(renamed.json<PortfolioSummary>()).toMatchObject({
      name: 'Yeni Ad',
      fundCategory: 'mixed',
    });
  });
});

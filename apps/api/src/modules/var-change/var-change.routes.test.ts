import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VAR_CHANGE_FACTOR_LABELS,
  type Problem,
  type ResolvedVarParameters,
  type VarChangeResponse,
} from '@fonrisk/contracts';
import { analysisRuns, holdingsDates } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';

describe('GET /api/var-change', () => {
  let api: TestApi;
  let observer: string;
  let dates: string[];

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
    observer = (await api.login('gozlemleyici')).accessToken;
    dates = await holdingsDates(api.database.db, ['DHS']);
  });
  afterAll(() => api.close());

  const get = (query: string) => api.call('GET', `/api/var-change?${query}`, { token: observer });

  it('explains the demo fund between its last two holdings dates, the parts adding up', async () => {
    const res = await get('portfolioCode=DHS');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<VarChangeResponse>();
    expect([r.from.date, r.to.date]).toEqual(dates.slice(-2));
    expect(r.portfolioName).not.toBe('');
    expect(r.order).toEqual(Object.keys(VAR_CHANGE_FACTOR_LABELS));
    expect(r.orders).toBe(24);
    expect(r.to.varTry - r.from.varTry).toBeCloseTo(r.changeTry, 6);
    expect(r.steps.reduce((s, x) => s + x.changeTry, 0)).toBeCloseTo(r.changeTry, 4);
    // No run reported either day: both sides use the current settings, so part 4 is nil.
    expect([r.from.runId, r.to.runId]).toEqual([null, null]);
    expect(r.steps[3]).toMatchObject({ factor: 'parameters', changeTry: 0, positions: [] });
    // The holdings changed between the two days: part 1 names the positions behind it.
    expect(r.steps[0]!.positions.length).toBeGreaterThan(0);
    for (const s of r.steps) expect(s.minTry).toBeLessThanOrEqual(s.maxTry);
  });

  it('takes a side’s parameters from the VaR run that reported that day (part 4)', async () => {
    const [from, to] = dates.slice(-3, -1) as [string, string];
    const plain = (await get(`portfolioCode=DHS&from=${from}&to=${to}`)).json<VarChangeResponse>();
    const parameters: ResolvedVarParameters = { ...plain.from.parameters, confidenceLevel: 0.95 };
    const [run] = await api.database.db
      .insert(analysisRuns)
      .values({
        analysisType: 'var',
        status: 'done',
        portfolioCodes: ['DHS'],
        createdByName: 'Test',
        inputs: { portfolioCodes: ['DHS'], asOfDate: from },
        asOfDate: from,
        finishedAt: new Date(),
        result: { parameters, series: [{ portfolioCode: 'DHS', date: from }] },
      })
      .returning({ id: analysisRuns.id });
    const res = await get(`portfolioCode=DHS&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<VarChangeResponse>();
    expect(r.from.runId).toBe(run!.id);
    expect(r.from.parameters.confidenceLevel).toBe(0.95);
    expect(r.to.runId).toBeNull();
    // Yesterday at 95 % is below today at 99 %: part 4 carries the difference; today unchanged.
    expect(r.from.varTry).toBeLessThan(plain.from.varTry);
    expect(r.to.varTry).toBe(plain.to.varTry);
    expect(r.steps[3]!.changeTry).toBeGreaterThan(0);
    expect(r.steps.reduce((s, x) => s + x.changeTry, 0)).toBeCloseTo(r.changeTry, 4);
  });

  it('answers an unknown fund 404 in Turkish', async () => {
    const res = await get('portfolioCode=YOKBOYLE');
    expect(res.statusCode).toBe(404);
    expect(res.json<Problem>().detail).toBe("'YOKBOYLE' kodlu portföy bulunamadı.");
  });

  it('answers a date without holdings 422 naming the nearest holdings dates', async () => {
    // The last Sunday before the demo's last holdings date (the demo ends on the day of its
    // first start): no holdings that day, holdings on both sides of it.
    const last = Date.parse(dates.at(-1)!);
    const sundayMs = last - ((new Date(last).getUTCDay() + 7) % 7 || 7) * 86_400_000;
    const sunday = new Date(sundayMs).toISOString().slice(0, 10);
    expect(new Date(sundayMs).getUTCDay()).toBe(0);
    const tr = (d: string) => d.split('-').reverse().join('.');
    const res = await get(`portfolioCode=DHS&to=${sunday}`);
    expect(res.statusCode).toBe(422);
    const p = res.json<Problem>();
    const before = dates.filter((d) => d < sunday).at(-1)!;
    const after = dates.find((d) => d > sunday)!;
    expect(p.detail).toBe(
      `'DHS' portföyünün ${tr(sunday)} tarihli dağılımı yok. En yakın dağılım tarihleri: ${tr(before)}, ${tr(after)}.`,
    );
    expect(p.errors).toEqual([
      { field: 'to', message: `${tr(sunday)} tarihinde portföy dağılımı yok` },
    ]);
  });

  it('answers the first holdings date 422: there is no earlier day to compare', async () => {
    const res = await get(`portfolioCode=DHS&to=${dates[0]!}`);
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().detail).toContain('tarihinden önce dağılımı yok');
  });

  it('refuses a start date not before the end date', async () => {
    const res = await get('portfolioCode=DHS&from=2026-11-27&to=2026-11-26');
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>().errors).toEqual([
      { field: 'from', message: 'başlangıç tarihi bitiş tarihinden önce olmalı' },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondTerms } from '@fonrisk/contracts';
import { corporateActions, fxRates, instruments, marketSeries, marketValues } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { loadIncomeEvents } from './income-events.ts';

const bondTerms = (over: Partial<BondTerms>): BondTerms => ({
  kind: 'bond',
  couponType: 'fixed',
  couponRatePct: 20,
  couponFrequency: 2,
  dayCount: 'ACT/ACT',
  issueDate: '2024-07-29',
  maturityDate: '2028-07-27',
  referenceIndex: null,
  spreadBp: null,
  ...over,
});

const FIXED = bondTerms({});
const FLOATER = bondTerms({
  couponType: 'floating',
  couponRatePct: 47,
  referenceIndex: 'TLREF',
  spreadBp: 100,
  issueDate: '2025-03-10',
  maturityDate: '2027-09-10',
});
const CPI = bondTerms({
  couponType: 'cpiLinked',
  couponRatePct: 3,
  referenceIndex: 'TÜFE',
  issueDate: '2025-08-20',
  maturityDate: '2030-08-20',
});
const EURO = bondTerms({ couponRatePct: 7, issueDate: '2024-01-15', maturityDate: '2031-01-15' });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(instruments).values([
    { code: 'FIX', name: 'Sabit', mainType: 'governmentBond', currency: 'TRY', terms: FIXED },
    { code: 'FRN', name: 'TLREF', mainType: 'governmentBond', currency: 'TRY', terms: FLOATER },
    { code: 'CPI', name: 'TÜFE', mainType: 'governmentBond', currency: 'TRY', terms: CPI },
    { code: 'EURO', name: 'Eurobond', mainType: 'eurobond', currency: 'USD', terms: EURO },
    { code: 'STK', name: 'Pay', mainType: 'stock', currency: 'TRY' },
  ]);
  await db.insert(marketSeries).values([
    { ticker: 'TLREF', name: 'TLREF', kind: 'rate', currency: 'TRY' },
    { ticker: 'TUFE', name: 'TÜFE referans endeksi', kind: 'index', currency: 'TRY' },
  ]);
  await db.insert(marketValues).values([
    // The fixing of the period 10.03–10.09.2026 is TLREF on 10.03.2026 (Tuesday).
    { ticker: 'TLREF', date: '2026-03-09', value: 41 },
    { ticker: 'TLREF', date: '2026-03-10', value: 40 },
    { ticker: 'TUFE', date: '2025-08-20', value: 2000 },
    { ticker: 'TUFE', date: '2026-02-20', value: 2300 },
  ]);
  await db.insert(fxRates).values([{ currency: 'USD', date: '2026-07-15', forexBuying: 41.5 }]);
  await db.insert(corporateActions).values([
    { instrumentCode: 'STK', kind: 'split', exDate: '2026-05-04', ratio: 2 },
    { instrumentCode: 'STK', kind: 'dividend', exDate: '2026-05-20', amount: 0.5 },
    { instrumentCode: 'STK', kind: 'dividend', exDate: '2025-05-20', amount: 0.4 },
  ]);
});
afterAll(async () => {
  await database.drop();
});

const load = (code: string, terms: BondTerms | null, from: string, to: string, currency = 'TRY') =>
  loadIncomeEvents(database.db, [{ code, currency, terms }], from, to);

describe('loadIncomeEvents', () => {
  it('pays a fixed coupon of rate/frequency per 1 of nominal on its date', async () => {
    const m = await load('FIX', FIXED, '2026-07-24', '2026-07-27');
    // 20 % / 2 = 0,10.
    expect(m.get('FIX')).toEqual({
      events: [{ date: '2026-07-27', incomePerUnit: 0.1 }],
      maturity: '2028-07-27',
    });
  });
  it('pays a floater the fixing of its period start plus the quoted margin', async () => {
    const m = await load('FRN', FLOATER, '2026-09-01', '2026-09-30');
    // (40 % + 100 bp) / 2 = 0,205, paid 10.09.2026; the terms' current 47 % is not used.
    const [e] = m.get('FRN')!.events;
    expect(e!.date).toBe('2026-09-10');
    expect(e!.incomePerUnit).toBeCloseTo(0.205, 15);
  });
  it('pays a CPI-linked bond its real coupon times the index ratio', async () => {
    const m = await load('CPI', CPI, '2026-02-01', '2026-02-28');
    // 3 % / 2 × 2300 / 2000 = 0,01725.
    const [e] = m.get('CPI')!.events;
    expect(e!.date).toBe('2026-02-20');
    expect(e!.incomePerUnit).toBeCloseTo(0.01725, 15);
  });
  it('pays a foreign-currency coupon at the day’s rate in TRY', async () => {
    const m = await load('EURO', EURO, '2026-07-01', '2026-07-31', 'USD');
    // 7 % / 2 × 41,5 = 1,4525 TRY per 1 USD nominal.
    expect(m.get('EURO')!.events[0]!.incomePerUnit).toBeCloseTo(1.4525, 14);
  });
  it('says in Turkish which rate is missing', async () => {
    const err = await load('EURO', EURO, '2025-01-01', '2025-01-31', 'USD').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AnalysisInputError);
    expect((err as Error).message).toContain(
      'EURO tahvilinin 15.01.2025 tarihli kuponu için USD kuru',
    );
  });
  it('reads splits and dividends of (from, to] in date order', async () => {
    const m = await load('STK', null, '2026-04-30', '2026-05-29');
    expect(m.get('STK')).toEqual({
      events: [
        { date: '2026-05-04', unitFactor: 2 },
        { date: '2026-05-20', incomePerUnit: 0.5 },
      ],
      maturity: null,
    });
  });
});

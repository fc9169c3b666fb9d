import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalAuditResultSchema, type CriterionRule } from '@fonrisk/contracts';
import {
  asc,
  auditBreachEvents,
  auditBreaches,
  auditCriteria,
  holdings,
  instruments,
  portfolios,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { fakeContext } from '../testing/fake-context.ts';
import { internalAuditHandler } from './internal-audit-handler.ts';

// A fund whose XBANK exposure (bond + deposit) moves around the 10 % single-issuer limit:
// 8 % · 12 % · 11 % · 9 % · 13 % of NAV 1 000 000 on five business days.
const DATES = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
const XBANK = [80_000, 120_000, 110_000, 90_000, 130_000];

const ISSUER_RULE: CriterionRule = {
  code: 'T-TEK-IHRACCI',
  name: 'Tek ihraççı %10',
  description: '',
  group: 'Tüm fonlar',
  source: 'test',
  confirmed: true,
  filters: [],
  measure: {
    aggregation: 'maxWeightPerKey',
    groupBy: 'issuer',
    depositTreatment: 'exceptMoneyMarket',
  },
  comparison: { kind: 'max', limit: 0.1 },
  severity: 'breach',
  scope: { portfolioCodes: [], fundCategories: ['equity'] },
  effectiveFrom: '2020-01-01',
  cureDays: null,
  enabled: true,
};
const OTHER_CATEGORY: CriterionRule = {
  ...ISSUER_RULE,
  code: 'T-PP-ONLY',
  scope: { portfolioCodes: [], fundCategories: ['moneyMarket'] },
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(instruments).values([
    {
      code: 'XB-T',
      name: 'XBANK Tahvil',
      mainType: 'corporateBond',
      currency: 'TRY',
      issuer: 'XBANK',
    },
    { code: 'XB-D', name: 'XBANK Mevduat', mainType: 'deposit', currency: 'TRY', issuer: 'XBANK' },
    { code: 'REST', name: 'Diğer', mainType: 'other', currency: 'TRY' },
  ]);
  await db
    .insert(portfolios)
    .values({ code: 'AUD', name: 'Denetim Test Fonu', kind: 'fund', fundCategory: 'equity' });
  await db.insert(holdings).values(
    DATES.flatMap((date, t) => [
      {
        portfolioCode: 'AUD',
        portfolioDate: date,
        rowNo: 1,
        instrumentCode: 'XB-T',
        currentValue: XBANK[t]! / 2,
      },
      {
        portfolioCode: 'AUD',
        portfolioDate: date,
        rowNo: 2,
        instrumentCode: 'XB-D',
        currentValue: XBANK[t]! / 2,
      },
      {
        portfolioCode: 'AUD',
        portfolioDate: date,
        rowNo: 3,
        instrumentCode: 'REST',
        currentValue: 1_000_000 - XBANK[t]!,
      },
    ]),
  );
  await db.insert(auditCriteria).values([
    { code: ISSUER_RULE.code, version: 1, rule: ISSUER_RULE },
    { code: OTHER_CATEGORY.code, version: 1, rule: OTHER_CATEGORY },
  ]);
});
afterAll(() => database.drop());

describe('internal-audit handler', () => {
  it('audits one date: value, limit, status, margin and the offending holdings', async () => {
    const ctx = fakeContext(database.db, { portfolioCodes: ['AUD'], asOfDate: '2026-03-03' });
    const { result } = await internalAuditHandler.run(ctx);
    expect(InternalAuditResultSchema.safeParse(result).success).toBe(true);
    // Only the equity-scoped criterion applies to this equity fund.
    expect(result.lines).toHaveLength(1);
    const line = result.lines[0]!;
    expect(line.value).toBeCloseTo(0.12, 12);
    expect(line.status).toBe('breach');
    expect(line.margin).toBeCloseTo(-0.02, 12);
    expect(
      line.contributions
        .filter((c) => c.offending)
        .map((c) => c.instrumentCode)
        .sort(),
    ).toEqual(['XB-D', 'XB-T']);
    expect(result.criteria[0]).toMatchObject({
      code: 'T-TEK-IHRACCI',
      version: 1,
      limitText: '≤ %10,00',
    });
    expect(result.tracking).toBeNull();
    expect(await database.db.select().from(auditBreaches)).toHaveLength(0);
  });

  it('a range gives the daily series and, with tracking, opens and closes breaches by day', async () => {
    const ctx = fakeContext(database.db, {
      portfolioCodes: ['AUD'],
      fromDate: DATES[0]!,
      toDate: DATES[4]!,
      updateTracking: true,
    });
    const { result } = await internalAuditHandler.run(ctx);
    expect(result.dates).toEqual(DATES);
    expect(result.series[0]!.statuses).toEqual(['pass', 'breach', 'breach', 'pass', 'breach']);
    expect(result.lines[0]!.failingDays).toBe(3);
    expect(result.tracking).toEqual({ opened: 2, updated: 0, resolved: 1 });
    const rows = await database.db
      .select()
      .from(auditBreaches)
      .orderBy(asc(auditBreaches.firstDate));
    expect(rows.map((r) => [r.firstDate, r.lastDate, r.resolvedDate, r.status, r.dueDate])).toEqual(
      [
        ['2026-03-03', '2026-03-04', '2026-03-05', 'resolved', '2026-03-08'],
        ['2026-03-06', '2026-03-06', null, 'open', '2026-03-11'],
      ],
    );
    const events = await database.db.select().from(auditBreachEvents);
    expect(events.filter((e) => e.kind === 'closed')).toHaveLength(1);

    // The next daily audit (same holdings on a later day: still 13 %) extends the open breach.
    await database.db.insert(holdings).values([
      {
        portfolioCode: 'AUD',
        portfolioDate: '2026-03-09',
        rowNo: 1,
        instrumentCode: 'XB-T',
        currentValue: 65_000,
      },
      {
        portfolioCode: 'AUD',
        portfolioDate: '2026-03-09',
        rowNo: 2,
        instrumentCode: 'XB-D',
        currentValue: 65_000,
      },
      {
        portfolioCode: 'AUD',
        portfolioDate: '2026-03-09',
        rowNo: 3,
        instrumentCode: 'REST',
        currentValue: 870_000,
      },
    ]);
    const next = await internalAuditHandler.run(
      fakeContext(database.db, {
        portfolioCodes: ['AUD'],
        asOfDate: '2026-03-09',
        updateTracking: true,
      }),
    );
    expect(next.result.tracking).toEqual({ opened: 0, updated: 1, resolved: 0 });
    const open = (await database.db.select().from(auditBreaches)).find((r) => r.status === 'open')!;
    expect(open.lastDate).toBe('2026-03-09');
    expect(open.lastValue).toBeCloseTo(0.13, 12);
  });

  it('re-running a past range three times leaves the register as the first run wrote it (issue 23 item 4)', async () => {
    await database.db.delete(auditBreaches);
    // 8 % pass · 12 % breach · 11 % breach · 9 % pass: one breach from 03.03 to 03.04, resolved
    // on 03.05 (the case that reopened: no followed breach is left after the range).
    const run = () =>
      internalAuditHandler.run(
        fakeContext(database.db, {
          portfolioCodes: ['AUD'],
          fromDate: DATES[0]!,
          toDate: DATES[3]!,
          updateTracking: true,
        }),
      );
    const snapshot = async () => ({
      breaches: await database.db.select().from(auditBreaches).orderBy(asc(auditBreaches.id)),
      events: await database.db.select().from(auditBreachEvents).orderBy(asc(auditBreachEvents.id)),
    });
    const first = await run();
    expect(first.result.tracking).toEqual({ opened: 1, updated: 0, resolved: 1 });
    const after = await snapshot();
    expect(after.breaches.map((r) => [r.firstDate, r.lastDate, r.resolvedDate, r.status])).toEqual([
      ['2026-03-03', '2026-03-04', '2026-03-05', 'resolved'],
    ]);
    expect(after.events.map((e) => e.kind)).toEqual(['opened', 'closed']);
    for (let i = 0; i < 2; i++) {
      const again = await run();
      expect(again.result.tracking).toEqual({ opened: 0, updated: 0, resolved: 0 });
      expect(await snapshot()).toEqual(after);
    }
  });

  it('refuses an unknown criterion code in Turkish', async () => {
    const ctx = fakeContext(database.db, {
      portfolioCodes: ['AUD'],
      asOfDate: '2026-03-03',
      criterionCodes: ['YOK'],
    });
    await expect(internalAuditHandler.run(ctx)).rejects.toThrow(
      'Kriter bulunamadı veya devre dışı: YOK.',
    );
  });
});

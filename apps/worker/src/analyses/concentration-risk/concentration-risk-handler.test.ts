import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcentrationRiskInputsSchema, ConcentrationRiskResultSchema } from '@fonrisk/contracts';
import { holdings, instruments, portfolios } from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { concentrationRiskHandler } from './concentration-risk-handler.ts';

// NAV 1 000 000 on 2026-03-06. Hand figures:
// - ABANK: bond 60 000 + deposit 50 000 = 11 % > 10 % (breach, margin −1 %); its group AGRUP adds
//   BHOLD 100 000 → 21 % > 20 % (breach).
// - 5/10/40: issuers strictly above 5 %: ABANK 11, BHOLD 10, DSAN 6, ESAN 7, FSAN 6 = 40 % ≤ 40 %
//   (passes at the edge; CSAN at exactly 5 % would make it 45 % if it counted).
// - Hazine (government bond, 550 000) is outside the issuer limits but in the exposures.
// - Issuer HHI over all issuers: shares of the 1 000 000 keyed value.
const DATE = '2026-03-06';
const LINES = [
  {
    code: 'A-T',
    type: 'corporateBond',
    issuer: 'ABANK',
    group: 'AGRUP',
    sector: 'Banka',
    v: 60_000,
  },
  { code: 'A-D', type: 'deposit', issuer: 'ABANK', group: 'AGRUP', sector: 'Banka', v: 50_000 },
  {
    code: 'B-T',
    type: 'corporateBond',
    issuer: 'BHOLD',
    group: 'AGRUP',
    sector: 'Holding',
    v: 100_000,
  },
  { code: 'C-S', type: 'stock', issuer: 'CSAN', group: 'CSAN', sector: 'Sanayi', v: 50_000 },
  { code: 'D-S', type: 'stock', issuer: 'DSAN', group: 'DSAN', sector: 'Sanayi', v: 60_000 },
  { code: 'E-S', type: 'stock', issuer: 'ESAN', group: 'ESAN', sector: 'Sanayi', v: 70_000 },
  { code: 'F-S', type: 'stock', issuer: 'FSAN', group: 'FSAN', sector: 'Sanayi', v: 60_000 },
  {
    code: 'GOV',
    type: 'governmentBond',
    issuer: 'Hazine',
    group: 'Kamu',
    sector: 'Kamu',
    v: 550_000,
  },
] as const;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(instruments).values(
    LINES.map((l) => ({
      code: l.code,
      name: l.code,
      mainType: l.type,
      currency: 'TRY',
      issuer: l.issuer,
      issuerGroup: l.group,
      sector: l.sector,
    })),
  );
  await db.insert(portfolios).values([
    { code: 'CON', name: 'Yoğunlaşma Test Fonu', kind: 'fund', fundCategory: 'equity' },
    { code: 'REP', name: 'Ters Repo Test Fonu', kind: 'fund', fundCategory: 'debtInstruments' },
  ]);
  // REP: an OTC reverse repo of 252 000 in NAV 1 000 000 = 25,2 % against the regulation's 10 %.
  await db.insert(instruments).values([
    { code: 'TR-REPO', name: 'Ters repo', mainType: 'reverseRepo', currency: 'TRY' },
    {
      code: 'REP-GOV',
      name: 'DİBS',
      mainType: 'governmentBond',
      currency: 'TRY',
      issuerGroup: 'Kamu',
    },
  ]);
  await db.insert(holdings).values([
    {
      portfolioCode: 'REP',
      portfolioDate: DATE,
      rowNo: 1,
      instrumentCode: 'TR-REPO',
      mainType: 'reverseRepo',
      currentValue: 252_000,
    },
    {
      portfolioCode: 'REP',
      portfolioDate: DATE,
      rowNo: 2,
      instrumentCode: 'REP-GOV',
      mainType: 'governmentBond',
      currentValue: 748_000,
    },
  ]);
  await db.insert(holdings).values(
    LINES.map((l, i) => ({
      portfolioCode: 'CON',
      portfolioDate: DATE,
      rowNo: i + 1,
      instrumentCode: l.code,
      mainType: l.type,
      currentValue: l.v,
    })),
  );
}, 120_000);
afterAll(() => database.drop());

const run = (inputs: unknown) =>
  concentrationRiskHandler.run(
    fakeContext(database.db, ConcentrationRiskInputsSchema.parse(inputs)),
  );

describe('concentration-risk handler', () => {
  it('measures exposures, HHI and checks the limits at their edges', async () => {
    const { result } = await run({ portfolioCodes: ['CON'], asOfDate: '2026-03-10' });
    expect(ConcentrationRiskResultSchema.safeParse(result).success).toBe(true);
    const fund = result.funds[0]!;
    expect(fund.date).toBe(DATE);
    expect(fund.nav).toBe(1_000_000);
    const check = (code: string, key: string | null) =>
      fund.checks.find((c) => c.code === code && c.key === key);
    const issuer = check('SPK-TEK-IHRACCI', 'ABANK')!;
    expect(issuer.value).toBeCloseTo(0.11, 12);
    expect(issuer.margin).toBeCloseTo(-0.01, 12);
    expect(issuer.status).toBe('breach');
    // Exactly at the limit passes, flagged as near (≥ 90 % of the limit).
    expect(check('SPK-TEK-IHRACCI', 'BHOLD')!.status).toBe('near');
    expect(check('SPK-TEK-IHRACCI', 'Hazine')).toBeUndefined();
    const large = fund.checks.find((c) => c.code === 'SPK-5-10-40')!;
    expect(large.value).toBeCloseTo(0.4, 12);
    expect(large.status).toBe('near');
    expect(large.key!.split(', ').sort()).toEqual(['ABANK', 'BHOLD', 'DSAN', 'ESAN', 'FSAN']);
    expect(check('SPK-GRUP-SIRKETLERI', 'AGRUP')!.value).toBeCloseTo(0.21, 12);
    expect(check('SPK-GRUP-SIRKETLERI', 'AGRUP')!.status).toBe('breach');
    // Internal 8 % issuer limit: ABANK, BHOLD over it as warnings.
    expect(check('IC-IHRACCI', 'BHOLD')!.status).toBe('warning');
    expect(fund.breaches).toBe(2);
    // HHI by issuer: Σ s² of 110, 100, 50, 60, 70, 60, 550 thousand over 1 000 000.
    const shares = [0.11, 0.1, 0.05, 0.06, 0.07, 0.06, 0.55];
    const hhi = fund.hhi.find((h) => h.dimension === 'issuer')!;
    expect(hhi.hhi).toBeCloseTo(
      shares.reduce((s, x) => s + x * x, 0),
      12,
    );
    expect(hhi.effectiveN).toBeCloseTo(1 / shares.reduce((s, x) => s + x * x, 0), 9);
    const country = result.tables['exposures']!.rows.filter((r) => r['dimensionKey'] === 'country');
    expect(country).toEqual([expect.objectContaining({ key: 'Yurt içi', weight: 1 })]);
    expect(result.tables['top10']!.rows[0]).toMatchObject({ key: 'Hazine', rank: 1 });
    expect(Object.keys(result.charts)).toContain('top10:CON');
  });

  it('takes the limits as settings: 5 % counted once the threshold is lowered; a limit switched off', async () => {
    const { result } = await run({
      portfolioCodes: ['CON'],
      asOfDate: DATE,
      limits: {
        largeExposures: { enabled: true, limit: 0.4, threshold: 0.049 },
        issuer: { enabled: false, limit: 0.1, threshold: null },
      },
    });
    const fund = result.funds[0]!;
    const large = fund.checks.find((c) => c.code === 'SPK-5-10-40')!;
    expect(large.value).toBeCloseTo(0.45, 12);
    // A threshold other than the regulation's makes it a configured limit (decision 0051).
    expect(large.status).toBe('warning');
    expect(large.source).toBe(
      'Ayarlanan limit; mevzuat: ≤ %40,00 (Tebliğ III-52.1 m.17 [ikincil kaynak: SPK soru bankası, erdem-erdem 2014])',
    );
    expect(fund.checks.some((c) => c.code === 'SPK-TEK-IHRACCI')).toBe(false);
  });

  it('a regulatory limit at 25 % is a breach labelled as such; configured lower, it says so (issue 23 item 8)', async () => {
    const { result } = await run({ portfolioCodes: ['REP'], asOfDate: DATE });
    const fund = result.funds[0]!;
    const repo = fund.checks.find((c) => c.code === 'SPK-TERS-REPO')!;
    // 252 000 / 1 000 000 = 0,252; margin 0,10 − 0,252 = −0,152.
    expect(repo.value).toBeCloseTo(0.252, 12);
    expect(repo.margin).toBeCloseTo(-0.152, 12);
    expect(repo.status).toBe('breach');
    expect(fund.breaches).toBe(1);
    const row = result.tables['checks']!.rows.find((r) => r['code'] === 'SPK-TERS-REPO')!;
    expect(row['statusLabel']).toBe('Mevzuat ihlali');
    expect(result.tables['summary']!.rows[0]).toMatchObject({ breaches: 1, warnings: 0 });

    const configured = await run({
      portfolioCodes: ['REP'],
      asOfDate: DATE,
      limits: { reverseRepo: { enabled: true, limit: 0.3, threshold: null } },
    });
    const c = configured.result.funds[0]!.checks.find((x) => x.code === 'SPK-TERS-REPO')!;
    // 25,2 % under the configured 30 % and below 90 % of it (27 %): passes.
    expect(c.status).toBe('pass');
    expect(c.source).toBe('Ayarlanan limit; mevzuat: ≤ %10,00 (Rehber §4.2.3; Tebliğ m.21/2)');
    const lower = await run({
      portfolioCodes: ['REP'],
      asOfDate: DATE,
      limits: { reverseRepo: { enabled: true, limit: 0.2, threshold: null } },
    });
    const l = lower.result.funds[0]!;
    expect(l.checks.find((x) => x.code === 'SPK-TERS-REPO')!.status).toBe('warning');
    expect(l.breaches).toBe(0);
    expect(
      lower.result.tables['checks']!.rows.find((r) => r['code'] === 'SPK-TERS-REPO')![
        'statusLabel'
      ],
    ).toBe('İç / ayarlanan limit aşımı');
  });

  it('refuses an unknown fund and a date without holdings in Turkish', async () => {
    await expect(run({ portfolioCodes: ['YOK'], asOfDate: DATE })).rejects.toThrow(
      new AnalysisInputError('YOK kodlu portföy bulunamadı.'),
    );
    await expect(run({ portfolioCodes: ['CON'], asOfDate: '2020-01-01' })).rejects.toThrow(
      /CON portföyünün 2020-01-01 veya öncesine ait portföy dağılımı yok/,
    );
  });
});

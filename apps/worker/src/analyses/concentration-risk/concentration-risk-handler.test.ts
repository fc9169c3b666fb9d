import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcentrationRiskInputsSchema,
  ConcentrationRiskResultSchema,
  INSTRUMENT_MAIN_TYPE_LABELS,
} from '@fonrisk/contracts';
import {
  holdings,
  instruments,
  marketSeries,
  marketValues,
  portfolios,
  tickerMappings,
} from '@fonrisk/db';
import { createTestDatabase, type TestDatabase } from '@fonrisk/db/testing';
import { AnalysisInputError } from '../../runner/errors.ts';
import { fakeContext } from '../testing/fake-context.ts';
import { loadAuditBooks } from '../internal-audit/audit-book.ts';
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
  // DRV (issue 23 item 1): on an index at 10 000 points (the future's own series says 10 400),
  // a future of 5 contracts × 10 and a call of 4 contracts × 10, K = 10 000, one year
  // (2026-03-06 → 2027-03-06 = 365 days), no TRY curve (r = 0), premium at σ = 20 %:
  // d1 = σ√T / 2 = 0,1, d2 = −0,1; call = 10 000 × (N(0,1) − N(−0,1)) = 796,5567 per unit,
  // value 40 × 796,5567 = 31 862,27 TL. NAV 1 000 000 with 968 137,73 TL of cash.
  await db.insert(marketSeries).values([
    { ticker: 'IDX', name: 'Endeks', kind: 'price', currency: 'TRY' },
    { ticker: 'F_IDX', name: 'Endeks vadeli', kind: 'price', currency: 'TRY' },
  ]);
  await db.insert(marketValues).values(
    ['2026-03-04', '2026-03-05', DATE].flatMap((date) => [
      { ticker: 'IDX', date, value: 10_000 },
      { ticker: 'F_IDX', date, value: 10_400 },
    ]),
  );
  await db.insert(instruments).values([
    {
      code: 'F-IDX',
      name: 'Endeks vadeli',
      mainType: 'future',
      currency: 'TRY',
      terms: { kind: 'future', underlying: 'IDX', expiryDate: '2026-06-30', contractSize: 10 },
    },
    {
      code: 'C-IDX',
      name: 'Endeks alım opsiyonu',
      mainType: 'option',
      currency: 'TRY',
      terms: {
        kind: 'option',
        underlying: 'IDX',
        strike: 10_000,
        expiryDate: '2027-03-06',
        optionType: 'call',
        exerciseStyle: 'european',
        contractSize: 10,
      },
    },
    { code: 'NAKIT', name: 'Nakit', mainType: 'cash', currency: 'TRY' },
  ]);
  await db
    .insert(tickerMappings)
    .values({ instrumentCode: 'F-IDX', seriesTicker: 'F_IDX', mappingKind: 'direct' });
  await db.insert(portfolios).values({
    code: 'DRV',
    name: 'Türev Test Fonu',
    kind: 'fund',
    fundCategory: 'variable',
  });
  const d = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
  CALL_VALUE = 40 * 10_000 * (d(0.1) - d(-0.1));
  await db.insert(holdings).values([
    {
      portfolioCode: 'DRV',
      portfolioDate: DATE,
      rowNo: 1,
      instrumentCode: 'F-IDX',
      mainType: 'future',
      nominalValue: 5,
      currentValue: 0,
    },
    {
      portfolioCode: 'DRV',
      portfolioDate: DATE,
      rowNo: 2,
      instrumentCode: 'C-IDX',
      mainType: 'option',
      nominalValue: 4,
      currentValue: CALL_VALUE,
    },
    {
      portfolioCode: 'DRV',
      portfolioDate: DATE,
      rowNo: 3,
      instrumentCode: 'NAKIT',
      mainType: 'cash',
      currentValue: 1_000_000 - CALL_VALUE,
    },
  ]);
  // FOF (issue 23 item 2): a fund of funds with 89,6 % in seven funds of one management company.
  await db.insert(instruments).values(
    FOF_FUNDS.map(([code]) => ({
      code,
      name: `${code} fonu`,
      mainType: 'fundShare',
      currency: 'TRY',
      issuer: 'XPORTFOY',
      issuerGroup: 'XGRUP',
    })),
  );
  await db.insert(portfolios).values({
    code: 'FOF',
    name: 'Fon Sepeti Test Fonu',
    kind: 'fund',
    fundCategory: 'fundOfFunds',
  });
  await db.insert(holdings).values([
    ...FOF_FUNDS.map(([code, v], i) => ({
      portfolioCode: 'FOF',
      portfolioDate: DATE,
      rowNo: i + 1,
      instrumentCode: code,
      mainType: 'fundShare',
      currentValue: v,
    })),
    {
      portfolioCode: 'FOF',
      portfolioDate: DATE,
      rowNo: 8,
      instrumentCode: 'NAKIT',
      mainType: 'cash',
      currentValue: 104_000,
    },
  ]);
}, 120_000);
afterAll(() => database.drop());

/** erf by its Maclaurin series (Math has none): exact to 1e-15 for the |x| ≤ 0,1 / √2 used here. */
function erf(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; n < 30; n++) {
    term *= (-x * x) / n;
    sum += term / (2 * n + 1);
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}
let CALL_VALUE = 0;
// 200 800 + 150 000 + 140 000 + 120 000 + 100 000 + 90 000 + 95 200 = 896 000 of NAV 1 000 000.
const FOF_FUNDS = [
  ['FN1', 200_800],
  ['FN2', 150_000],
  ['FN3', 140_000],
  ['FN4', 120_000],
  ['FN5', 100_000],
  ['FN6', 90_000],
  ['FN7', 95_200],
] as const;

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

  it('values a future at contracts × size × index level and an option delta-adjusted, the notional beside it (issue 23 item 1)', async () => {
    // Future: 5 × 10 × 10 000 = 500 000 TL (not 5 × 10 × 10 400 = 520 000).
    // Call: notional 4 × 10 × 10 000 = 400 000 TL; delta N(0,1) = 0,539828 (implied σ = 20 %
    // recovered from the premium) → 215 931,13 TL.
    const [book] = await loadAuditBooks(database.db, ['DRV'], { asOfDate: DATE });
    const line = (code: string) => book!.holdings.find((h) => h.instrumentCode === code)!;
    expect(line('F-IDX').commitmentTry).toBeCloseTo(500_000, 6);
    expect(line('F-IDX').notionalTry).toBeCloseTo(500_000, 6);
    expect(line('C-IDX').notionalTry).toBeCloseTo(400_000, 6);
    expect(line('C-IDX').commitmentTry).toBeCloseTo(215_931.13, 1);

    const { result } = await run({ portfolioCodes: ['DRV'], asOfDate: DATE });
    const rows = result.tables['derivatives']!.rows;
    expect(rows.map((r) => r['instrumentCode'])).toEqual(['F-IDX', 'C-IDX']);
    expect(rows[0]).toMatchObject({ notionalTry: 500_000, delta: 1, exposureTry: 500_000 });
    expect(rows[0]!['weight']).toBeCloseTo(0.5, 12);
    expect(rows[1]!['notionalTry']).toBeCloseTo(400_000, 6);
    expect(rows[1]!['delta']).toBeCloseTo(0.539828, 5);
    expect(rows[1]!['exposureTry']).toBeCloseTo(215_931.13, 1);
    // The asset-class exposure carries the same figures: futures 50 %, options 21,59 %.
    const classes = result.tables['exposures']!.rows.filter(
      (r) => r['dimensionKey'] === 'assetClass',
    );
    const weight = (code: 'future' | 'option') =>
      classes.find((r) => r['key'] === INSTRUMENT_MAIN_TYPE_LABELS[code])!['weight'] as number;
    expect(weight('future')).toBeCloseTo(0.5, 12);
    expect(weight('option')).toBeCloseTo(0.2159311, 6);
  });

  it('a fund of funds: each fund is its own issuer; only the 20,08 % fund breaks its 20 % per-fund cap (issue 23 item 2)', async () => {
    const { result } = await run({ portfolioCodes: ['FOF'], asOfDate: DATE });
    const fund = result.funds[0]!;
    // The management company's 89,6 % is no issuer, 5/10/40 or group breach.
    expect(fund.checks.filter((c) => c.key === 'XPORTFOY' || c.key === 'XGRUP')).toEqual([]);
    expect(fund.checks.filter((c) => c.status === 'breach').map((c) => [c.code, c.key])).toEqual([
      ['SPK-FON-SEPETI-TEK-FON', 'FN1'],
    ]);
    const cap = fund.checks.find((c) => c.code === 'SPK-FON-SEPETI-TEK-FON' && c.key === 'FN1')!;
    // 200 800 / 1 000 000 = 0,2008 against 0,20: margin −0,0008.
    expect(cap.value).toBeCloseTo(0.2008, 12);
    expect(cap.margin).toBeCloseTo(-0.0008, 12);
    // FN2 at 15 % is under 90 % of the cap (18 %): pass.
    expect(
      fund.checks.find((c) => c.code === 'SPK-FON-SEPETI-TEK-FON' && c.key === 'FN2')!.status,
    ).toBe('pass');
    expect(fund.breaches).toBe(1);
    // The issuer exposure is per fund: FN1 20,08 %, and no XPORTFOY key.
    const issuers = result.tables['exposures']!.rows.filter((r) => r['dimensionKey'] === 'issuer');
    expect(issuers.find((r) => r['key'] === 'FN1')!['weight']).toBeCloseTo(0.2008, 12);
    expect(issuers.some((r) => r['key'] === 'XPORTFOY')).toBe(false);
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

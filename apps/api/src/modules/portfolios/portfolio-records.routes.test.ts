import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, benchmarks, eq, holdings, portfolios, sql } from '@fonrisk/db';
import {
  fundPortfolioProposal,
  type ImportResponse,
  type Instrument,
  type PortfolioSummary,
  type Problem,
} from '@fonrisk/contracts';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { seedMasterData, upload } from '../data-imports/test-support.ts';

const P = 'R';
const FUND = `${P}FONA`;

/** The holdings template filled in for `code` (two rows on one date). */
const holdingsFile = (code: string, date = '2025-01-31', other = code) =>
  [
    'Portföy Kodu;Portföy Tarihi;Yatırım Aracı Kodu;Güncel Değer;Nominal Değer',
    `${code};${date};${P}HIS1;1500;100`,
    `${other};${date};${P}MEVD;500;500`,
  ].join('\n');

const turfon = {
  code: 'TURFON',
  name: 'Tur Hisse Senedi Fonu',
  kind: 'fund',
  fundCategory: 'equity',
  currency: 'TRY',
};

describe('portfolio records and portfolios created from a holdings upload (issue 21)', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  const db = () => api.database.db;
  const list = async (query = '') =>
    (await api.call('GET', `/api/portfolios${query}`, { token: observer })).json<
      PortfolioSummary[]
    >();
  const portfolioCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(portfolios)
    )[0]!.n;
  const holdingsOf = (code: string) =>
    db().select().from(holdings).where(eq(holdings.portfolioCode, code));

  beforeAll(async () => {
    api = await createTestApi();
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    await seedMasterData(db(), P);
    await db()
      .insert(benchmarks)
      .values({ code: `${P}BIST`, name: 'BIST 100', kind: 'composite' });
  });
  afterAll(() => api.close());

  describe('create, edit, retire', () => {
    const body = {
      code: `${P}KAR`,
      name: 'Karma Fon',
      kind: 'fund',
      fundCategory: 'mixed',
      currency: 'TRY',
      referenceBenchmarkCode: `${P}BIST`,
      managementCompany: 'Örnek Portföy Yönetimi A.Ş.',
    };

    it('creates a fund with every field and lists it', async () => {
      const created = await api.call('POST', '/api/portfolios', { token: runner, body });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json<PortfolioSummary>()).toEqual({
        ...body,
        isDemo: false,
        retiredAt: null,
        firstDate: null,
        lastDate: null,
        dateCount: 0,
      });
      expect((await list('?kind=fund')).map((p) => p.code)).toContain(`${P}KAR`);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'portfolio.create'));
      expect(audit).toMatchObject({ entityId: `${P}KAR` });
    });

    it('refuses a fund without category, an unknown benchmark and a taken code, in Turkish', async () => {
      const noCategory = await api.call('POST', '/api/portfolios', {
        token: runner,
        body: { ...body, code: `${P}KAT`, fundCategory: null },
      });
      expect(noCategory.statusCode).toBe(400);
      expect(noCategory.json<Problem>().errors).toContainEqual(
        expect.objectContaining({
          field: 'fundCategory',
          message: 'fon için fon kategorisi seçilmeli',
        }),
      );
      const customer = await api.call('POST', '/api/portfolios', {
        token: runner,
        body: { code: `${P}MUS2`, name: 'Müşteri 2', kind: 'customer', currency: 'USD' },
      });
      expect(
        customer.json<PortfolioSummary>(),
        'a customer portfolio needs no category',
      ).toMatchObject({
        kind: 'customer',
        fundCategory: null,
        currency: 'USD',
        managementCompany: null,
      });
      const badBenchmark = await api.call('POST', '/api/portfolios', {
        token: runner,
        body: { ...body, code: `${P}KAB`, referenceBenchmarkCode: 'YOKBOYLE' },
      });
      expect(badBenchmark.statusCode).toBe(400);
      expect(badBenchmark.json<Problem>().errors).toEqual([
        {
          field: 'referenceBenchmarkCode',
          message: "'YOKBOYLE' tanımlı bir karşılaştırma ölçütü değil",
        },
      ]);
      const taken = await api.call('POST', '/api/portfolios', { token: runner, body });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<Problem>().detail).toBe(
        `'${P}KAR' kodu zaten bir portföy veya birleşik portföy tarafından kullanılıyor.`,
      );
      expect(
        await db()
          .select()
          .from(portfolios)
          .where(eq(portfolios.code, `${P}KAB`)),
      ).toEqual([]);
    });

    it('edits name, kind, category, currency, benchmark and management company', async () => {
      const edited = await api.call('PUT', `/api/portfolios/${P}KAR`, {
        token: runner,
        body: {
          name: 'Karma Müşteri',
          kind: 'customer',
          fundCategory: null,
          currency: 'EUR',
          referenceBenchmarkCode: null,
          managementCompany: '  ',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<PortfolioSummary>()).toMatchObject({
        name: 'Karma Müşteri',
        kind: 'customer',
        fundCategory: null,
        currency: 'EUR',
        referenceBenchmarkCode: null,
        managementCompany: null,
        retiredAt: null,
      });
      const missing = await api.call('PUT', '/api/portfolios/YOKBOYLE', {
        token: runner,
        body: { name: 'x', kind: 'customer', currency: 'TRY' },
      });
      expect(missing.statusCode).toBe(404);
      const observerEdit = await api.call('PUT', `/api/portfolios/${P}KAR`, {
        token: observer,
        body: { name: 'x', kind: 'customer', currency: 'TRY' },
      });
      expect(observerEdit.statusCode).toBe(403);
    });

    it('retires a portfolio: out of the pickers, history kept and readable, then reactivated', async () => {
      const loaded = await upload(api, runner, 'holdings', holdingsFile(FUND));
      expect(loaded.statusCode, loaded.body).toBe(200);
      const fields = { name: 'Test Fon A', kind: 'fund', fundCategory: 'equity', currency: 'TRY' };
      const retired = await api.call('PUT', `/api/portfolios/${FUND}`, {
        token: runner,
        body: { ...fields, retired: true },
      });
      expect(retired.statusCode, retired.body).toBe(200);
      expect(retired.json<PortfolioSummary>().retiredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await list()).map((p) => p.code)).not.toContain(FUND);
      expect((await list('?kind=fund')).map((p) => p.code)).not.toContain(FUND);
      expect(
        (await list('?kind=fund&includeRetired=true')).find((p) => p.code === FUND),
      ).toMatchObject({ dateCount: 1, retiredAt: expect.any(String) as string });
      expect(await holdingsOf(FUND), 'retiring erases no holdings').toHaveLength(2);
      const snapshot = await api.call('GET', `/api/portfolios/${FUND}/holdings?date=2025-01-31`, {
        token: observer,
      });
      expect(snapshot.statusCode, 'its history stays readable').toBe(200);

      const refused = await upload(api, runner, 'holdings', holdingsFile(FUND, '2025-02-28'));
      expect(refused.statusCode, 'a retired portfolio takes no new holdings').toBe(422);
      expect(refused.json<Problem>().errors).toEqual([
        {
          row: 2,
          field: 'Portföy Kodu',
          value: FUND,
          message: `Satır 2, 'Portföy Kodu' sütunu: '${FUND}' kullanımdan kaldırılmış portföy (önce yeniden etkinleştirin).`,
        },
        expect.objectContaining({ row: 3, value: FUND }),
      ]);
      expect(await holdingsOf(FUND)).toHaveLength(2);

      const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, FUND))).map(
        (a) => a.action,
      );
      expect(actions).toContain('portfolio.retire');
      const back = await api.call('PUT', `/api/portfolios/${FUND}`, {
        token: runner,
        body: fields,
      });
      expect(back.json<PortfolioSummary>().retiredAt).toBeNull();
      expect((await list('?kind=fund')).map((p) => p.code)).toContain(FUND);
      expect(
        (await db().select().from(auditLog).where(eq(auditLog.entityId, FUND))).map(
          (a) => a.action,
        ),
      ).toContain('portfolio.reactivate');
    });
  });

  describe('a holdings file naming portfolio codes the database does not know', () => {
    it('answers 409 listing the unknown codes and writes nothing', async () => {
      const before = await portfolioCount();
      const response = await upload(api, runner, 'holdings', holdingsFile('TURFON'));
      expect(response.statusCode).toBe(409);
      const problem = response.json<Problem>();
      expect(problem.detail).toBe(
        'Dosyada tanımlı olmayan portföy kodları var: TURFON. Portföyleri oluşturmak için türlerini ve kategorilerini seçip onaylayın; hiçbir kayıt yazılmadı.',
      );
      expect(problem.unknownPortfolios).toEqual([
        {
          portfolioCode: 'TURFON',
          row: 2,
          rows: 2,
          kind: null,
          name: null,
          currency: null,
          fundCategory: null,
        },
      ]);
      expect(await portfolioCount()).toBe(before);
      expect(await holdingsOf('TURFON')).toEqual([]);
    });

    it('lists only the unknown codes of a file that also names a known one', async () => {
      const response = await upload(
        api,
        runner,
        'holdings',
        holdingsFile('YENI1', '2025-03-31', FUND),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json<Problem>().unknownPortfolios?.map((u) => u.portfolioCode)).toEqual([
        'YENI1',
      ]);
      expect(await holdingsOf(FUND)).toHaveLength(2);
    });

    it('still rejects bad rows first (422) and creates no portfolio then', async () => {
      const before = await portfolioCount();
      const bad = `${holdingsFile('YENI2')}\nYENI2;2025-01-31;YOKBOYLE;10;10`;
      const response = await upload(api, runner, 'holdings', bad, '', {
        newPortfolios: [{ ...turfon, code: 'YENI2' }],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<Problem>().errors).toEqual([
        expect.objectContaining({ row: 4, field: 'Yatırım Aracı Kodu', value: 'YOKBOYLE' }),
      ]);
      expect(await portfolioCount()).toBe(before);
    });

    it('refuses an unreadable newPortfolios field, naming the entry field (400)', async () => {
      const response = await upload(api, runner, 'holdings', holdingsFile('TURFON'), '', {
        newPortfolios: [{ ...turfon, fundCategory: null }],
      });
      expect(response.statusCode).toBe(400);
      const problem = response.json<Problem>();
      expect(problem.detail).toMatch(/^Oluşturulacak portföyler okunamadı/);
      expect(problem.errors).toEqual([
        { field: 'newPortfolios.0.fundCategory', message: 'fon için fon kategorisi seçilmeli' },
      ]);
      expect(await holdingsOf('TURFON')).toEqual([]);
    });

    it('proposes the fund defined on fund-creation, then creates it with the holdings on confirmation', async () => {
      const fund = await api.call('POST', '/api/instruments', {
        token: runner,
        body: {
          code: 'TURFON',
          name: 'Tur Hisse Senedi Fonu',
          mainType: 'fundShare',
          subType: null,
          currency: 'TRY',
          issuer: null,
          issuerGroup: null,
          sector: null,
          isinCode: null,
          isForeign: false,
          tcmbCode: null,
          terms: {
            kind: 'fund',
            fundCode: 'TURFON',
            fundCategory: 'equity',
            tefasFundType: null,
          },
        },
      });
      expect(fund.statusCode, fund.body).toBe(200);
      const proposal = await upload(api, runner, 'holdings', holdingsFile('TURFON'));
      expect(proposal.statusCode).toBe(409);
      expect(proposal.json<Problem>().unknownPortfolios).toEqual([
        {
          portfolioCode: 'TURFON',
          row: 2,
          rows: 2,
          kind: 'fund',
          name: 'Tur Hisse Senedi Fonu',
          currency: 'TRY',
          fundCategory: 'equity',
        },
      ]);

      const confirmed = await upload(api, runner, 'holdings', holdingsFile('TURFON'), '', {
        newPortfolios: [turfon],
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<ImportResponse>()).toMatchObject({
        rowCount: 2,
        inserted: 2,
        createdPortfolios: ['TURFON'],
      });
      expect((await list('?kind=fund')).find((p) => p.code === 'TURFON')).toMatchObject({
        name: 'Tur Hisse Senedi Fonu',
        kind: 'fund',
        fundCategory: 'equity',
        firstDate: '2025-01-31',
        dateCount: 1,
      });
      expect(await holdingsOf('TURFON')).toHaveLength(2);
      const [created] = await db()
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'portfolio.create' AND ${auditLog.entityId} = 'TURFON'`);
      expect(created?.after).toMatchObject({ createdBy: 'import dosya.csv' });
    });

    it('loads the holdings of a fund whose portfolio fund-creation created, with no unknown-code refusal', async () => {
      // fund-creation: the fund, then the portfolio the screen proposes from it (fundPortfolioProposal).
      const code = `${P}TURF`;
      const fund = await api.call('POST', '/api/instruments', {
        token: runner,
        body: {
          code,
          name: 'Tur Karma Fon',
          mainType: 'fundShare',
          subType: null,
          currency: 'TRY',
          issuer: 'Tur Portföy',
          issuerGroup: null,
          sector: null,
          isinCode: null,
          isForeign: false,
          tcmbCode: null,
          terms: { kind: 'fund', fundCode: code, fundCategory: 'mixed', tefasFundType: null },
        },
      });
      expect(fund.statusCode, fund.body).toBe(200);
      const created = await api.call('POST', '/api/portfolios', {
        token: runner,
        body: fundPortfolioProposal(fund.json<Instrument>()),
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json<PortfolioSummary>()).toMatchObject({
        code,
        kind: 'fund',
        fundCategory: 'mixed',
        managementCompany: 'Tur Portföy',
      });

      const response = await upload(api, runner, 'holdings', holdingsFile(code, '2025-05-30'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportResponse>()).toMatchObject({
        rowCount: 2,
        inserted: 2,
        createdPortfolios: [],
      });
      expect(await holdingsOf(code)).toHaveLength(2);
    });

    it('ignores a confirmation for a code the file does not name', async () => {
      const response = await upload(api, runner, 'holdings', holdingsFile(FUND, '2025-04-30'), '', {
        newPortfolios: [{ ...turfon, code: 'BASKA' }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ImportResponse>().createdPortfolios).toEqual([]);
      expect(await db().select().from(portfolios).where(eq(portfolios.code, 'BASKA'))).toEqual([]);
    });
  });
});

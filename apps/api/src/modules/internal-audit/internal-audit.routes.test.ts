import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import {
  SPK_CRITERIA,
  type BreachDetail,
  type BreachListResponse,
  type CriteriaImportResponse,
  type CriteriaListResponse,
  type Criterion,
  type CriterionPreviewResponse,
  type CriterionRule,
  type CriterionVersionsResponse,
  type Problem,
  type AmbiguousNumber,
} from '@fonrisk/contracts';
import {
  and,
  auditBreachEvents,
  auditBreaches,
  auditCriteria,
  eq,
  holdings,
  instruments,
  isNull,
  type Database,
} from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import { multipart } from '../data-imports/test-support.ts';
import { createBreachesService } from './breaches.service.ts';
import { ensureShippedCriteria } from './criteria.service.ts';

const RULE: CriterionRule = {
  code: 'IC-HISSE-MAX',
  name: 'Tek hisse en fazla %9',
  description: 'İç limit',
  group: 'İç limitler',
  source: 'Yatırım komitesi kararı',
  confirmed: true,
  filters: [{ kind: 'values', field: 'mainType', operator: 'in', values: ['stock'] }],
  measure: {
    aggregation: 'maxWeightPerKey',
    groupBy: 'issuer',
    depositTreatment: 'exceptMoneyMarket',
  },
  comparison: { kind: 'max', limit: 0.09 },
  severity: 'warning',
  scope: { portfolioCodes: ['DHS'], fundCategories: [] },
  effectiveFrom: '2020-01-01',
  cureDays: null,
  enabled: true,
};

function importFile(
  api: TestApi,
  token: string,
  content: string | Buffer,
  name: string,
  query = '',
) {
  const body = multipart(content, name);
  return api.app.inject({
    method: 'POST',
    url: `/api/internal-audit/criteria/import${query}`,
    headers: { ...api.headers(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('internal-audit endpoints', () => {
  let api: TestApi;
  let runner: string;
  let observer: string;
  let restricted: string;

  beforeAll(async () => {
    api = await createTestApi({ demoMarket: true });
    await ensureShippedCriteria(api.database.db);
    runner = (await api.login('hesaplayici')).accessToken;
    observer = (await api.login('gozlemleyici')).accessToken;
    restricted = (await api.login('kisitli')).accessToken;
  });
  afterAll(() => api.close());

  it('ships the SPK rule set once; unconfirmed ones are marked', async () => {
    expect(await ensureShippedCriteria(api.database.db)).toBe(0);
    const res = await api.call('GET', '/api/internal-audit/criteria', { token: observer });
    expect(res.statusCode).toBe(200);
    const { criteria } = res.json<CriteriaListResponse>();
    expect(criteria.map((c) => c.code).sort()).toEqual(SPK_CRITERIA.map((c) => c.code).sort());
    expect(criteria.find((c) => c.code === 'SPK-5-10-40')).toMatchObject({
      confirmed: false,
      version: 1,
    });
  });

  it('versions a criterion: an edit keeps the old version, an unchanged save adds none', async () => {
    const created = await api.call('POST', '/api/internal-audit/criteria', {
      token: runner,
      body: RULE,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json<Criterion>()).toMatchObject({ code: RULE.code, version: 1 });
    expect(created.json<Criterion>().createdByName).not.toBeNull();
    const taken = await api.call('POST', '/api/internal-audit/criteria', {
      token: runner,
      body: RULE,
    });
    expect(taken.statusCode).toBe(409);
    const edited = await api.call('PUT', `/api/internal-audit/criteria/${RULE.code}`, {
      token: runner,
      body: { ...RULE, comparison: { kind: 'max', limit: 0.085 } },
    });
    expect(edited.json<Criterion>().version).toBe(2);
    const same = await api.call('PUT', `/api/internal-audit/criteria/${RULE.code}`, {
      token: runner,
      body: { ...RULE, comparison: { kind: 'max', limit: 0.085 } },
    });
    expect(same.json<Criterion>().version).toBe(2);
    const versions = await api.call('GET', `/api/internal-audit/criteria/${RULE.code}/versions`, {
      token: observer,
    });
    expect(
      versions.json<CriterionVersionsResponse>().versions.map((v) => [v.version, v.comparison]),
    ).toEqual([
      [2, { kind: 'max', limit: 0.085 }],
      [1, { kind: 'max', limit: 0.09 }],
    ]);
    const rows = await api.database.db
      .select()
      .from(auditCriteria)
      .where(eq(auditCriteria.code, RULE.code));
    expect(rows.filter((r) => r.supersededAt === null)).toHaveLength(1);
  });

  it('refuses observers and malformed rules with Turkish field messages', async () => {
    expect(
      (await api.call('POST', '/api/internal-audit/criteria', { token: observer, body: RULE }))
        .statusCode,
    ).toBe(403);
    const bad = await api.call('POST', '/api/internal-audit/criteria', {
      token: runner,
      body: {
        ...RULE,
        code: 'X',
        measure: { aggregation: 'sumAboveThreshold', groupBy: 'issuer' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json<Problem>())).toContain('eşik girilmeli');
  });

  it('previews a rule on a portfolio and date without saving it', async () => {
    const res = await api.call('POST', '/api/internal-audit/criteria/preview', {
      token: restricted,
      body: { rule: { ...RULE, code: 'ONIZLEME' }, portfolioCode: 'DHS', asOfDate: '2099-01-01' },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json<CriterionPreviewResponse>();
    expect(p.applies).toBe(true);
    // Expected straight from the stored holdings: the largest stock issuer's share of NAV.
    const rows = await api.database.db
      .select({
        code: holdings.instrumentCode,
        value: holdings.currentValue,
        type: instruments.mainType,
        issuer: instruments.issuer,
      })
      .from(holdings)
      .innerJoin(instruments, eq(instruments.code, holdings.instrumentCode))
      .where(and(eq(holdings.portfolioCode, 'DHS'), eq(holdings.portfolioDate, p.holdingsDate)));
    const nav = rows.reduce((s, r) => s + r.value, 0);
    const byIssuer = new Map<string, number>();
    for (const r of rows)
      if (r.type === 'stock') byIssuer.set(r.issuer!, (byIssuer.get(r.issuer!) ?? 0) + r.value);
    expect(p.navTry).toBeCloseTo(nav, 6);
    expect(p.value).toBeCloseTo(Math.max(...byIssuer.values()) / nav, 12);
    expect(p.status).toBe(p.value! > 0.09 ? 'warning' : 'pass');
    expect(p.contributions.every((c) => c.key !== null)).toBe(true);
    const none = await api.call('POST', '/api/internal-audit/criteria/preview', {
      token: runner,
      body: { rule: RULE, portfolioCode: 'DHS', asOfDate: '1990-01-01' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<Problem>().detail).toContain(
      'DHS portföyünün 1990-01-01 veya öncesine ait portföy dağılımı yok',
    );
  });

  it('exports and re-imports the set as JSON and Excel; a malformed file imports nothing', async () => {
    const json = await api.call('GET', '/api/internal-audit/criteria/export?format=json', {
      token: observer,
    });
    const set = JSON.parse(json.body) as { criteria: CriterionRule[] };
    expect(set.criteria).toHaveLength(SPK_CRITERIA.length + 1);
    const again = await importFile(api, runner, json.body, 'kriterler.json');
    expect(again.json<CriteriaImportResponse>()).toEqual({
      created: 0,
      updated: 0,
      unchanged: SPK_CRITERIA.length + 1,
    });

    const xlsx = await api.app.inject({
      method: 'GET',
      url: '/api/internal-audit/criteria/export?format=xlsx',
      headers: { authorization: `Bearer ${observer}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    // Row 2 = first criterion; raise its limit in the "Limit" column and add a new one with a bad threshold.
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const limitCol = headers.indexOf('Limit');
    sheet.getRow(2).getCell(limitCol).value = 0.5;
    const code = sheet.getRow(2).getCell(headers.indexOf('Kod')).text;
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const ok = await importFile(api, runner, buf, 'kriterler.xlsx');
    expect(ok.json<CriteriaImportResponse>()).toMatchObject({ updated: 1, created: 0 });
    const versions = await api.call('GET', `/api/internal-audit/criteria/${code}/versions`, {
      token: observer,
    });
    expect(versions.json<CriterionVersionsResponse>().versions[0]!.comparison).toMatchObject({
      limit: 0.5,
    });

    sheet.getRow(3).getCell(headers.indexOf('Ölçüm')).value = 'olmayan';
    const badBuf = Buffer.from(await book.xlsx.writeBuffer());
    const before = await api.database.db.select().from(auditCriteria);
    const bad = await importFile(api, runner, badBuf, 'kriterler.xlsx');
    expect(bad.statusCode).toBe(422);
    const problem = bad.json<Problem>();
    expect(problem.detail).toContain('Satır 3');
    expect(problem.detail).toContain('Ölçüm: geçerli bir ölçüm türü değil');
    expect(await api.database.db.select().from(auditCriteria)).toHaveLength(before.length);

    const notJson = await importFile(api, runner, '{"format":"baska"}', 'x.json');
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json<Problem>().detail).toContain("format 'fonrisk-criteria' olmalı");
  });

  it('waits for confirmation of numbers a file shows no format for (409 ambiguousNumbers)', async () => {
    // Key headers (not Turkish) and only the ambiguous '1.250': read by the default (Turkish).
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Kriterler');
    sheet.addRow([
      'code',
      'name',
      'group',
      'measure.aggregation',
      'comparison.kind',
      'severity',
      'effectiveFrom',
      'comparison.limit',
    ]);
    sheet.addRow([
      'IC-BELIRSIZ',
      'Belirsiz',
      'İç',
      'weight',
      'max',
      'warning',
      '2026-01-01',
      '1.250',
    ]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const db = api.database.db;
    const before = await db.select().from(auditCriteria);

    const waiting = await importFile(api, runner, file, 'kriterler.xlsx');
    expect(waiting.statusCode).toBe(409);
    const problem = waiting.json<Problem & { ambiguousNumbers: AmbiguousNumber[] }>();
    expect(problem.ambiguousNumbers).toEqual([
      expect.objectContaining({
        row: 2,
        text: '1.250',
        format: 'tr',
        value: 1250,
        otherValue: 1.25,
      }),
    ]);
    expect(problem.detail).toContain('Hiçbir kayıt yazılmadı');
    expect(await db.select().from(auditCriteria), 'nothing written').toHaveLength(before.length);

    const accepted = await importFile(api, runner, file, 'kriterler.xlsx', '?acceptWarnings=true');
    expect(accepted.json<CriteriaImportResponse>()).toMatchObject({ created: 1 });
    const [saved] = await db
      .select()
      .from(auditCriteria)
      .where(eq(auditCriteria.code, 'IC-BELIRSIZ'));
    expect(saved?.rule).toMatchObject({ comparison: { kind: 'max', limit: 1250 } });

    // The user chose the other reading on the 409 (decision 0069): that one is stored.
    const intl = await importFile(
      api,
      runner,
      file,
      'kriterler.xlsx',
      '?acceptWarnings=true&numberFormat=intl',
    );
    expect(intl.json<CriteriaImportResponse>()).toMatchObject({ updated: 1 });
    const [current] = await db
      .select()
      .from(auditCriteria)
      .where(and(eq(auditCriteria.code, 'IC-BELIRSIZ'), isNull(auditCriteria.supersededAt)));
    expect(current?.rule).toMatchObject({ comparison: { kind: 'max', limit: 1.25 } });
  });

  it('ages a breach and finds it late by the date in Istanbul, after midnight there', async () => {
    const db = api.database.db;
    const inserted = await insertDhsBreach(db, {
      firstDate: '2026-12-07',
      lastDate: '2026-12-07',
      dueDate: '2026-12-07',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 01:30 on 08.12.2026 in Istanbul, still 07.12 in UTC.
      vi.setSystemTime(new Date('2026-12-07T22:30:00Z'));
      const listed = await createBreachesService(db).list({
        portfolioCodes: ['DHS'],
        criterionCodes: [],
        statuses: ['open'],
      });
      expect(listed.find((x) => x.id === inserted.id)).toMatchObject({
        ageDays: 1,
        overdue: true,
      });
    } finally {
      vi.useRealTimers();
      await db.delete(auditBreaches).where(eq(auditBreaches.id, inserted.id));
    }
  });

  it('lists, filters, updates and comments on breaches; observers read only', async () => {
    const db = api.database.db;
    const b = await insertDhsBreach(db, {
      firstDate: '2026-01-05',
      lastDate: '2026-01-06',
      dueDate: '2026-01-10',
    });
    const list = await api.call(
      'GET',
      '/api/internal-audit/breaches?statuses=open&portfolioCodes=DHS',
      { token: observer },
    );
    const breaches = list.json<BreachListResponse>().breaches;
    expect(breaches.map((x) => x.id)).toEqual([b.id]);
    expect(breaches[0]!.overdue).toBe(true);
    expect(
      (
        await api.call('GET', '/api/internal-audit/breaches?statuses=resolved', { token: observer })
      ).json<BreachListResponse>().breaches,
    ).toEqual([]);

    expect(
      (
        await api.call('POST', `/api/internal-audit/breaches/${b.id}/comments`, {
          token: observer,
          body: { text: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const empty = await api.call('POST', `/api/internal-audit/breaches/${b.id}/comments`, {
      token: runner,
      body: { text: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('yorum boş olamaz');
    const commented = await api.call('POST', `/api/internal-audit/breaches/${b.id}/comments`, {
      token: runner,
      body: { text: 'Satış emri verildi.' },
    });
    expect(commented.json<BreachDetail>().events.at(-1)).toMatchObject({
      kind: 'comment',
      text: 'Satış emri verildi.',
    });
    const noReason = await api.call('PUT', `/api/internal-audit/breaches/${b.id}`, {
      token: runner,
      body: { status: 'accepted' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('kabul için gerekçe yazılmalı');
    const updated = await api.call('PUT', `/api/internal-audit/breaches/${b.id}`, {
      token: runner,
      body: { status: 'remedying', owner: 'Risk Birimi' },
    });
    expect(updated.json<BreachDetail>()).toMatchObject({
      status: 'remedying',
      owner: 'Risk Birimi',
    });
    const events = await db
      .select()
      .from(auditBreachEvents)
      .where(eq(auditBreachEvents.breachId, b.id));
    expect(events.map((e) => e.kind)).toEqual(['comment', 'status']);
    const xlsx = await api.app.inject({
      method: 'GET',
      url: '/api/internal-audit/breaches/export',
      headers: { authorization: `Bearer ${observer}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

/** An open breach of DHS under SPK-5-10-40 (value 45 % against 40 %) on the given dates. */
async function insertDhsBreach(
  db: Database,
  dates: { firstDate: string; lastDate: string; dueDate: string },
) {
  const [c] = await db.select().from(auditCriteria).where(eq(auditCriteria.code, 'SPK-5-10-40'));
  const [row] = await db
    .insert(auditBreaches)
    .values({
      portfolioCode: 'DHS',
      criterionCode: 'SPK-5-10-40',
      criterionId: c!.id,
      criterionName: 'x',
      severity: 'breach',
      ...dates,
      lastValue: 0.45,
      limitText: '≤ %40,00',
    })
    .returning();
  return row!;
}

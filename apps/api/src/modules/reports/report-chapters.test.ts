import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_SETTINGS_DEFAULTS } from '@fonrisk/contracts';
import type { ReportRow } from '@fonrisk/db';
import { createTestApi, type TestApi } from '../../testing/test-api.ts';
import type { ReportChapter } from './render/report-document.ts';
import { assembleReportDocument } from './report-assembly.ts';
import type { Slot, TemplateSnapshot } from './report-run-resolution.ts';
import { findRunsByIds } from './reports.repository.ts';
import { limitBreachSections } from './limit-breach-sections.ts';
import { insertDoneAuditRun, insertDoneVarRun } from './reports.test-support.ts';

const DATE = '2026-10-30';
const CODES = ['AAA', 'BBB'];

const snapshot: TemplateSnapshot = {
  name: 'Bölümler',
  sections: [
    { kind: 'text', title: 'Özet', text: '{fonKodu} için {tarih}.' },
    { kind: 'analysis', analysisType: 'var', title: 'Riske Maruz Değer' },
  ],
  includeMethods: true,
};

const row = {
  id: 1,
  title: 'Bölüm Raporu',
  ownerName: 'Test',
  asOfDate: DATE,
  fromDate: null,
  toDate: null,
  sourceRunId: null,
  demo: false,
} as ReportRow;

/** The VaR figure of a chapter's analysis section's first table. */
function chapterVarPct(chapter: ReportChapter): unknown {
  const section = chapter.sections.find((s) => s.kind === 'analysis');
  return section?.kind === 'analysis' ? section.tables[0]?.rows[0]?.varPct : undefined;
}

describe("a report's chapters are made when they are read (decision 0145)", () => {
  let api: TestApi;
  const runIds: string[] = [];

  beforeAll(async () => {
    api = await createTestApi();
    const { db } = api.database;
    for (const code of CODES)
      runIds.push(await insertDoneVarRun(db, code, DATE, { portfolios: true }));
  });

  afterAll(async () => {
    await api.close();
  });

  it('reads the summary and the methods first, and each chapter from its runs when read', async () => {
    const { db } = api.database;
    const slots: Slot[] = CODES.map((code, chapter) => ({
      chapter,
      index: 1,
      section: { kind: 'analysis', analysisType: 'var', title: 'Riske Maruz Değer' },
      portfolioCode: code,
      runId: runIds[chapter]!,
      reused: true,
    }));
    /** What happened, in order: the runs loaded (by their funds) and the chapters read. */
    const steps: string[] = [];
    const doc = await assembleReportDocument(db, {
      row,
      snapshot,
      chapterCodes: CODES,
      sourceRun: undefined,
      names: new Map([
        ['AAA', 'A Fonu'],
        ['BBB', 'B Fonu'],
      ]),
      resolved: { slots, notes: new Map() },
      branding: { settings: PDF_SETTINGS_DEFAULTS, logo: null },
      generatedAt: new Date('2026-11-02T09:00:00Z'),
      loadRuns: async (ids) => {
        const runs = await findRunsByIds(db, ids);
        steps.push(`load ${runs.flatMap((r) => r.portfolioCodes).join(' ')}`);
        return runs;
      },
    });
    expect(doc.summary?.rows.map((r) => [r.fund, r.varPct, r.status])).toEqual([
      ['AAA — A Fonu', 0.0512, 'Limit Aşımı'],
      ['BBB — B Fonu', 0.0512, 'Limit Aşımı'],
    ]);
    expect(doc.methods.map((m) => m.title)).toEqual(['RMD Analizi']);
    expect(doc.chapters.count).toBe(2);
    expect(steps, 'the summary and the methods: each chapter’s runs once').toEqual([
      'load AAA',
      'load BBB',
    ]);

    const read = async () => {
      const chapters: ReportChapter[] = [];
      for await (const chapter of doc.chapters.read()) {
        steps.push(`read ${chapter.heading.slice(0, 3)}`);
        chapters.push(chapter);
      }
      return chapters;
    };
    steps.length = 0;
    const chapters = await read();
    expect(steps, 'a chapter’s runs are loaded when it is read').toEqual([
      'load AAA',
      'read AAA',
      'load BBB',
      'read BBB',
    ]);
    expect(chapters.map((c) => c.heading)).toEqual(['AAA — A Fonu', 'BBB — B Fonu']);
    expect(chapters[0]!.sections[0]).toEqual({
      kind: 'text',
      title: 'Özet',
      text: 'AAA için 30.10.2026.',
    });
    expect(chapters.map(chapterVarPct)).toEqual([0.0512, 0.0512]);
    // Each renderer reads them (the PDF, then the workbook): the same chapters again.
    expect(await read()).toEqual(chapters);
  });

  it("lists in a fund's limit-breach section only its own lines of an audit of every fund", async () => {
    const { db } = api.database;
    // The night's audit: one run of three funds (each fund's lines picked in the database).
    await insertDoneAuditRun(db, 'AAA', DATE, ['BBB', 'CCC']);
    const auditRows = async (code: string) => {
      const sections = await limitBreachSections(db, 'Limit Aşımları', code, row);
      // The RMD part, then the investment limits' part.
      const audit = sections[1];
      return audit?.kind === 'table' ? audit.table.rows.map((r) => r.valueText) : audit;
    };
    expect(await auditRows('AAA')).toEqual(['%12,34']);
    expect(await auditRows('BBB')).toEqual(['%23,45']);
    expect(await auditRows('DDD')).toMatchObject({ kind: 'note' });
  });
});

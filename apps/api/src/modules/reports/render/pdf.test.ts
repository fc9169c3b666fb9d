import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDF_SETTINGS_DEFAULTS, type ResultTable } from '@fonrisk/contracts';
import { pdfLayout } from '../reports.test-support.ts';
import { renderReportPdf } from './pdf.ts';
import type { ReportDocument } from './report-document.ts';
import { ROBOTO_DIR } from './table-fit.ts';

const require = createRequire(import.meta.url);
const branding = { settings: PDF_SETTINGS_DEFAULTS, logo: null };

/** A report of one fund with a table of `rows` rows (Turkish letters in every cell). */
function reportOf(code: string, rows: number): ReportDocument {
  const table: ResultTable = {
    title: 'Pozisyonlar',
    columns: [
      { key: 'name', label: 'Varlık', format: 'text' },
      { key: 'value', label: 'Piyasa değeri (TL)', format: 'number' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({
      name: `${code} İŞĞÜÇÖ hisse ${String(i + 1)}`,
      value: 1_234.5 * (i + 1),
    })),
  };
  return {
    title: `${code} Aylık Risk Raporu`,
    templateName: 'Aylık Risk Raporu',
    funds: [`${code} — Deneme Fonu`],
    periodLabel: '27.11.2026',
    period: { from: null, to: '2026-11-27' },
    generatedAt: new Date('2026-11-27T15:00:00Z'),
    generatedBy: 'Deneme Kullanıcı',
    demo: false,
    chapters: [
      {
        heading: `${code} — Deneme Fonu`,
        sections: [
          {
            kind: 'analysis',
            title: 'Geriye Dönük Test',
            analysisType: 'backtest',
            provenance: {
              runId: `run-${code}`,
              portfolioCodes: [code],
              engineVersion: '0.1.0',
              finishedAt: null,
              dataSnapshot: null,
              conventions: null,
              reused: true,
            },
            tables: [table],
            charts: [],
          },
        ],
      },
    ],
    methods: [{ title: 'Yöntem', text: 'Günlük getirilerle ölçülür; ğüşıöç İĞŞ.' }],
  };
}

/** Every printed word with its page and place: what a reader sees, without the file's dates. */
const printed = (data: Buffer) =>
  pdfLayout(data).words.map((w) => `${String(w.page)} ${w.text} ${w.xMin.toFixed(2)}`);

describe('PDF fonts parsed once per process (decision 0089)', () => {
  it('gives pdfkit the parsed font of an earlier document instead of parsing its bytes again', async () => {
    await renderReportPdf(reportOf('AAA', 3), branding);
    const pdfkit = createRequire(require.resolve('pdfmake')).resolve('pdfkit');
    const fontkit = createRequire(pdfkit)('fontkit') as { create(bytes: Uint8Array): unknown };
    const bytes = readFileSync(join(ROBOTO_DIR, 'Roboto-Regular.ttf'));
    // Compared by identity only: a failing toBe would print two whole parsed fonts.
    const same = fontkit.create(bytes) === fontkit.create(Uint8Array.from(bytes));
    expect(same, 'the same bytes give the same parsed font').toBe(true);
  });

  it('prints each of several documents drawn at the same time as it prints it alone', async () => {
    const docs = [reportOf('AAA', 5), reportOf('BBB', 80), reportOf('CCC', 20)];
    const alone: string[][] = [];
    for (const doc of docs) alone.push(printed((await renderReportPdf(doc, branding)).data));
    const together = await Promise.all(docs.map((doc) => renderReportPdf(doc, branding)));
    expect(together.map((pdf) => printed(pdf.data))).toEqual(alone);
    expect(alone[0]!.some((w) => w.includes('İŞĞÜÇÖ'))).toBe(true);
  });
});

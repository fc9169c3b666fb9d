// Issue 24 (finish, decision 0067): the summary page that opens the PDF is also the first sheet of
// the Excel file, with real numbers and dates under Turkish headers; a section's detail table,
// left out of the PDF, is on the section's sheet.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PDF_SETTINGS_DEFAULTS, type ResultTable } from '@fonrisk/contracts';
import { summaryRow, summaryTable, type SummaryFund } from '../report-summary.ts';

import { detailTablesNote, printedInPdf, PDF_TABLE_MAX_ROWS } from './pdf-sections.ts';
import { chaptersOf, type ReportDocument } from './report-document.ts';
import { XLSX_BRAND_ROWS, renderReportXlsx } from './xlsx.ts';

/** The summary of the funds' rows. */
const summaryOf = (funds: SummaryFund[]) => summaryTable(funds.map(summaryRow));

const summary = summaryOf([
  {
    code: 'DEF',
    label: 'DEF — Deneme Fonu',
    runs: [
      {
        analysisType: 'var',
        result: {
          portfolios: [
            {
              portfolioCode: 'DEF',
              date: '2026-11-27',
              navTry: 100_000_000,
              varTry: 5_944_000,
              varPct: 0.05944,
              esTry: 6_500_000,
              esPct: 0.065,
              approach: 'absolute',
              referenceVarPct: null,
              limitPct: 0.1,
              usage: 0.5944,
              status: 'ok',
            },
          ],
        },
      },
      {
        analysisType: 'leverage',
        result: { portfolios: [{ portfolioCode: 'DEF', grossPct: 0.35 }] },
      },
    ],
    openBreaches: 2,
  },
])!;

/** A daily table one row longer than the PDF prints. */
const days: ResultTable = {
  title: 'Günlük RMD ve Gerçekleşen Kâr/Zarar',
  columns: [
    { key: 'date', label: 'Tarih', format: 'date' },
    { key: 'varTry', label: '1 Günlük RMD (TL)', format: 'money' },
  ],
  rows: Array.from({ length: PDF_TABLE_MAX_ROWS + 1 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    varTry: 1_000_000 + i,
  })),
};

const doc: ReportDocument = {
  title: 'Yönetim Kurulu Aylık Risk Raporu',
  templateName: 'Yönetim Kurulu Aylık Risk Raporu',
  funds: ['DEF — Deneme Fonu'],
  periodLabel: '27.11.2026',
  period: { from: null, to: '2026-11-27' },
  generatedAt: new Date('2026-11-27T15:00:00Z'),
  generatedBy: 'Deneme Kullanıcı',
  demo: false,
  summary,
  chapters: chaptersOf([
    {
      heading: 'DEF — Deneme Fonu',
      sections: [
        {
          kind: 'analysis',
          title: 'Geriye Dönük Test',
          analysisType: 'backtest',
          provenance: {
            runId: 'r1',
            portfolioCodes: ['DEF'],
            engineVersion: '0.1.0',
            finishedAt: null,
            dataSnapshot: null,
            conventions: null,
            reused: true,
          },
          tables: [days],
          charts: [],
        },
      ],
    },
  ]),
  methods: [],
};

async function workbookOf(d: ReportDocument): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  const data = await renderReportXlsx(d, { settings: PDF_SETTINGS_DEFAULTS, logo: null });
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book;
}

describe('the Excel file', () => {
  it('opens with the summary page: Turkish headers, real numbers and the report date', async () => {
    const book = await workbookOf(doc);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Yönetici Özeti');
    expect(sheet.getCell(1, 1).text).toBe(PDF_SETTINGS_DEFAULTS.companyName);
    expect(sheet.getCell(4, 1).text).toBe('Rapor tarihi');
    expect(sheet.getCell(4, 2).value).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(sheet.getCell(4, 2).numFmt).toBe('dd.mm.yyyy');
    // Title row, then the header row, then the fund's row (written under the brand rows).
    const header = XLSX_BRAND_ROWS + 2;
    const labels = summary.columns.map((_, i) => sheet.getCell(header, i + 1).text);
    expect(labels).toEqual([
      'Fon',
      'RMD (FTD %)',
      'Limit Kullanımı',
      'Durum',
      'Kaldıraç (FTD %)',
      'Dönem Sonu Açık Aşım / Uyarı',
    ]);
    const cells = summary.columns.map((_, i) => sheet.getCell(header + 1, i + 1));
    expect(cells.map((c) => c.value)).toEqual([
      'DEF — Deneme Fonu',
      0.05944,
      0.5944,
      'Uygun',
      0.35,
      2,
    ]);
    expect(cells.map((c) => c.numFmt as string | undefined)).toEqual([
      undefined,
      '0.00%',
      '0.00%',
      undefined,
      '0.00%',
      // A count: whole numbers without decimals.
      '#,##0',
    ]);
    expect(book.worksheets[1]!.name).toBe('Rapor');
  });

  it('a period report gives its start and end as dates; without a summary the facts come first', async () => {
    const book = await workbookOf({
      ...doc,
      period: { from: '2026-10-01', to: '2026-10-31' },
      periodLabel: '01.10.2026 – 31.10.2026',
    });
    const sheet = book.worksheets[0]!;
    expect([sheet.getCell(4, 1).text, sheet.getCell(4, 3).text]).toEqual([
      'Dönem başı',
      'Dönem sonu',
    ]);
    expect(sheet.getCell(4, 2).value).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(sheet.getCell(4, 4).value).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect((await workbookOf({ ...doc, summary: null })).worksheets[0]!.name).toBe('Rapor');
  });

  it('holds the detail table the PDF leaves out, whole, on its section’s sheet', async () => {
    expect(printedInPdf(days)).toBe(false);
    expect(printedInPdf({ ...days, rows: days.rows.slice(0, PDF_TABLE_MAX_ROWS) })).toBe(true);
    // Decision 0071: a table of one row per holding is a detail table however short it is.
    expect(printedInPdf({ ...days, rows: days.rows.slice(0, 3), perHolding: true })).toBe(false);
    // Decision 0127: a run's summary, one row per portfolio, stays in the PDF however many funds
    // the run covers; two rows of a portfolio (by currency, by date) make it a detail table.
    const funds = Array.from({ length: 100 }, (_, i) => `NF${String(i).padStart(3, '0')}`);
    const summaryOfHouse: ResultTable = {
      title: 'RMD Özeti',
      columns: [
        { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
        { key: 'varTry', label: 'RMD (TL)', format: 'money' },
      ],
      rows: funds.map((portfolioCode, i) => ({ portfolioCode, varTry: 1_000 + i })),
    };
    expect(printedInPdf(summaryOfHouse)).toBe(true);
    const byCurrency = {
      ...summaryOfHouse,
      rows: funds.flatMap((portfolioCode) => [
        { portfolioCode, varTry: 1 },
        { portfolioCode, varTry: 2 },
      ]),
    };
    expect(printedInPdf(byCurrency)).toBe(false);
    expect(printedInPdf({ ...summaryOfHouse, perHolding: true })).toBe(false);
    expect(detailTablesNote([days])).toBe(
      'Ayrıntı tabloları Excel dosyasında, bu bölümün sayfasındadır: ' +
        'Günlük RMD ve Gerçekleşen Kâr/Zarar (21 satır).',
    );
    const sheet = (await workbookOf(doc)).getWorksheet('Geriye Dönük Test')!;
    const values: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => values.push(cell.value)));
    for (const row of days.rows) {
      expect(values).toContainEqual(new Date(`${String(row['date'])}T00:00:00Z`));
      expect(values).toContain(row['varTry']);
    }
  });
});

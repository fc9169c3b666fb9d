// Decision 0127: a run over many portfolios keeps its summary (one row a portfolio) in the PDF,
// before the portfolios' charts; the tables of several rows a portfolio stay detail tables.
import { describe, expect, it } from 'vitest';
import { PDF_SETTINGS_DEFAULTS, type ResultTable } from '@fonrisk/contracts';
import { pdfText } from '../reports.test-support.ts';
import { testProvenance } from './testing/provenance.ts';
import { renderReportPdf } from './pdf.ts';
import { chaptersOf, type ReportDocument } from './report-document.ts';

const FUNDS = Array.from({ length: 30 }, (_, i) => `NF${String(i).padStart(3, '0')}`);

const summary: ResultTable = {
  title: 'RMD Özeti',
  columns: [
    { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
    { key: 'varTry', label: 'RMD (TL)', format: 'money' },
  ],
  rows: FUNDS.map((portfolioCode, i) => ({ portfolioCode, varTry: 1_000_000 + i })),
};
const byCurrency: ResultTable = {
  title: 'Döviz Cinsine Göre RMD',
  columns: summary.columns,
  rows: FUNDS.flatMap((portfolioCode) => [
    { portfolioCode, varTry: 1 },
    { portfolioCode, varTry: 2 },
  ]),
};

const doc: ReportDocument = {
  title: 'Analiz bazlı rapor: RMD Analizi',
  templateName: 'Analiz bazlı rapor: RMD Analizi',
  funds: FUNDS,
  periodLabel: '27.11.2026',
  period: { from: null, to: '2026-11-27' },
  generatedAt: new Date('2026-11-27T15:00:00Z'),
  generatedBy: 'Deneme Kullanıcı',
  demo: false,
  summary: null,
  chapters: chaptersOf([
    {
      heading: 'RMD Analizi — 30 portföy',
      sections: [
        {
          kind: 'analysis',
          title: 'RMD Analizi',
          analysisType: 'var',
          provenance: testProvenance(FUNDS, '0.3.0'),
          tables: [summary, byCurrency],
          charts: [
            {
              title: 'NF000 · Varlık Sınıfı bazında bileşen RMD (TL)',
              option: {
                xAxis: { type: 'value' },
                yAxis: { type: 'category', data: ['Hisse Senedi'] },
                series: [{ type: 'bar', data: [1e6] }],
              },
            },
          ],
        },
      ],
    },
  ]),
  methods: [],
};

describe('the PDF of a run over many portfolios', () => {
  it('prints the summary of every portfolio before the charts; the currency rows go to Excel', async () => {
    const { data } = await renderReportPdf(doc, { settings: PDF_SETTINGS_DEFAULTS, logo: null });
    const { text } = await pdfText(data);
    const at = (s: string) => text.indexOf(s);
    expect(at('RMD Özeti')).toBeGreaterThan(-1);
    expect(at('NF029'), 'the 30th portfolio row is printed').toBeGreaterThan(at('RMD Özeti'));
    expect(at('RMD Özeti')).toBeLessThan(at('NF000 · Varlık Sınıfı bazında bileşen RMD'));
    expect(text).toContain('Ayrıntı tabloları Excel dosyasında');
    expect(text).toContain('Döviz Cinsine Göre RMD (60 satır)');
  });
});

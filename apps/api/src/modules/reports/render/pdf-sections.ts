// What a report's sections print in its PDF (pdfmake content): headings with their table of
// contents' ids, an analysis's provenance, charts and tables fitted to the page, and which tables
// stay in the workbook. The document around them (parts, cover, contents) is pdf.ts's.
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { ResultColumn, ResultTable } from '@fonrisk/contracts';
import { CHART_WIDTH, chartToSvg, paperChartHeight } from './charts.ts';
import { formatCell, formatDateTime, isNumericFormat } from './format.ts';
import { assumptionsText, dataDatesText, trDates } from './provenance.ts';
import type { RenderedSection, SectionProvenance } from './report-document.ts';
import { CELL_PADDING, fitTable, printable, type TablePart } from './table-fit.ts';

/** A page break after an empty node: a new object each time (pdfmake marks the nodes it lays). */
export function pageBreak(): Content {
  return { text: '', pageBreak: 'after' };
}

/**
 * A piece of a section's content and what it weighs toward a part of the PDF (decision 0143): a
 * chart one, a table its printed pages. `split`: a part may end before it (a chart after a
 * chart, so that a chapter of hundreds of charts is made in parts; never between a heading and
 * what it heads).
 */
export interface Piece {
  readonly content: Content;
  readonly weight: number;
  readonly split: boolean;
}

/** Table rows to a printed page, roughly (7-point rows): a page of rows weighs as a chart. */
const ROWS_A_PAGE = 45;

const text = (content: Content): Piece => ({ content, weight: 0, split: false });

function table(t: ResultTable, headerColor: string, width: number): Piece {
  return {
    content: tableNode(t, headerColor, width),
    weight: t.rows.length / ROWS_A_PAGE,
    split: false,
  };
}

/** A section's content in pieces; `heading` names each of its titles in the table of contents. */
export function sectionContent(
  section: RenderedSection,
  palette: readonly string[],
  width: number,
  heading: (text: string) => string,
): Piece[] {
  switch (section.kind) {
    case 'pageBreak':
      return [text(pageBreak())];
    case 'text':
      return [
        ...(section.title
          ? [text({ text: section.title, style: 'h2', id: heading(section.title) })]
          : []),
        text({ text: section.text, style: 'body' }),
      ];
    case 'note':
      return [
        text({ text: section.title, style: 'h2', id: heading(section.title) }),
        text({ text: section.note, style: 'note' }),
      ];
    case 'table':
      return [
        text({ text: section.title, style: 'h2', id: heading(section.title) }),
        table(section.table, palette[0]!, width),
      ];
    case 'analysis': {
      const out: Piece[] = [
        text({ text: section.title, style: 'h2', id: heading(section.title) }),
        text({ text: provenanceText(section.provenance), style: 'small', margin: [0, 0, 0, 6] }),
      ];
      // A run over several portfolios opens with its summary, one row a portfolio, before the
      // portfolios' charts (decision 0127); a one-portfolio section keeps charts, then tables.
      const overview = section.tables.filter(
        (t) => printedInPdf(t) && t.rows.length > 1 && onePerPortfolio(t),
      );
      for (const t of overview)
        out.push(text({ text: trDates(t.title), style: 'h3' }), table(t, palette[0]!, width));
      const chartWidth = Math.min(width, CHART_WIDTH);
      section.charts.forEach((chart, i) => {
        // The title stays on the page of its chart.
        out.push({
          content: {
            stack: [
              { text: trDates(chart.title), style: 'h3' },
              {
                svg: chartToSvg(chart, palette, chartWidth, paperChartHeight(chart, chartWidth)),
                width: chartWidth,
              },
            ],
            unbreakable: true,
          },
          weight: 1,
          split: i > 0,
        });
      });
      const rest = section.tables.filter(
        (t) => printedInPdf(t) && t.rows.length > 0 && !overview.includes(t),
      );
      for (const t of rest)
        out.push(text({ text: trDates(t.title), style: 'h3' }), table(t, palette[0]!, width));
      const empty = section.tables.filter((t) => t.rows.length === 0);
      if (empty.length > 0)
        out.push(
          text({
            text: `Kaydı olmayan tablolar: ${empty.map((t) => trDates(t.title)).join('; ')}.`,
            style: 'note',
          }),
        );
      const detail = section.tables.filter((t) => !printedInPdf(t));
      if (detail.length > 0) out.push(text({ text: detailTablesNote(detail), style: 'note' }));
      if (section.instrumentCharts !== undefined)
        out.push(text({ text: instrumentChartsNote(section.instrumentCharts), style: 'note' }));
      if (section.charts.length === 0 && section.tables.length === 0)
        out.push(
          text({
            text: 'Bu analizin sonucunda gösterilecek tablo veya grafik yok.',
            style: 'note',
          }),
        );
      return out;
    }
  }
}

/**
 * Longest result table an analysis section prints in the PDF (decision 0067): a longer one (the
 * backtest's daily rows, the weekly risk-value history) is a detail table, in the Excel file only,
 * on the section's sheet; the PDF names it and keeps the section's charts and summaries.
 */
export const PDF_TABLE_MAX_ROWS = 20;

/**
 * Whether an analysis section's table is printed in the PDF, else it is a detail table in the
 * Excel only: a table of more than {@link PDF_TABLE_MAX_ROWS} rows (0067), or one row per holding
 * whatever its length (position VaR, position P&L under each scenario, position liquidity: the
 * PDF shows their aggregates by asset class, currency, risk factor and scenario, and the charts;
 * decision 0071). A table of one row per portfolio (a run's summary: RMD özeti, kaldıraç özeti)
 * is printed whatever its length: a run over a house's 100 funds keeps its overview in the PDF
 * (decision 0127).
 */
export function printedInPdf(table: ResultTable): boolean {
  if (table.perHolding === true) return false;
  return table.rows.length <= PDF_TABLE_MAX_ROWS || onePerPortfolio(table);
}

/** Whether a table has a portfolio column and no two rows of the same portfolio. */
function onePerPortfolio(table: ResultTable): boolean {
  if (!table.columns.some((c) => c.key === PORTFOLIO_COLUMN)) return false;
  return new Set(table.rows.map((r) => r[PORTFOLIO_COLUMN])).size === table.rows.length;
}

/** The key of the portfolio column of the analyses' result tables. */
const PORTFOLIO_COLUMN = 'portfolioCode';

const COUNT = new Intl.NumberFormat('tr-TR');

/** Where a section's detail tables are: "Ayrıntı tabloları Excel dosyasında…: Ad (251 satır)". */
export function detailTablesNote(tables: readonly ResultTable[]): string {
  const names = tables.map((t) => `${trDates(t.title)} (${COUNT.format(t.rows.length)} satır)`);
  return `Ayrıntı tabloları Excel dosyasında, bu bölümün sayfasındadır: ${names.join('; ')}.`;
}

/** Where the charts of single instruments left out of a section of several portfolios are. */
export function instrumentChartsNote(charts: {
  readonly count: number;
  readonly kinds: readonly string[];
}): string {
  return `Tek tek kıymetlerin grafikleri (${COUNT.format(charts.count)} grafik: ${charts.kinds.map(trDates).join('; ')}) birden çok portföyün raporuna basılmaz; analizin sonuç ekranında her kıymet için açılır.`;
}

/** The engine version, data dates and assumptions behind a section's figures, in Turkish words. */
export function provenanceText(p: SectionProvenance): string {
  const dates = dataDatesText(p.dataSnapshot, p.portfolioCodes);
  const assumptions = assumptionsText(p.conventions);
  return [
    `Analiz no: ${p.runId}`,
    `Motor sürümü: ${p.engineVersion ?? 'bilinmiyor'}`,
    p.finishedAt ? `Hesaplama: ${formatDateTime(new Date(p.finishedAt))}` : null,
    p.reused ? 'Mevcut analiz kullanıldı' : 'Rapor için hesaplandı',
    dates === null ? null : `Veri: ${dates}`,
    assumptions === null ? null : `Varsayımlar: ${assumptions}`,
  ]
    .filter((x): x is string => x !== null)
    .join(' · ');
}

/**
 * A result table sized to the page (table-fit.ts): one table when its columns fit, else parts
 * that repeat the key columns, each headed "Bölüm n / m".
 */
export function tableNode(table: ResultTable, headerColor: string, width: number): Content {
  if (table.rows.length === 0) return { text: 'Kayıt yok.', style: 'note' };
  const parts = fitTable(table, width);
  return {
    stack: parts.flatMap((part, i) => [
      ...(parts.length > 1
        ? [
            {
              text: `Tablo bölümü ${String(i + 1)} / ${String(parts.length)}`,
              style: 'small',
              margin: [0, 2, 0, 2],
            } as Content,
          ]
        : []),
      partNode(table, part, headerColor),
    ]),
  };
}

function partNode(table: ResultTable, part: TablePart, headerColor: string): Content {
  const align = (c: ResultColumn) => (isNumericFormat(c.format) ? 'right' : 'left');
  const header: TableCell[] = part.columns.map((c) => ({
    text: c.label,
    style: 'tableHeader',
    fontSize: part.fontSize,
    alignment: align(c),
  }));
  const body: TableCell[][] = [header];
  for (const row of table.rows) {
    body.push(
      part.columns.map((c) => ({
        text: printable(formatCell(c.format, row[c.key])),
        fontSize: part.fontSize,
        alignment: align(c),
      })),
    );
  }
  return {
    table: { headerRows: 1, widths: [...part.widths], body },
    layout: {
      fillColor: (rowIndex: number) =>
        rowIndex === 0 ? headerColor : rowIndex % 2 === 0 ? '#F3F5F8' : null,
      hLineWidth: () => 0.3,
      vLineWidth: () => 0,
      hLineColor: () => '#C8CDD3',
      paddingLeft: () => CELL_PADDING,
      paddingRight: () => CELL_PADDING,
    },
    margin: [0, 0, 0, 8],
  };
}

/** What the one-page settings preview shows under the cover: a heading and a small table. */
export function sampleContent(primary: string, width: number): Content[] {
  return [
    { text: 'Örnek Bölüm Başlığı', style: 'h2' },
    tableNode(
      {
        title: 'Örnek tablo',
        columns: [
          { key: 'fon', label: 'Portföy Kodu', format: 'text' },
          { key: 'deger', label: 'Fon Toplam Değeri (TL)', format: 'money' },
          { key: 'rmd', label: 'RMD (% FTD)', format: 'percent' },
        ],
        rows: [
          { fon: 'ÖRN', deger: 1234567.89, rmd: 0.0512 },
          { fon: 'ŞĞİ', deger: 98765.4, rmd: 0.0231 },
        ],
      },
      primary,
      width,
    ),
  ];
}

// Decision 0143: the report's PDF is made a chapter at a time and joined; its pages are numbered
// across the parts and its table of contents names, and links to, the page of every heading.
import { describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import { PDF_SETTINGS_DEFAULTS, type ResultTable } from '@fonrisk/contracts';
import '../reports.test-support.ts';
import { testProvenance } from './testing/provenance.ts';
import { renderReportPdf } from './pdf.ts';
import { chaptersOf, type ReportDocument, type RenderedSection } from './report-document.ts';

/** A table of `rows` rows: 20 rows or fewer print in the PDF, about 45 to a page. */
function table(title: string, rows: number): ResultTable {
  return {
    title,
    columns: [
      { key: 'portfolioCode', label: 'Portföy Kodu', format: 'text' },
      { key: 'value', label: 'Değer (TL)', format: 'money' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ portfolioCode: `P${String(i)}`, value: i })),
  };
}

const section = (title: string, rows: number): RenderedSection => ({
  kind: 'table',
  title,
  table: table(title, rows),
});

// Three chapters of 1, 3 and 1 pages (a one-per-portfolio table prints whatever its length).
const doc: ReportDocument = {
  title: 'Parçalı rapor',
  templateName: 'Deneme şablonu',
  funds: ['AAA — Birinci Fon', 'BBB — İkinci Fon', 'CCC — Üçüncü Fon'],
  periodLabel: '30.11.2026',
  period: { from: null, to: '2026-11-30' },
  generatedAt: new Date('2026-11-30T15:00:00Z'),
  generatedBy: 'Deneme Kullanıcı',
  demo: false,
  summary: table('Yönetici Özeti', 3),
  chapters: chaptersOf([
    { heading: 'AAA — Birinci Fon', sections: [section('Birinci tablo', 5)] },
    {
      heading: 'BBB — İkinci Fon',
      sections: [section('Uzun tablo', 150), section('Uzun tablodan sonraki tablo', 4)],
    },
    {
      heading: 'CCC — Üçüncü Fon',
      sections: [{ kind: 'text', title: 'Yorum', text: 'Üçüncü fonun yorumu.' }],
    },
  ]),
  methods: [{ title: 'Tarihsel benzetim', text: 'Yöntemin açıklaması.' }],
};

interface PageText {
  readonly lines: string[];
  /** The "Sayfa n / m" item: its text, right end and baseline, in points. */
  readonly number: { text: string; right: number; baseline: number } | null;
}

async function readPdf(data: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const pages: PageText[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    const items = content.items.filter((it): it is typeof it & { str: string } => 'str' in it);
    const numberItem = items.find((it) => it.str.startsWith('Sayfa '));
    const tf = numberItem && 'transform' in numberItem ? (numberItem.transform as number[]) : null;
    pages.push({
      lines: items.map((it) => it.str),
      number:
        numberItem && tf && 'width' in numberItem
          ? { text: numberItem.str, right: tf[4]! + numberItem.width, baseline: tf[5]! }
          : null,
    });
  }
  return { pdf, pages };
}

const branding = { settings: PDF_SETTINGS_DEFAULTS, logo: null };

describe('the report PDF made in parts', () => {
  it('prints the same pages whether its chapters are laid out together or each alone', async () => {
    const together = await renderReportPdf(doc, branding);
    const told: string[] = [];
    const apart = await renderReportPdf(doc, branding, {
      partWeight: 0,
      onChapters: (done, chapters) => {
        told.push(`${String(done)}/${String(chapters)}`);
        return Promise.resolve();
      },
    });
    expect(told, 'a part a chapter: each told when rendered').toEqual(['1/3', '2/3', '3/3']);
    expect(apart.pages, 'cover, summary, contents, chapters of 1 + 3 + 1 pages, methods').toBe(9);
    expect(together.pages).toBe(apart.pages);
    const [a, b] = await Promise.all([readPdf(together.data), readPdf(apart.data)]);
    expect(b.pages.map((p) => p.lines)).toEqual(a.pages.map((p) => p.lines));
  });

  it('numbers every page of every part "Sayfa n / m" at the footer’s right', async () => {
    const { data, pages } = await renderReportPdf(doc, branding, { partWeight: 0 });
    const read = await readPdf(data);
    expect(read.pages).toHaveLength(pages);
    read.pages.forEach((page, i) => {
      expect(page.number?.text).toBe(`Sayfa ${String(i + 1)} / ${String(pages)}`);
      // A4 portrait: 40 pt from the right edge; the footer's line 35 pt above the bottom edge,
      // its baseline the 7-point Roboto's ascent (1900/2048 em: 6.49 pt) below, as pdfmake sets
      // the footer's text.
      expect(page.number!.right).toBeCloseTo(595.28 - 40, 0);
      expect(page.number!.baseline).toBeCloseTo(35 - 6.494, 2);
    });
  });

  it('lists each heading with the page it is on and links the line to that page', async () => {
    const { data } = await renderReportPdf(doc, branding, { partWeight: 0 });
    const { pdf, pages } = await readPdf(data);
    const contentsPage = pages.findIndex((p) => p.lines.includes('İçindekiler'));
    expect(contentsPage).toBe(2);
    const lines = pages[contentsPage]!.lines.filter((s) => s.trim() !== '');
    const listed = new Map<string, number>();
    for (let i = lines.indexOf('İçindekiler') + 1; i + 1 < lines.length; i += 2) {
      // The page's header and footer follow the contents' lines.
      if (!/^\d+$/.test(lines[i + 1]!)) break;
      listed.set(lines[i]!, Number(lines[i + 1]));
    }
    const headings = [
      'Yönetici Özeti',
      'AAA — Birinci Fon',
      'Birinci tablo',
      'BBB — İkinci Fon',
      'Uzun tablo',
      'Uzun tablodan sonraki tablo',
      'CCC — Üçüncü Fon',
      'Yorum',
      'Kullanılan Yöntemler',
    ];
    expect([...listed.keys()]).toEqual(headings);
    // Each heading is printed on the page the contents give (a chapter's title is also on the
    // cover: the pages after the contents are looked at).
    for (const heading of headings) {
      const printedOn = pages.findIndex((p, i) => i > contentsPage && p.lines.includes(heading));
      expect(listed.get(heading), heading).toBe(heading === 'Yönetici Özeti' ? 2 : printedOn + 1);
    }
    expect(listed.get('Uzun tablodan sonraki tablo')).toBe(listed.get('Uzun tablo')! + 2);

    // The contents' links land on those pages.
    const links = (await (await pdf.getPage(contentsPage + 1)).getAnnotations()) as {
      dest: string;
    }[];
    const targets = new Set<number>();
    for (const link of links) {
      const dest = (await pdf.getDestination(link.dest)) as unknown[];
      targets.add((await pdf.getPageIndex(dest[0] as never)) + 1);
    }
    // A link a word of each line, its title's and its number's.
    expect(links.length).toBeGreaterThanOrEqual(2 * headings.length);
    expect(targets).toEqual(new Set(listed.values()));
  });

  it('cuts a chapter heavier than a part between two of its charts, each chart printed once', async () => {
    const titles = Array.from({ length: 6 }, (_, i) => `Grafik ${String(i + 1)}`);
    const charts: ReportDocument = {
      ...doc,
      summary: null,
      chapters: chaptersOf([
        {
          heading: 'Tüm fonlar',
          sections: [
            {
              kind: 'analysis',
              title: 'RMD Analizi',
              analysisType: 'var',
              provenance: testProvenance(['AAA']),
              tables: [],
              charts: titles.map((title) => ({
                title,
                option: {
                  xAxis: { type: 'value' },
                  yAxis: { type: 'category', data: ['Hisse Senedi'] },
                  series: [{ type: 'bar', data: [1e6] }],
                },
              })),
            },
          ],
        },
      ]),
    };
    const told: string[] = [];
    const { data, pages } = await renderReportPdf(charts, branding, {
      partWeight: 2,
      onChapters: (done, chapters) => {
        told.push(`${String(done)}/${String(chapters)}`);
        return Promise.resolve();
      },
    });
    expect(told, 'three parts of two charts; the chapter done in the last').toEqual([
      '0/1',
      '0/1',
      '1/1',
    ]);
    const read = await readPdf(data);
    const printed = read.pages.flatMap((p) => p.lines.filter((l) => l.startsWith('Grafik ')));
    expect(printed).toEqual(titles);
    read.pages.forEach((page, i) => {
      expect(page.number?.text).toBe(`Sayfa ${String(i + 1)} / ${String(pages)}`);
    });
    // The contents give the section's page, the page its heading is on.
    const contents = read.pages[1]!.lines.filter((l) => l.trim() !== '');
    const sectionPage = Number(contents[contents.indexOf('RMD Analizi') + 1]);
    expect(read.pages[sectionPage - 1]!.lines).toContain('RMD Analizi');
  });

  it('makes the settings preview one page, numbered', async () => {
    const { data, pages } = await renderReportPdf(doc, branding, { coverOnly: true });
    expect(pages).toBe(1);
    expect((await readPdf(data)).pages[0]!.number?.text).toBe('Sayfa 1 / 1');
  });
});

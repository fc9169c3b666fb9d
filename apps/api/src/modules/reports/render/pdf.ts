import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { releaseHeapNow } from '../../../shared/release-heap.ts';
import { formatDateTime } from './format.ts';
import { assemblePdf, type Anchor, type PdfPart } from './pdf-assembly.ts';
import { pageBreak, sampleContent, sectionContent, tableNode } from './pdf-sections.ts';
import { ROBOTO_DIR } from './table-fit.ts';
import type { Branding, ReportDocument } from './report-document.ts';

const require = createRequire(import.meta.url);

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

/**
 * pdfmake on the server with its bundled Roboto (Latin Extended-A: ğ ş ı İ Ş Ğ), read from the
 * package's fonts folder; no other file and no URL may be read while rendering (an uploaded SVG
 * logo cannot make the server fetch anything).
 * Loaded at the first PDF, not when a process that may never render one imports the reports
 * module (decision 0066).
 */
const FONT_DIR = ROBOTO_DIR;
let loaded: PdfMake | null = null;

function pdfMaker(): PdfMake {
  if (loaded) return loaded;
  const pdfmake = require('pdfmake') as PdfMake;
  pdfmake.setFonts({
    Roboto: {
      normal: join(FONT_DIR, 'Roboto-Regular.ttf'),
      bold: join(FONT_DIR, 'Roboto-Medium.ttf'),
      italics: join(FONT_DIR, 'Roboto-Italic.ttf'),
      bolditalics: join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_DIR));
  loaded = pdfmake;
  return pdfmake;
}

export interface RenderedPdf {
  readonly data: Buffer;
  readonly pages: number;
}

/** pdfmake's page margins [left, top, right, bottom] and the footer's, in points. */
const PAGE_MARGINS: [number, number, number, number] = [40, 60, 40, 50];
const FOOTER_MARGIN: [number, number, number, number] = [40, 15, 40, 0];
/** The footer's and the provenance lines' type: the 'small' style. */
const SMALL = { fontSize: 7, color: '#555555' } as const;
/** Wide enough for "00000" in the table of contents' bold 9-point page numbers. */
const TOC_NUMBER_WIDTH = 32;

/** A heading of the report: a line of the table of contents and where its link lands. */
interface Heading {
  readonly id: string;
  readonly text: string;
  readonly level: 1 | 2;
}

/** What a part of the PDF prints and the headings it holds. */
interface PartContent {
  readonly content: Content[];
  readonly headings: readonly Heading[];
}

/**
 * The report as a branded PDF: cover, summary, table of contents, chapters, methods, "Sayfa n /
 * m". Made in parts (decision 0143): each chapter, and the methods, laid out and rendered by
 * pdfmake on its own and its garbage collected before the next; then the cover, summary and
 * table of contents, once the chapters' pages are known; all joined by pdf-lib
 * (pdf-assembly.ts), which numbers the pages and points the contents' links at the headings.
 */
export async function renderReportPdf(
  doc: ReportDocument,
  branding: Branding,
  options: {
    readonly coverOnly?: boolean;
    /** The weight of a part ({@link PDF_PART_WEIGHT}); tests split a small report with less. */
    readonly partWeight?: number;
    /** Told after each part how many of the chapters are rendered (the report's progress). */
    readonly onChapters?: (done: number, chapters: number) => Promise<void>;
  } = {},
): Promise<RenderedPdf> {
  const { settings } = branding;
  const landscape = settings.orientation === 'landscape';
  const contentWidth = pageWidth(settings.pageSize, landscape) - PAGE_MARGINS[0] - PAGE_MARGINS[2];
  const palette = [
    settings.primaryColor,
    settings.accentColor,
    '#4C9F70',
    '#8E6C8A',
    '#D4A017',
    '#5B8DB8',
  ];
  const info = { title: doc.title, author: settings.companyName, subject: doc.templateName };
  const numbering = {
    fontFile: join(FONT_DIR, 'Roboto-Regular.ttf'),
    fontSize: SMALL.fontSize,
    color: SMALL.color,
    right: FOOTER_MARGIN[2],
    top: PAGE_MARGINS[3] - FOOTER_MARGIN[1],
  };

  if (options.coverOnly === true) {
    const content = [...cover(doc, branding), ...sampleContent(palette[0]!, contentWidth)];
    const part = await renderPart({ content, headings: [] }, doc, branding, false);
    return { data: await assemblePdf([part], numbering, info), pages: part.pages };
  }

  const body: { part: PdfPart; headings: readonly Heading[] }[] = [];
  let chaptersDone = 0;
  for await (const content of bodyParts(doc, palette, contentWidth, options.partWeight)) {
    body.push({
      part: await renderPart(content, doc, branding, false),
      headings: content.headings,
    });
    chaptersDone += content.chapters;
    await options.onChapters?.(chaptersDone, doc.chapters.count);
    // The part's layout (its pages, tables and charts) is garbage now: collected before the next.
    await releaseHeapNow();
  }

  // The front (cover, summary, contents) is laid out once to learn its length, then with the
  // page numbers that follow from it (their column has a fixed width: the length stays). Its
  // content is made anew each time: pdfmake marks the nodes it lays out.
  const layFront = (previous: PdfPart | null) => {
    const summary = summaryPage(doc, palette[0]!, contentWidth);
    const lines: ContentsLine[] = summary.headings.map((h) => ({
      ...h,
      page: previous?.anchors.get(h.id)?.page ?? 0,
    }));
    let before = previous?.pages ?? 0;
    for (const { part, headings } of body) {
      for (const h of headings) lines.push({ ...h, page: before + part.anchors.get(h.id)!.page });
      before += part.pages;
    }
    const content = [...cover(doc, branding), ...summary.content, ...tableOfContents(lines)];
    return renderPart({ content, headings: summary.headings }, doc, branding, true);
  };
  let front = await layFront(null);
  for (let laid = 0, tries = 0; front.pages !== laid; tries++) {
    if (tries === 3) throw new Error('İçindekiler sayfalarının sayısı belirlenemedi');
    laid = front.pages;
    front = await layFront(front);
  }
  const parts = [front, ...body.map((b) => b.part)];
  return {
    data: await assemblePdf(parts, numbering, info),
    pages: parts.reduce((n, p) => n + p.pages, 0),
  };
}

/**
 * One part of the report laid out and rendered by pdfmake: its pages, with the report's header
 * (not on a cover) and the footer's text (its "Sayfa n / m" is added when the parts are joined),
 * and where each of its headings landed.
 */
async function renderPart(
  part: PartContent,
  doc: ReportDocument,
  branding: Branding,
  opensWithCover: boolean,
): Promise<PdfPart> {
  const { settings } = branding;
  const wanted = new Set(part.headings.map((h) => h.id));
  const anchors = new Map<string, Anchor>();
  let pages = 0;
  const definition: TDocumentDefinitions = {
    pageSize: settings.pageSize,
    pageOrientation: settings.orientation,
    pageMargins: PAGE_MARGINS,
    defaultStyle: { font: settings.font, fontSize: 9, color: settings.textColor },
    styles: {
      title: { fontSize: 24, bold: true, color: settings.primaryColor },
      h1: { fontSize: 16, bold: true, color: settings.primaryColor, margin: [0, 0, 0, 8] },
      h2: { fontSize: 12, bold: true, color: settings.primaryColor, margin: [0, 12, 0, 4] },
      h3: { fontSize: 10, bold: true, margin: [0, 8, 0, 3] },
      body: { fontSize: 9, margin: [0, 0, 0, 6], lineHeight: 1.2 },
      small: SMALL,
      note: { fontSize: 9, italics: true, color: settings.accentColor, margin: [0, 2, 0, 8] },
      tableHeader: { bold: true, color: '#FFFFFF', fontSize: 7 },
      tableCell: { fontSize: 7 },
    },
    header: (currentPage) =>
      currentPage === 1 && opensWithCover
        ? null
        : {
            margin: [40, 20, 40, 0],
            columns: [
              ...(branding.logo ? [logoNode(branding, 60, 22)] : []),
              { text: settings.headerText || doc.title, style: 'small', margin: [8, 6, 0, 0] },
              {
                text: settings.companyName,
                style: 'small',
                alignment: 'right',
                margin: [0, 6, 0, 0],
              },
            ],
          },
    footer: (_currentPage, pageCount) => {
      pages = Math.max(pages, pageCount);
      // The right column keeps the text's width; the page number is printed there on joining.
      return {
        margin: FOOTER_MARGIN,
        columns: [{ text: settings.footerText, style: 'small' }, ''],
      };
    },
    // Called with each laid-out node (never breaks a page): where the headings are.
    pageBreakBefore: (node) => {
      if (node.id !== undefined && wanted.has(node.id)) {
        const { pageNumber, left, top } = node.startPosition;
        anchors.set(node.id, { page: pageNumber, left, top });
      }
      return false;
    },
    content: part.content,
  };
  const data = await pdfMaker().createPdf(definition).getBuffer();
  const missing = part.headings.find((h) => !anchors.has(h.id));
  if (missing) throw new Error(`PDF başlığının yeri bulunamadı: ${missing.text}`);
  return { data, pages, anchors };
}

function pageWidth(size: string, landscape: boolean): number {
  const sizes: Record<string, [number, number]> = {
    A4: [595.28, 841.89],
    A3: [841.89, 1190.55],
    LETTER: [612, 792],
  };
  const [w, h] = sizes[size] ?? [595.28, 841.89];
  return landscape ? h : w;
}

function logoNode(branding: Branding, width: number, height: number): Content {
  const logo = branding.logo!;
  if (logo.mimeType === 'image/svg+xml') {
    return { svg: logo.data.toString('utf8'), fit: [width, height] };
  }
  return {
    image: `data:${logo.mimeType};base64,${logo.data.toString('base64')}`,
    fit: [width, height],
  };
}

function cover(doc: ReportDocument, branding: Branding): Content[] {
  const { settings } = branding;
  return [
    ...(branding.logo
      ? [{ ...(logoNode(branding, 180, 80) as object), margin: [0, 40, 0, 30] } as Content]
      : [{ text: '', margin: [0, 110, 0, 0] } as Content]),
    { text: settings.companyName, fontSize: 14, bold: true, margin: [0, 0, 0, 40] },
    { text: doc.title, style: 'title', margin: [0, 0, 0, 12] },
    { text: doc.templateName, fontSize: 12, margin: [0, 0, 0, 6] },
    ...doc.funds
      .slice(0, 12)
      .map((fund): Content => ({ text: fund, fontSize: 11, bold: true, margin: [0, 0, 0, 3] })),
    ...(doc.funds.length > 12
      ? [{ text: `ve ${String(doc.funds.length - 12)} fon daha`, fontSize: 11 } as Content]
      : []),
    { text: `Rapor dönemi: ${doc.periodLabel}`, fontSize: 12, margin: [0, 6, 0, 40] },
    {
      text: `Oluşturma zamanı: ${formatDateTime(doc.generatedAt)} (İstanbul) — Oluşturan: ${doc.generatedBy}`,
      style: 'body',
    },
    ...(doc.demo
      ? [{ text: 'DEMO VERİSİ: Bu rapor örnek verilerle üretilmiştir.', style: 'note' } as Content]
      : []),
  ];
}

/** The summary that opens the report on a page of its own (top-down reading), if it has one. */
function summaryPage(doc: ReportDocument, headerColor: string, width: number): PartContent {
  if (!doc.summary) return { content: [], headings: [] };
  const heading: Heading = { id: 'ozet', text: doc.summary.title, level: 1 };
  return {
    content: [
      // The break ends the cover (see bodyParts).
      pageBreak(),
      { text: heading.text, style: 'h1', id: heading.id },
      { text: `Dönem: ${doc.periodLabel}`, style: 'small', margin: [0, 0, 0, 6] },
      tableNode(doc.summary, headerColor, width),
    ],
    headings: [heading],
  };
}

/** A line of the table of contents: a heading and the page it is on in the joined PDF. */
interface ContentsLine extends Heading {
  readonly page: number;
}

/** The table of contents, each line a link to its heading, chapters and sections indented. */
function tableOfContents(lines: readonly ContentsLine[]): Content[] {
  return [
    { text: 'İçindekiler', style: 'h1', pageBreak: 'before' },
    {
      table: {
        dontBreakRows: true,
        widths: ['*', TOC_NUMBER_WIDTH],
        body: lines.map((line) => [
          {
            text: line.text,
            linkToDestination: line.id,
            margin: [line.level === 1 ? 0 : 10, 0, 0, 0],
          },
          { text: String(line.page), linkToDestination: line.id, alignment: 'right', bold: true },
        ]),
      },
      layout: 'noBorders',
    },
  ];
}

/**
 * How much of the report one pdfmake document lays out (decision 0143), in charts, a page of a
 * table's rows counting as one: about 8 of the board report's funds. A document's layout is
 * held whole while it is rendered (0.7 GB for 50 funds in one); each document also loads its
 * fonts and measures its words anew (a report of a document a fund took 2.6 times as long).
 */
export const PDF_PART_WEIGHT = 150;

/**
 * The report after its table of contents, in parts of whole chapters (one portfolio's pages
 * each) of about {@link PDF_PART_WEIGHT}, the methods in the last: made one at a time, its
 * chapters read as they are reached (decision 0145), so that a part's chapters, charts and nodes
 * are garbage once it is rendered. Each chapter opens a page with its
 * heading, as in one document. A chapter that alone weighs more (a run of a hundred portfolios'
 * section, hundreds of charts) is cut between two of its charts too, the next part on a new page.
 */
async function* bodyParts(
  doc: ReportDocument,
  palette: readonly string[],
  width: number,
  partWeight = PDF_PART_WEIGHT,
): AsyncGenerator<PartContent & { readonly chapters: number }> {
  let content: Content[] = [];
  let headings: Heading[] = [];
  let weight = 0;
  let chapters = 0;
  /** The weight of the current chapter in the current part. */
  let ownWeight: number;
  function* cut() {
    yield { content, headings, chapters };
    content = [];
    headings = [];
    weight = 0;
    chapters = 0;
    ownWeight = 0;
  }
  const open = (text: string, id: string) => {
    // A break of the previous node, not of the heading: pdfmake's pageBreakBefore, which tells
    // where the headings are, is not called with a node that breaks its own page.
    if (content.length > 0) content.push(pageBreak());
    content.push({ text, style: 'h1', id });
    headings.push({ id, text, level: 1 });
  };
  let c = -1;
  for await (const chapter of doc.chapters.read()) {
    c += 1;
    if (content.length > 0 && weight >= partWeight) yield* cut();
    ownWeight = 0;
    open(chapter.heading, `b${String(c)}`);
    let n = 0;
    const heading = (text: string): string => {
      const id = `b${String(c)}.${String(n++)}`;
      headings.push({ id, text, level: 2 });
      return id;
    };
    for (const section of chapter.sections)
      for (const piece of sectionContent(section, palette, width, heading)) {
        // The chapter goes on in the next part (counted done in the part it ends in).
        if (piece.split && ownWeight >= partWeight) yield* cut();
        content.push(piece.content);
        weight += piece.weight;
        ownWeight += piece.weight;
      }
    chapters += 1;
  }
  if (doc.methods.length > 0) {
    open('Kullanılan Yöntemler', 'yontem');
    for (const method of doc.methods)
      content.push({ text: method.title, style: 'h2' }, { text: method.text, style: 'body' });
  }
  if (content.length > 0) yield { content, headings, chapters };
}

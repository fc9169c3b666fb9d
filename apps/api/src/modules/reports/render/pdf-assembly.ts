import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFNull, PDFNumber, PDFString, rgb, type PDFRef } from 'pdf-lib';

/**
 * Where a heading of a part was laid out: its page in the part (1-based) and its top-left corner
 * in points from the page's top-left (pdfmake's coordinates).
 */
export interface Anchor {
  readonly page: number;
  readonly left: number;
  readonly top: number;
}

/** One part of a report's PDF as pdfmake made it, and where its headings are. */
export interface PdfPart {
  readonly data: Buffer;
  readonly pages: number;
  /** Heading id → where it is: the destinations of the table of contents' links. */
  readonly anchors: ReadonlyMap<string, Anchor>;
}

/** The "Sayfa n / m" printed at the right of every page's footer, after the parts are joined. */
export interface PageNumbering {
  /** The TrueType file of the footer's font. */
  readonly fontFile: string;
  readonly fontSize: number;
  /** #RRGGBB */
  readonly color: string;
  /** From the page's right edge to the number's right end, in points. */
  readonly right: number;
  /** From the page's bottom edge to the top of the number's line, in points. */
  readonly top: number;
}

export interface PdfInfo {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
}

/** "Sayfa 3 / 492". */
export function pageNumberText(page: number, pages: number): string {
  return `Sayfa ${String(page)} / ${String(pages)}`;
}

/**
 * One PDF from the parts in order (decision 0143): their pages copied, the table of contents'
 * links pointed at the headings' pages (a named destination per anchor, as pdfmake names them),
 * every page numbered "Sayfa n / m" in the footer, and the document's information set. Each part
 * is read and released in turn; only the joined document's objects are held.
 */
export async function assemblePdf(
  parts: readonly PdfPart[],
  numbering: PageNumbering,
  info: PdfInfo,
): Promise<Buffer> {
  const out = await PDFDocument.create();
  const destinations: { name: string; page: PDFRef; left: number; top: number }[] = [];
  for (const part of parts) {
    const source = await PDFDocument.load(part.data, { updateMetadata: false });
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) out.addPage(page);
    for (const [name, anchor] of part.anchors) {
      const page = pages[anchor.page - 1];
      if (page === undefined) throw new Error(`Başlık ${name} parçanın sayfalarında yok`);
      destinations.push({
        name,
        page: page.ref,
        left: anchor.left,
        top: page.getHeight() - anchor.top,
      });
    }
  }
  nameDestinations(out, destinations);
  await numberPages(out, numbering);
  out.setTitle(info.title);
  out.setAuthor(info.author);
  out.setSubject(info.subject);
  out.setCreator('Fonrisk');
  out.setProducer('Fonrisk (pdfmake, pdf-lib)');
  return Buffer.from(await out.save());
}

/**
 * The document's named destinations (its catalog's /Names /Dests tree, one leaf of names in
 * byte order), each [page /XYZ left top null]: where a link "GoTo (name)" of the table of
 * contents lands.
 */
function nameDestinations(
  out: PDFDocument,
  destinations: readonly { name: string; page: PDFRef; left: number; top: number }[],
): void {
  if (destinations.length === 0) return;
  const sorted = [...destinations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = out.context.obj([]);
  for (const d of sorted) {
    names.push(PDFString.of(d.name));
    names.push(
      out.context.obj([
        d.page,
        PDFName.of('XYZ'),
        PDFNumber.of(d.left),
        PDFNumber.of(d.top),
        PDFNull,
      ]),
    );
  }
  const tree = out.context.register(out.context.obj({ Names: names }));
  out.catalog.set(PDFName.of('Names'), out.context.obj({ Dests: tree }));
}

async function numberPages(out: PDFDocument, numbering: PageNumbering): Promise<void> {
  out.registerFontkit(fontkit);
  const file = readFileSync(numbering.fontFile);
  const font = await out.embedFont(file, { subset: true });
  const size = numbering.fontSize;
  // pdfmake (pdfkit) sets a line's baseline its font's ascent (hhea) below the line's top.
  // (pdf-lib's heightAtSize subtracts the descent in font units, not scaled: not this.)
  const metrics = fontkit.create(file);
  const ascent = (metrics.ascent / metrics.unitsPerEm) * size;
  const color = hexColor(numbering.color);
  const pages = out.getPages();
  pages.forEach((page, i) => {
    const text = pageNumberText(i + 1, pages.length);
    page.drawText(text, {
      x: page.getWidth() - numbering.right - font.widthOfTextAtSize(text, size),
      y: numbering.top - ascent,
      size,
      font,
      color,
    });
  });
}

function hexColor(hex: string): ReturnType<typeof rgb> {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

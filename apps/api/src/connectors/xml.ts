import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';

/**
 * XML of the TCMB bulletins, read with fast-xml-parser (a maintained parser) with validation on
 * (fast-xml-validator, the same project's syntax validator, which fast-xml-parser 5.12 points
 * to in place of its deprecated XMLValidator): a document that is not well-formed (unclosed or crossed tags, text outside the root, a bare
 * ampersand, an empty body) is refused before parsing, which is how an HTML error page or a
 * cut-off download is told apart from a bulletin. DOCTYPEs (and so DTD entities) and documents
 * with more than one root are refused as well. The result is a small element tree.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text (children's text not included), entities decoded. */
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

const ATTRIBUTES = ':@';
const TEXT = '#text';
const CDATA = '#cdata';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (&#199;) are decoded by the HTML entity table.
  htmlEntities: true,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type OrderedNode = Record<string, unknown>;
const textOf = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : '';

function toElement(node: OrderedNode): XmlElement | null {
  const name = Object.keys(node).find((k) => k !== ATTRIBUTES);
  if (name === undefined || name === TEXT || name === CDATA) return null;
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries((node[ATTRIBUTES] ?? {}) as Record<string, unknown>))
    attributes[k] = String(v);
  const element: XmlElement = { name, attributes, children: [], text: '' };
  for (const child of node[name] as OrderedNode[]) {
    if (TEXT in child) element.text += textOf(child[TEXT]);
    else if (CDATA in child)
      element.text += (child[CDATA] as { [TEXT]?: string }[]).map((c) => c[TEXT] ?? '').join('');
    else {
      const sub = toElement(child);
      if (sub) element.children.push(sub);
    }
  }
  return element;
}

/** Parses a document with exactly one root element; throws XmlSyntaxError otherwise. */
export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new XmlSyntaxError('belge boş');
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError('DOCTYPE desteklenmiyor');
  try {
    SyntaxValidator.validate(text, { multipleRoots: false });
  } catch (error) {
    throw new XmlSyntaxError(error instanceof Error ? error.message : 'geçerli XML değil');
  }
  const nodes = parser.parse(text) as OrderedNode[];
  const roots = nodes.map(toElement).filter((e): e is XmlElement => e !== null);
  if (nodes.some((n) => TEXT in n && textOf(n[TEXT]).trim() !== ''))
    throw new XmlSyntaxError('kök öğenin dışında metin');
  if (roots.length !== 1)
    throw new XmlSyntaxError(roots.length === 0 ? 'kök öğe yok' : 'birden çok kök öğe');
  return roots[0]!;
}

/** The first child element named `name`. */
export function childElement(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((c) => c.name === name);
}

/**
 * A small, strict XML reader for the flat documents TCMB publishes: elements, attributes, text,
 * CDATA, comments, processing instructions and the five named plus numeric entities. It rejects
 * what is not well-formed (unclosed or crossed tags, text outside the root, two roots), which is
 * how an HTML error page or a cut-off download is told apart from a bulletin. No DTDs.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text (children's text not included), entities decoded. */
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (konum ${offset})`);
    this.name = 'XmlSyntaxError';
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const NAME = /^[A-Za-z_][\w.-]*(:[\w.-]+)?/;
const ATTRIBUTE = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/;

function decode(text: string, offset: number): string {
  return text.replace(
    /&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g,
    (whole: string, entity: string | undefined) => {
      if (entity === undefined) throw new XmlSyntaxError('çıplak & karakteri', offset);
      if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
      if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
      const named = NAMED_ENTITIES[entity];
      if (named === undefined) throw new XmlSyntaxError(`bilinmeyen varlık ${whole}`, offset);
      return named;
    },
  );
}

export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    const current = stack[stack.length - 1];
    if (current) current.text += decode(chunk, i);
    else if (chunk.trim() !== '') throw new XmlSyntaxError('kök öğenin dışında metin', i);
    if (lt === -1) break;
    i = lt;
    if (text.startsWith('<?', i) || text.startsWith('<!--', i) || text.startsWith('<![CDATA[', i)) {
      const [close, isCdata] = text.startsWith('<![CDATA[', i)
        ? [']]>', true]
        : text.startsWith('<?', i)
          ? ['?>', false]
          : ['-->', false];
      const end = text.indexOf(close, i);
      if (end === -1) throw new XmlSyntaxError('kapanmamış bölüm', i);
      if (isCdata) {
        if (!current) throw new XmlSyntaxError('kök öğenin dışında CDATA', i);
        current.text += text.slice(i + 9, end);
      }
      i = end + close.length;
    } else if (text.startsWith('<!', i)) {
      throw new XmlSyntaxError('DOCTYPE desteklenmiyor', i);
    } else if (text.startsWith('</', i)) {
      const name = NAME.exec(text.slice(i + 2))?.[0];
      const end = text.indexOf('>', i);
      if (!name || end === -1 || text.slice(i + 2 + name.length, end).trim() !== '') {
        throw new XmlSyntaxError('bozuk kapanış etiketi', i);
      }
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlSyntaxError(`beklenmeyen </${name}>`, i);
      i = end + 1;
    } else {
      const name = NAME.exec(text.slice(i + 1))?.[0];
      if (!name) throw new XmlSyntaxError('bozuk açılış etiketi', i);
      let j = i + 1 + name.length;
      const attributes: Record<string, string> = {};
      for (;;) {
        const m = ATTRIBUTE.exec(text.slice(j, j + 4096));
        if (!m) break;
        const key = m[1] ?? '';
        if (key in attributes) throw new XmlSyntaxError(`yinelenen öznitelik ${key}`, j);
        attributes[key] = decode(m[3] ?? m[4] ?? '', j);
        j += m[0].length;
      }
      while (j < text.length && /\s/.test(text[j] ?? '')) j++;
      const selfClosing = text.startsWith('/>', j);
      if (!selfClosing && text[j] !== '>') throw new XmlSyntaxError(`<${name}> etiketi bozuk`, j);
      const element: XmlElement = { name, attributes, children: [], text: '' };
      if (current) current.children.push(element);
      else if (root) throw new XmlSyntaxError('birden fazla kök öğe', i);
      else root = element;
      if (!selfClosing) stack.push(element);
      i = j + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length > 0)
    throw new XmlSyntaxError(`<${stack[stack.length - 1]?.name}> kapanmamış`, text.length);
  if (!root) throw new XmlSyntaxError('belge boş', 0);
  return root;
}

/** The first child element with that name. */
export function childElement(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

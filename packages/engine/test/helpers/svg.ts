// A small, strict XML reader for the board renderer's tests (packages/engine/test/render.test.ts,
// test/render.test.ts): it checks well-formedness (one root, balanced tags, quoted and unique
// attributes, only the five named entities and character references, no character XML forbids)
// and gives a tree to query by class and data attributes. Throws on the first error, with where.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), not its children's. */
  text: string;
  parent?: XmlElement;
}

const NAME = /^[A-Za-z_:][\w.:-]*/;
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function decode(raw: string, where: number): string {
  return raw.replace(/&([^;&]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`bare '&' at ${where}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (body in named) return named[body]!;
    const dec = /^#(\d+)$/.exec(body);
    if (dec) return String.fromCodePoint(Number(dec[1]));
    const hex = /^#x([0-9a-fA-F]+)$/.exec(body);
    if (hex) return String.fromCodePoint(parseInt(hex[1]!, 16));
    throw new Error(`unknown entity '&${body};' at ${where}`);
  });
}

/** Parses a whole document; throws when it is not well-formed XML. */
export function parseXml(doc: string): XmlElement {
  const bad = FORBIDDEN.exec(doc);
  if (bad) throw new Error(`forbidden character U+${bad[0].charCodeAt(0).toString(16)} at ${bad.index}`);
  let i = 0;
  if (doc.startsWith('<?xml')) {
    const end = doc.indexOf('?>');
    if (end < 0) throw new Error('unclosed XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    const text = doc.slice(i, lt < 0 ? doc.length : lt);
    if (text.includes('>')) throw new Error(`raw '>' in text at ${i}`);
    const top = stack[stack.length - 1];
    if (top) top.text += decode(text, i);
    else if (text.trim() !== '') throw new Error(`text outside the root at ${i}`);
    if (lt < 0) break;
    i = lt;
    if (doc.startsWith('<!--', i)) {
      const end = doc.indexOf('-->', i + 4);
      if (end < 0) throw new Error(`unclosed comment at ${i}`);
      if (doc.slice(i + 4, end).includes('--')) throw new Error(`'--' in a comment at ${i}`);
      i = end + 3;
      continue;
    }
    if (doc.startsWith('</', i)) {
      const m = NAME.exec(doc.slice(i + 2));
      if (!m) throw new Error(`bad end tag at ${i}`);
      const close = doc.indexOf('>', i);
      if (close < 0 || doc.slice(i + 2 + m[0].length, close).trim() !== '') throw new Error(`bad end tag at ${i}`);
      const open = stack.pop();
      if (!open || open.name !== m[0]) throw new Error(`</${m[0]}> at ${i} closes <${open?.name ?? 'nothing'}>`);
      i = close + 1;
      continue;
    }
    const m = NAME.exec(doc.slice(i + 1));
    if (!m) throw new Error(`bad tag at ${i}`);
    const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
    i += 1 + m[0].length;
    for (;;) {
      const ws = /^\s*/.exec(doc.slice(i))![0];
      i += ws.length;
      if (doc.startsWith('/>', i) || doc.startsWith('>', i)) break;
      if (ws === '') throw new Error(`no space before an attribute at ${i}`);
      const a = /^([A-Za-z_:][\w.:-]*)\s*=\s*"([^"<]*)"/.exec(doc.slice(i));
      if (!a) throw new Error(`bad attribute at ${i}: ${doc.slice(i, i + 30)}`);
      if (a[1]! in el.attrs) throw new Error(`attribute ${a[1]} twice at ${i}`);
      el.attrs[a[1]!] = decode(a[2]!, i);
      i += a[0].length;
    }
    const parent = stack[stack.length - 1];
    if (parent) {
      el.parent = parent;
      parent.children.push(el);
    } else if (root) throw new Error(`second root element at ${i}`);
    else root = el;
    if (doc.startsWith('/>', i)) i += 2;
    else {
      i += 1;
      stack.push(el);
    }
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element under `root` (itself included), in document order. */
export function allElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    out.push(e);
    for (const c of e.children) walk(c);
  };
  walk(root);
  return out;
}

export function classes(e: XmlElement): string[] {
  return (e.attrs['class'] ?? '').split(/\s+/).filter((c) => c !== '');
}

/** Elements carrying every one of `cls`. */
export function byClass(root: XmlElement, ...cls: string[]): XmlElement[] {
  return allElements(root).filter((e) => cls.every((c) => classes(e).includes(c)));
}

/** The `<title>` child's text. */
export function titleOf(e: XmlElement): string | undefined {
  return e.children.find((c) => c.name === 'title')?.text;
}

/** `translate(X Y)` at the start of a transform. */
export function translation(e: XmlElement): [number, number] {
  const m = /translate\(\s*(-?[\d.]+)[ ,]+(-?[\d.]+)\s*\)/.exec(e.attrs['transform'] ?? '');
  if (!m) throw new Error(`<${e.name} class="${e.attrs['class'] ?? ''}"> has no translate()`);
  return [Number(m[1]), Number(m[2])];
}

/** A unit glyph as the order notation writes it (`A par`, `F stp/sc`): its kind from its class, where it stands from `data-location`. */
export function unitOf(g: XmlElement): string {
  return `${classes(g).includes('army') ? 'A' : 'F'} ${g.attrs['data-location'] ?? '?'}`;
}

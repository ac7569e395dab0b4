/**
 * A small reader of SVG's XML: elements with their attributes and children,
 * nothing else (text, comments, processing instructions, CDATA and the
 * doctype are passed over). It reads only what the artwork reader needs; it
 * is no validating parser. Nesting is followed with a list, not with calls, so
 * a deep file cannot overflow the stack. Bad XML is an error with its offset,
 * never an exception.
 */

export interface SvgElement {
  /** The local name, lower case (`path`, `g`); a prefix such as `svg:` is dropped. */
  name: string;
  attrs: Record<string, string>;
  children: SvgElement[];
  /** Where the element's start tag begins in the text. */
  offset: number;
}

export type ScanResult = { ok: true; root: SvgElement } | { ok: false; offset: number; message: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (all, body: string) => {
    if (body.startsWith('#x')) return String.fromCodePoint(Math.min(parseInt(body.slice(2), 16), 0x10ffff));
    if (body.startsWith('#')) return String.fromCodePoint(Math.min(parseInt(body.slice(1), 10), 0x10ffff));
    return ENTITIES[body] ?? all;
  });
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTR = /\s*([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/y;

/** The element tree of an XML text whose root is expected to be `<svg>` (the caller checks the name). */
export function scanSvg(text: string): ScanResult {
  const stack: SvgElement[] = [];
  let root: SvgElement | undefined;
  let i = 0;
  const fail = (offset: number, message: string): ScanResult => ({ ok: false, offset, message });
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return fail(i, 'a comment is not closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0) return fail(i, 'a CDATA section is not closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) return fail(i, 'a processing instruction is not closed');
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!', i)) {
      // A doctype, possibly with an internal subset in brackets.
      let depth = 0;
      let j = i + 2;
      for (; j < text.length; j++) {
        const ch = text[j];
        if (ch === '[') depth++;
        else if (ch === ']') depth--;
        else if (ch === '>' && depth <= 0) break;
      }
      if (j >= text.length) return fail(i, 'a declaration is not closed');
      i = j + 1;
      continue;
    }
    if (text[i + 1] === '/') {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      if (!m) return fail(i, 'a closing tag has no name');
      const name = localName(m[0]);
      const close = text.indexOf('>', NAME.lastIndex);
      if (close < 0) return fail(i, `the closing tag </${m[0]}> is not closed`);
      const open = stack.pop();
      if (!open || open.name !== name) return fail(i, `</${m[0]}> closes no open <${m[0]}>`);
      i = close + 1;
      continue;
    }
    NAME.lastIndex = i + 1;
    const m = NAME.exec(text);
    if (!m) return fail(i, "a '<' starts no tag");
    const el: SvgElement = { name: localName(m[0]), attrs: Object.create(null) as Record<string, string>, children: [], offset: i };
    let j = NAME.lastIndex;
    for (;;) {
      ATTR.lastIndex = j;
      const a = ATTR.exec(text);
      if (!a) break;
      el.attrs[a[1]!] = decode(a[3] ?? a[4] ?? '');
      j = ATTR.lastIndex;
    }
    while (j < text.length && /\s/.test(text[j]!)) j++;
    const selfClosing = text.startsWith('/>', j);
    if (!selfClosing && text[j] !== '>') return fail(j, `the tag <${m[0]}> is not well formed`);
    i = j + (selfClosing ? 2 : 1);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) return fail(el.offset, 'the file has more than one root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) return fail(stack[stack.length - 1]!.offset, `<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) return fail(0, 'the file has no element');
  return { ok: true, root };
}

function localName(qualified: string): string {
  const colon = qualified.lastIndexOf(':');
  return (colon < 0 ? qualified : qualified.slice(colon + 1)).toLowerCase();
}

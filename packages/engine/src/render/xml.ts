/**
 * Writing well-formed XML by hand: escaping text and attribute values (names
 * may hold any character, including ones XML 1.0 forbids), and numbers written
 * the same way every time so the same board gives the same bytes.
 */

/** Characters XML 1.0 does not allow anywhere (C0 controls but tab, LF, CR; U+FFFE, U+FFFF; lone surrogates). */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: `&`, `<`, `>` escaped; characters XML cannot hold become U+FFFD. */
export function escapeText(text: string): string {
  return text.replace(FORBIDDEN, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A double-quoted attribute value: as text, plus quotes and the white space an XML reader would normalize. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** A coordinate or length with at most one decimal, never `-0`, never an exponent. */
export function num(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const r = Math.round(value * 10) / 10;
  return r === 0 ? '0' : r.toFixed(1).replace(/\.0$/, '');
}

export type Attrs = Record<string, string | number | undefined>;

/** ` a="1" b="x"`: attributes in the order given, undefined ones left out, numbers through `num`. */
export function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === 'number' ? num(v) : escapeAttr(v)}"`;
  }
  return out;
}

/** An element with no children. */
export function empty(name: string, a: Attrs): string {
  return `<${name}${attrs(a)}/>`;
}

/** An element with children (already-written XML). */
export function el(name: string, a: Attrs, ...children: string[]): string {
  return `<${name}${attrs(a)}>${children.join('')}</${name}>`;
}

/** An element holding text. */
export function textEl(name: string, a: Attrs, text: string): string {
  return `<${name}${attrs(a)}>${escapeText(text)}</${name}>`;
}

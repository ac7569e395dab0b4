/**
 * A small scanner for `.dipmap` text, for the tools that need every character
 * accounted for (completion context, semantic tokens, folding, formatting). It
 * mirrors the DSL's lexer: comments, strings, numbers, colours, names with inner
 * `-`, punctuation; anything else is one `junk` character.
 */
export type MapTokKind = 'comment' | 'string' | 'number' | 'colour' | 'name' | 'punct' | 'junk';

export interface MapTok {
  kind: MapTokKind;
  text: string;
  start: number;
  end: number;
}

const NAME = /[\p{L}\p{Nd}_][\p{L}\p{M}\p{Nd}_]*(?:-[\p{L}\p{M}\p{Nd}_]+)*/uy;
const NUMBER = /-?\d+(?:\.\d+)?(?![\p{L}\p{M}\p{Nd}_])/uy;
const COLOUR = /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?![0-9a-zA-Z_])/y;
const SPACE = /[ \t\r\n\u00a0\u3000\ufeff]+/y;

export function scanMap(text: string): MapTok[] {
  const out: MapTok[] = [];
  let i = 0;
  const at = (re: RegExp): string | undefined => {
    re.lastIndex = i;
    const m = re.exec(text);
    return m ? m[0] : undefined;
  };
  while (i < text.length) {
    const space = at(SPACE);
    if (space) {
      i += space.length;
      continue;
    }
    const c = text[i];
    const push = (kind: MapTokKind, len: number): void => {
      out.push({ kind, text: text.slice(i, i + len), start: i, end: i + len });
      i += len;
    };
    if (c === '/' && text[i + 1] === '/') {
      let j = i;
      while (j < text.length && text[j] !== '\n' && text[j] !== '\r') j++;
      push('comment', j - i);
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      push('comment', (close < 0 ? text.length : close + 2) - i);
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n' && text[j] !== '\r') j += text[j] === '\\' && text[j + 1] !== '\n' && text[j + 1] !== '\r' ? 2 : 1;
      if (text[j] === '"') j++;
      push('string', Math.min(j, text.length) - i);
      continue;
    }
    const num = at(NUMBER);
    if (num && (c !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      push('number', num.length);
      continue;
    }
    const name = at(NAME);
    if (name) {
      push('name', name.length);
      continue;
    }
    const colour = at(COLOUR);
    if (colour) {
      push('colour', colour.length);
      continue;
    }
    if ((c === '-' || c === '=') && text[i + 1] === '>') {
      push('punct', 2);
      continue;
    }
    if (c !== undefined && '{},:;/-→()'.includes(c)) {
      push('punct', 1);
      continue;
    }
    push('junk', (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);
  }
  return out;
}

export const MAP_TOP_KEYWORDS = ['import', 'variant', 'province', 'adjacency', 'power', 'neutral', 'rules', 'ruleset', 'remove'];
export const MAP_BLOCK_KEYWORDS: Record<string, string[]> = {
  variant: ['extends', 'author', 'version', 'description', 'start'],
  province: ['coast', 'name', 'alias', 'at'],
  coast: ['name'],
  power: ['adjective', 'colour', 'name', 'alias', 'home', 'country', 'units', 'owns'],
  adjacency: ['army', 'fleet', 'both'],
};
export const PROVINCE_FLAGS = ['land', 'sea', 'coast', 'supply', 'impassable', 'archipelago'];
export const MAP_KEYWORDS = new Set([
  ...MAP_TOP_KEYWORDS,
  ...Object.values(MAP_BLOCK_KEYWORDS).flat(),
  ...PROVINCE_FLAGS,
  'color',
  'centres',
  'centers',
  'extends',
]);

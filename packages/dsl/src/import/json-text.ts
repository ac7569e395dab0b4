/**
 * JSON text read for an import, with the place of a syntax error. `JSON.parse`
 * says only what went wrong, and for a text cut short not even where; a saved
 * game is one long line or thousands of lines, so the error is found again by
 * a small scanner that knows the line and column. The scanner keeps the open
 * objects and arrays on a list, never on the stack: nesting can go as deep as
 * the text likes.
 */
import { echo } from '@dipforge/engine/config';

export type JsonRead =
  | { ok: true; value: unknown }
  /** `line` and `column` are 1-based, as diagnostics print them; `offset` counts UTF-16 units. */
  | { ok: false; message: string; offset: number; line: number; column: number };

export function readJsonText(text: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    // A syntax error is the text's; anything else (a stack overflow) is dipforge's own failure.
    if (!(e instanceof SyntaxError)) throw e;
    // The scanner agrees with JSON.parse on what is JSON; should it ever not, the engine's own words are kept.
    const found = jsonSyntaxError(text) ?? { offset: text.length, message: echo(e.message) };
    return { ok: false, ...found, ...lineAndColumn(text, found.offset) };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

type Want = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'after' | 'end';

/** The first syntax error of a JSON text: where, and what was expected there; undefined for valid JSON. */
export function jsonSyntaxError(text: string): { offset: number; message: string } | undefined {
  const open: ('{' | '[')[] = [];
  let want: Want = 'value';
  let i = 0;
  const fail = (offset: number, message: string): { offset: number; message: string } => ({ offset, message });
  const afterValue = (): Want => (open.length === 0 ? 'end' : 'after');
  /** Past the `}` or `]` at `i`, which closes the innermost object or array. */
  const close = (): void => {
    open.pop();
    i++;
    want = afterValue();
  };
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= text.length) {
      if (want === 'end') return undefined;
      const top = open[open.length - 1];
      if (top) return fail(i, `the text ends inside ${top === '{' ? 'an object' : 'an array'}: it is cut short`);
      return fail(i, text.trim() === '' ? 'the text is empty' : 'the text ends where a value was expected');
    }
    const c = text[i] as string;
    switch (want) {
      case 'value':
      case 'value-or-close': {
        if (c === ']' && want === 'value-or-close') {
          close();
          break;
        }
        if (c === '{' || c === '[') {
          open.push(c);
          i++;
          want = c === '{' ? 'key-or-close' : 'value-or-close';
          break;
        }
        const end = c === '"' ? stringEnd(text, i) : scalarEnd(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        want = afterValue();
        break;
      }
      case 'key':
      case 'key-or-close': {
        if (c === '}' && want === 'key-or-close') {
          close();
          break;
        }
        if (c !== '"') return fail(i, `expected a property name in double quotes, not ${shown(c)}`);
        const end = stringEnd(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        want = 'colon';
        break;
      }
      case 'colon':
        if (c !== ':') return fail(i, `expected ':' after the property name, not ${shown(c)}`);
        i++;
        want = 'value';
        break;
      case 'after': {
        const closing = open[open.length - 1] === '{' ? '}' : ']';
        if (c === ',') {
          want = closing === '}' ? 'key' : 'value';
          i++;
        } else if (c === closing) {
          close();
        } else return fail(i, `expected ',' or '${closing}', not ${shown(c)}`);
        break;
      }
      case 'end':
        return fail(i, `unexpected ${shown(c)} after the end of the JSON value`);
    }
  }
}

function shown(c: string): string {
  return `'${echo(c)}'`;
}

/** The end of the string that starts at `at` (its opening quote), or the error in it. */
function stringEnd(text: string, at: number): number | { offset: number; message: string } {
  for (let j = at + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c < 0x20) return { offset: j, message: `a control character (${echo(text[j] as string)}) inside a string; write it as an escape` };
    if (c === 92) {
      const e = text[j + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return { offset: j, message: 'a \\u escape takes four hexadecimal digits' };
        j += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j++;
      else if (e === undefined) break;
      else return { offset: j, message: `${shown(`\\${e}`)} is no escape of JSON` };
    }
  }
  return { offset: text.length, message: 'the text ends inside a string: it is cut short' };
}

/** The end of the number or `true`, `false`, `null` at `at`, or the error there. */
function scalarEnd(text: string, at: number): number | { offset: number; message: string } {
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  number.lastIndex = at;
  if (number.exec(text)) return number.lastIndex;
  return { offset: at, message: `expected a value (an object, array, string, number, true, false or null), not ${shown(text[at] as string)}` };
}

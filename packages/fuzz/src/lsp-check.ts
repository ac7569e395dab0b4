/**
 * Are the positions in a server's answer valid? Every range and position in
 * it (found by shape, wherever they stand: diagnostics, edits, locations,
 * symbols, hints, lenses) must hold non-negative integers, end at or after its
 * start, and, in a document whose text the client knows, stand on one of its
 * lines and within that line. Folding ranges and semantic tokens carry lines
 * and characters of their own and are checked the same way.
 */
import type { LspPosition, LspRange } from './lsp-doc.js';
import { applyTextEdits } from './lsp-format.js';

/** Line lengths of a text, as the protocol counts lines (\n, \r\n and a lone \r end one). */
export function lineLengths(text: string): number[] {
  const out: number[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 10) {
      out.push(i - start);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  out.push(text.length - start);
  return out;
}

type Lines = number[] | undefined;
type Range = { start: LspPosition; end: LspPosition };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPosition = (v: unknown): v is LspPosition => isObject(v) && 'line' in v && 'character' in v;
const isRange = (v: unknown): v is Range => isObject(v) && isPosition(v['start']) && isPosition(v['end']);
const before = (a: LspPosition, b: LspPosition): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);
/** A document symbol's selection range must lie inside its range (editors reject the symbols otherwise). */
const contains = (outer: Range, inner: Range): boolean => !before(inner.start, outer.start) && !before(outer.end, inner.end);

/**
 * The problems of one answer. `linesOf` gives the line lengths of a document
 * (undefined: not known, only the numbers are checked); `uri` is the document
 * the request named, which ranges without a uri of their own belong to.
 */
export function answerProblems(method: string, value: unknown, uri: string | undefined, linesOf: (uri: string) => Lines): string[] {
  const out: string[] = [];
  const position = (p: LspPosition, lines: Lines, where: string): boolean => {
    if (!Number.isInteger(p.line) || !Number.isInteger(p.character) || p.line < 0 || p.character < 0) {
      out.push(`${where}: position ${JSON.stringify(p)} is not two non-negative integers`);
      return false;
    }
    if (!lines) return true;
    if (p.line >= lines.length) out.push(`${where}: line ${p.line} beyond the last line (${lines.length - 1})`);
    else if (p.character > (lines[p.line] as number)) out.push(`${where}: character ${p.character} beyond the end of line ${p.line} (${lines[p.line]})`);
    return true;
  };
  const walk = (v: unknown, lines: Lines, where: string, depth: number): void => {
    if (depth > 64 || !isObject(v)) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, lines, `${where}[${i}]`, depth + 1));
      return;
    }
    let own = lines;
    const target = typeof v['uri'] === 'string' ? v['uri'] : typeof v['targetUri'] === 'string' ? v['targetUri'] : undefined;
    if (target !== undefined) own = linesOf(target);
    if (isObject(v['textDocument']) && typeof v['textDocument']['uri'] === 'string') own = linesOf(v['textDocument']['uri']);
    if (isPosition(v['start']) && isPosition(v['end'])) {
      const a = v['start'];
      const b = v['end'];
      if (position(a, own, `${where}.start`) && position(b, own, `${where}.end`) && before(b, a)) {
        out.push(`${where}: range ends before it starts ${JSON.stringify({ start: a, end: b })}`);
      }
    }
    if (isRange(v['range']) && isRange(v['selectionRange']) && !contains(v['range'], v['selectionRange'])) {
      out.push(`${where}: selectionRange ${JSON.stringify(v['selectionRange'])} is not inside range ${JSON.stringify(v['range'])}`);
    }
    for (const [key, child] of Object.entries(v)) {
      if (key === 'start' || key === 'end') continue;
      if (isPosition(child)) position(child, own, `${where}.${key}`);
      else if (key === 'changes' && isObject(child) && !Array.isArray(child)) {
        for (const [u, edits] of Object.entries(child)) walk(edits, linesOf(u), `${where}.changes[${u}]`, depth + 1);
      } else walk(child, own, `${where}.${key}`, depth + 1);
    }
  };
  const lines = uri === undefined ? undefined : linesOf(uri);
  if (method === 'textDocument/foldingRange' && Array.isArray(value)) {
    value.forEach((f: unknown, i) => {
      if (!isObject(f)) return;
      const s = f['startLine'];
      const e = f['endLine'];
      if (!Number.isInteger(s) || !Number.isInteger(e) || (s as number) < 0 || (e as number) < (s as number)) out.push(`[${i}]: folding lines ${s}…${e}`);
      else if (lines && (e as number) >= lines.length) out.push(`[${i}]: folding ends on line ${e}, beyond the last line (${lines.length - 1})`);
    });
    return out;
  }
  if (method === 'textDocument/semanticTokens/full' && isObject(value)) return out.concat(tokenProblems(value['data'], lines));
  walk(value, lines, method, 0);
  return out;
}

/**
 * `dipforge/setEdition`: its `edits` are in the document's positions, its
 * `warnings` in the positions of the text the edits make (docs/EXTENSION.md).
 */
export function setEditionProblems(value: unknown, uri: string, text: string | undefined, linesOf: (uri: string) => Lines): string[] {
  const method = 'dipforge/setEdition';
  if (!isObject(value) || !Array.isArray(value['edits']) || text === undefined) return answerProblems(method, value, uri, linesOf);
  const { warnings, ...rest } = value;
  const out = answerProblems(method, rest, uri, linesOf);
  if (out.length > 0) return out;
  const converted = applyTextEdits(text, value['edits'] as { range: LspRange; newText: string }[]);
  if (converted === undefined) return [`${method}.edits overlap`];
  const lines = lineLengths(converted);
  return answerProblems(`${method}.warnings`, warnings, uri, (u) => (u === uri ? lines : linesOf(u)));
}

/** Semantic tokens: five integers each, lines and starts relative to the previous token, inside the text. */
function tokenProblems(data: unknown, lines: Lines): string[] {
  if (!Array.isArray(data)) return ['semantic tokens without data'];
  if (data.length % 5 !== 0) return [`semantic token data of ${data.length} numbers, not a multiple of 5`];
  const out: string[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length && out.length < 5; i += 5) {
    const [dl, dc, length, type, mods] = data.slice(i, i + 5) as number[];
    if (![dl, dc, length, type, mods].every((n) => Number.isInteger(n) && (n as number) >= 0)) {
      out.push(`token ${i / 5}: ${JSON.stringify(data.slice(i, i + 5))} are not non-negative integers`);
      continue;
    }
    line += dl as number;
    char = dl === 0 ? char + (dc as number) : (dc as number);
    if (!lines) continue;
    if (line >= lines.length) out.push(`token ${i / 5}: line ${line} beyond the last line (${lines.length - 1})`);
    else if (char + (length as number) > (lines[line] as number)) out.push(`token ${i / 5}: ${char}+${length} beyond the end of line ${line} (${lines[line]})`);
  }
  return out;
}

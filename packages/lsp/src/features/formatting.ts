/**
 * Formatting. Only whitespace between lines and at their ends and starts
 * changes, so no character of meaning is ever lost, and formatting twice gives
 * what formatting once gave.
 *
 * Game files: header, `position`, `phase`, `declare` and `expect` lines at the
 * margin; position units, power lines, declarations and expect lines indented
 * by 2; order lines under a power line by 4 (retreat, build and disband lists
 * are orders like any other); a comment line takes the indentation of the line
 * after it. Lines that are no statement (errors) are left as they are.
 * Map files: 2 spaces per open brace. Both: trailing spaces dropped, at most one
 * blank line in a row, one line break at the end.
 */
import type { GameAst } from '@dipforge/dsl';
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import { scanMap } from '../maplex.js';
import { lineComment } from '../text.js';
import type { GameDoc, MapDoc } from '../workspace.js';

export function format(doc: GameDoc | MapDoc, options?: Partial<FormattingOptions>): TextEdit[] {
  const formatted = formatText(doc, options);
  if (formatted === doc.text) return [];
  // One edit covering what changed.
  const a = doc.text;
  const b = formatted;
  let s = 0;
  while (s < a.length && s < b.length && a.charCodeAt(s) === b.charCodeAt(s)) s++;
  let ea = a.length;
  let eb = b.length;
  while (ea > s && eb > s && a.charCodeAt(ea - 1) === b.charCodeAt(eb - 1)) {
    ea--;
    eb--;
  }
  return [{ range: doc.lines.range(s, ea), newText: b.slice(s, eb) }];
}

export function formatText(doc: GameDoc | MapDoc, options?: Partial<FormattingOptions>): string {
  const unit = options?.insertSpaces === false ? '\t' : ' '.repeat(Math.max(1, Math.min(8, options?.tabSize ?? 2)));
  const indents = doc.kind === 'game' ? gameIndents(doc) : mapIndents(doc);
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [];
  const n = doc.lines.count;
  const kept: (number | 'keep' | 'comment' | undefined)[] = [];
  for (let l = 0; l < n; l++) kept.push(indents.get(l));
  // Comment lines take the indentation of the next statement line.
  let next = 0;
  for (let l = n - 1; l >= 0; l--) {
    const k = kept[l];
    if (typeof k === 'number') next = k;
    else if (k === 'comment') kept[l] = next;
  }
  let blank = 0;
  for (let l = 0; l < n; l++) {
    const raw = doc.lines.lineText(l);
    const k = kept[l];
    if (raw.trim() === '' && k !== 'keep') {
      blank++;
      continue;
    }
    if (blank > 0 && out.length > 0) out.push('');
    blank = 0;
    if (typeof k === 'number') {
      const body = raw.replace(/^[ \t]+/, '');
      out.push(unit.repeat(k) + (trimSafe(body) ? body.replace(/[ \t]+$/, '') : body));
    } else out.push(raw);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.length === 0 ? '' : out.join(eol) + eol;
}

/** Whether dropping trailing spaces is safe: the line has no string left open. */
function trimSafe(line: string): boolean {
  return !lineComment(line).open;
}

/** Indentation level per line (in units), 'comment' for comment lines, undefined to leave a line alone. */
function gameIndents(doc: GameDoc): Map<number, number | 'comment' | 'keep'> {
  const out = new Map<number, number | 'comment' | 'keep'>();
  const ast = doc.parsed.ast;
  const set = (line: number, level: number): void => {
    if (!out.has(line)) out.set(line, level);
  };
  for (const h of ast.header) set(h.range.start.line, 0);
  const half = (n: number): number => n; // levels: 0, 1 (2 spaces), 2 (4 spaces)
  if (ast.position) {
    set(ast.position.keyword.range.start.line, 0);
    for (const s of [...ast.position.units, ...ast.position.dislodged, ...ast.position.owners, ...ast.position.standoffs]) set(s.range.start.line, half(1));
  }
  const expect = (e: GameAst.ExpectSection): void => {
    set(e.keyword.range.start.line, 0);
    for (const x of [...e.units, ...e.dislodged, ...e.owners, ...e.winner, ...e.draw, ...e.score, ...e.result]) set(x.range.start.line, half(1));
  };
  for (const s of ast.phases) {
    set(s.keyword.range.start.line, 0);
    const powerLines = new Set<number>();
    for (const w of s.powers) {
      const lineStart = doc.lines.lineStart(w.range.start.line);
      if (doc.text.slice(lineStart, w.range.start.offset).trim() === '') {
        set(w.range.start.line, half(1));
        powerLines.add(w.range.start.line);
      }
    }
    for (const o of s.orders) if (!powerLines.has(o.range.start.line)) set(o.range.start.line, half(2));
    for (const e of s.expect) expect(e);
  }
  // `declare` blocks: the keyword at the margin, declarations by 2 (one on the keyword's line stays there), expect blocks as after a phase.
  for (const d of ast.declare) {
    set(d.keyword.range.start.line, 0);
    for (const x of d.statements) set(x.range.start.line, half(1));
    for (const e of d.expect) expect(e);
  }
  // Statement lines must start with their statement (nothing but spaces before it).
  for (const [line, level] of [...out]) {
    if (typeof level !== 'number') continue;
    const text = doc.lines.lineText(line);
    if (/^\s*\/\//.test(text)) out.delete(line);
  }
  for (let l = 0; l < doc.lines.count; l++) if (!out.has(l) && /^\s*\/\//.test(doc.lines.lineText(l))) out.set(l, 'comment');
  return out;
}

function mapIndents(doc: MapDoc): Map<number, number | 'comment' | 'keep'> {
  const out = new Map<number, number | 'comment' | 'keep'>();
  const toks = scanMap(doc.text);
  // Lines that begin inside a token (a block comment): left as they are.
  for (const t of toks) {
    if (t.kind !== 'comment' && t.kind !== 'string' && t.kind !== 'junk') continue;
    const first = doc.lines.lineOf(t.start);
    const last = doc.lines.lineOf(t.end);
    for (let l = first + 1; l <= last && doc.lines.lineStart(l) < t.end; l++) out.set(l, 'keep');
  }
  let depth = 0;
  let k = 0;
  for (let l = 0; l < doc.lines.count; l++) {
    const start = doc.lines.lineStart(l);
    while (k < toks.length && (toks[k] as (typeof toks)[number]).start < start) {
      const t = toks[k] as (typeof toks)[number];
      if (t.kind === 'punct' && t.text === '{') depth++;
      else if (t.kind === 'punct' && t.text === '}') depth = Math.max(0, depth - 1);
      k++;
    }
    if (out.has(l)) continue;
    const first = toks[k];
    if (!first || first.start >= doc.lines.lineEnd(l)) continue;
    out.set(l, first.text === '}' ? Math.max(0, depth - 1) : depth);
  }
  return out;
}

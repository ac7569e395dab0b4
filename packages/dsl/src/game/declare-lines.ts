/**
 * The declarations of a `declare` block (`alliance`, `allies`, `draw`, `concede`, `end`), and
 * telling one written in a phase without its block.
 */
import type * as G from './ast.js';
import { DECLARATION_KEYWORDS } from './keywords.js';
import type { LineReader } from './line-reader.js';
import { colonIndex, type Tok } from './tokens.js';

/** One declaration: `alliance A, B`, `A allies B`, `A allies none`, `draw A, B [by …]`, `concede A [by …]`, `end`. */
export function readDeclaration(r: LineReader, section: G.DeclareSection, toks: Tok[], lineEnd: number): boolean {
  const first = toks[0] as Tok;
  const range = r.range(first.start, lineEnd);
  const kw = first.kind === 'word' ? first.text.toLowerCase() : '';
  const alliesAt = toks.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'allies');
  const usage = 'Expected a declaration: alliance POWER, POWER; POWER allies POWER (or none); draw POWER, … [by POWER, …]; concede POWER [by POWER, …]; end';
  if (alliesAt > 0 && !DECLARATION_KEYWORDS.has(kw)) {
    const power = toks.slice(0, alliesAt);
    const ally = toks.slice(alliesAt + 1);
    if (power.some((t) => t.kind !== 'word') || ally.length === 0 || ally.some((t) => t.kind !== 'word')) {
      r.report('gameSyntax', first.start, lineEnd, 'Expected POWER allies POWER, or POWER allies none');
      return false;
    }
    const stmt: G.AlliesStmt = { kind: 'Allies', power: r.words(power), range };
    if (!(ally.length === 1 && ally[0]?.text.toLowerCase() === 'none')) stmt.ally = r.words(ally);
    section.statements.push(stmt);
  } else if (kw === 'end') {
    if (toks[1]) {
      r.report('gameSyntax', toks[1].start, lineEnd, "Unexpected text after 'end'");
      return false;
    }
    section.statements.push({ kind: 'End', range });
  } else if (kw === 'alliance') {
    const powers = r.powerNames(toks.slice(1), first.end);
    if (!powers) {
      r.report('gameSyntax', first.start, lineEnd, 'Expected alliance POWER, POWER');
      return false;
    }
    section.statements.push({ kind: 'Alliance', powers, range });
  } else if (kw === 'draw' || kw === 'concede') {
    const rest = toks.slice(1);
    const byAt = rest.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'by');
    const powers = r.powerNames(byAt < 0 ? rest : rest.slice(0, byAt), first.end);
    const voters = byAt < 0 ? undefined : r.powerNames(rest.slice(byAt + 1), (rest[byAt] as Tok).end);
    if (!powers || (byAt >= 0 && !voters)) {
      const what = kw === 'draw' ? 'draw POWER, POWER, … [by POWER, …]' : 'concede POWER [, POWER] [by POWER, …]';
      r.report('gameSyntax', first.start, lineEnd, `Expected ${what}`);
      return false;
    }
    const stmt: G.DrawStmt | G.ConcedeStmt = { kind: kw === 'draw' ? 'Draw' : 'Concede', powers, range };
    if (voters) stmt.voters = voters;
    section.statements.push(stmt);
  } else {
    const hint = colonIndex(toks) > 0 ? '; orders belong in a phase (write phase SEASON YEAR PHASE first)' : '';
    r.report('gameSyntax', first.start, lineEnd, `${usage}${hint}`);
    return false;
  }
  return true;
}

/** Whether a line in a phase is a declaration written without its declare block. */
export function looksLikeDeclaration(kw: string, toks: Tok[]): boolean {
  if (colonIndex(toks) >= 0) return false;
  if (kw === 'end') return toks.length === 1;
  const onlyWords = toks.every((t) => t.kind === 'word' || t.text === ',');
  if (!onlyWords) return false;
  if (kw === 'alliance' || kw === 'draw' || kw === 'concede') return toks.length > 1 && toks.some((t) => t.text === ',' || t.text.toLowerCase() === 'by') ;
  const alliesAt = toks.findIndex((t) => t.text.toLowerCase() === 'allies');
  return alliesAt > 0 && alliesAt < toks.length - 1;
}

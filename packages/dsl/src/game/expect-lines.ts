/**
 * The statements of an expect block that the plain reader (plain-expect.ts) leaves to tokens:
 * `units`, `dislodged` and `owners` lines that are not plain, `winner`, `draw`, `score`, `result`.
 */
import { numberProblem, quoted, SCORE_FIELD, YEAR_FIELD } from '@dipforge/engine/config';
import type * as G from './ast.js';
import { RESULT_KINDS } from './keywords.js';
import type { LineReader } from './line-reader.js';
import { colonIndex, type Tok } from './tokens.js';

/** Adds the statement of an expect block's line to `expect`; false when the line was reported instead. */
export function readExpectStatement(r: LineReader, expect: G.ExpectSection, kw: string, toks: Tok[], lineEnd: number): boolean {
  const first = toks[0] as Tok;
  const range = r.range(first.start, lineEnd);
  const none = toks[1]?.kind === 'word' && toks[1].text.toLowerCase() === 'none' && toks.length === 2;
  switch (kw) {
    case 'units':
    case 'dislodged': {
      const what = kw === 'units' ? 'units POWER: UNIT, … or units none' : 'dislodged POWER: UNIT [from PROVINCE], … or dislodged none';
      if (none) {
        const stmt = { units: [], range };
        if (kw === 'units') expect.units.push({ kind: 'Units', ...stmt });
        else expect.dislodged.push({ kind: 'Dislodged', ...stmt });
        break;
      }
      const list = r.powerList(toks.slice(1), lineEnd, what, first);
      if (!list) return false;
      if (kw === 'units') expect.units.push({ kind: 'Units', power: list.power, units: r.units(list.items, false), range });
      else expect.dislodged.push({ kind: 'Dislodged', power: list.power, units: r.units(list.items, true), range });
      break;
    }
    case 'owners': {
      const list = r.powerList(toks.slice(1), lineEnd, 'owners POWER: PROVINCE, …', first);
      if (!list) return false;
      expect.owners.push({ kind: 'Owners', power: list.power, provinces: r.texts(list.items), range });
      break;
    }
    case 'winner': {
      if (none) {
        expect.winner.push({ kind: 'Winner', powers: [], range });
        break;
      }
      const powers = r.powerNames(toks.slice(1), first.end);
      if (!powers) {
        r.report('gameSyntax', first.start, lineEnd, 'Expected winner POWER, winner POWER, POWER (a shared or alliance win) or winner none');
        return false;
      }
      expect.winner.push({ kind: 'Winner', power: powers[0] as G.Word, powers, range });
      break;
    }
    case 'draw': {
      if (none) {
        expect.draw.push({ kind: 'DrawExpect', powers: [], range });
        break;
      }
      const powers = r.powerNames(toks.slice(1), first.end);
      if (!powers) {
        r.report('gameSyntax', first.start, lineEnd, 'Expected draw POWER, POWER, … (the powers of the draw) or draw none');
        return false;
      }
      expect.draw.push({ kind: 'DrawExpect', powers, range });
      break;
    }
    case 'score': {
      const stmt = scoreLine(r, toks, lineEnd);
      if (!stmt) return false;
      expect.score.push(stmt);
      break;
    }
    case 'result': {
      const kind = toks[1];
      const year = toks[2];
      const usage = `Expected result KIND [YEAR], KIND one of ${[...RESULT_KINDS].join(', ')}`;
      if (!kind || kind.kind !== 'word' || (year && year.kind !== 'number') || toks[3]) {
        r.report('gameSyntax', first.start, lineEnd, usage);
        return false;
      }
      const word = r.word(kind);
      if (!RESULT_KINDS.has(word.value as G.ResultKindName)) {
        r.report('invalidValue', kind.start, kind.end, `${quoted(kind.text)} is no result: write one of ${[...RESULT_KINDS].join(', ')}`);
        return false;
      }
      if (year && !r.numberFits(year, YEAR_FIELD)) return false;
      const stmt: G.ResultExpect = { kind: 'ResultExpect', result: word as G.Word & { value: G.ResultKindName }, range };
      if (year) stmt.year = { value: Number(year.text), text: year.text, range: r.range(year.start, year.end) };
      expect.result.push(stmt);
      break;
    }
    default:
      if (colonIndex(toks) > 0) {
        r.report('misplacedStatement', first.start, lineEnd, 'Orders belong in a phase; in an expect block write units POWER: …, dislodged POWER: …, owners POWER: … or winner POWER');
      } else {
        r.report('gameSyntax', first.start, lineEnd, 'Expected units, dislodged, owners, winner, draw, score or result in an expect block');
      }
      return false;
  }
  return true;
}

/** `score POWER N`, N a whole number, a decimal (`33.33`) or a fraction (`1/3`). */
function scoreLine(r: LineReader, toks: Tok[], lineEnd: number): G.ScoreExpect | undefined {
  const first = toks[0] as Tok;
  const at = toks.findIndex((t, i) => i > 0 && t.kind === 'number');
  const power = at < 0 ? [] : toks.slice(1, at);
  const usage = 'Expected score POWER N, N a number such as 28, 33.33 or 1/3';
  if (at < 0 || power.length === 0 || power.some((t) => t.kind !== 'word')) {
    r.report('gameSyntax', first.start, lineEnd, usage);
    return undefined;
  }
  const start = (toks[at] as Tok).start;
  const text = r.text.slice(start, lineEnd);
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
  let value: number;
  let tolerance = 1e-9;
  const parts = decimal ? [text] : fraction ? [fraction[1] as string, fraction[2] as string] : [];
  const tooLarge = parts.map((p) => numberProblem(p, SCORE_FIELD)).find((why) => why !== undefined);
  if (tooLarge) {
    r.report('invalidValue', start, lineEnd, tooLarge);
    return undefined;
  }
  if (decimal) {
    value = Number(text);
    if (decimal[2] !== undefined) tolerance = 0.5 * 10 ** -decimal[2].length;
  } else if (fraction && Number(fraction[2]) > 0) {
    value = Number(fraction[1]) / Number(fraction[2]);
  } else {
    r.report('gameSyntax', start, lineEnd, usage);
    return undefined;
  }
  return {
    kind: 'ScoreExpect',
    power: r.words(power),
    value: { value, text, tolerance, range: r.range(start, lineEnd) },
    range: r.range(first.start, lineEnd),
  };
}

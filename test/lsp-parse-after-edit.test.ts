/**
 * The parse after an edit that re-uses the last parse of the sections before
 * the edited one (`parseAfterEdit`, what completion at a cursor reads): for
 * random edits of games with declare blocks, comments, old-rules lists and
 * carriage returns, it equals the game reader's parse of the whole text
 * (nodes, diagnostics and positions), or declines and the whole text is read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { depth } from './helpers/depth.js';
import { parseGame, type ParsedGame } from '@dipforge/dsl';
import { parseAfterEdit } from '../packages/lsp/src/game-prefix.js';
import { DECLARE, POSTAL, RANDOM_100, rng } from '../packages/lsp/test/util.js';

/** What a parse says, its line index read at every line start and end (the index's own text aside). */
function said(p: ParsedGame): unknown {
  const positions: unknown[] = [];
  for (let i = 0; i <= p.text.length; i += 1 + Math.floor(p.text.length / 500)) positions.push(p.lines.position(i));
  positions.push(p.lines.position(p.text.length));
  return { file: p.file, text: p.text, ast: p.ast, diagnostics: p.diagnostics, positions };
}

/** An edit a person makes: a line cut, a word typed into it, a line removed or doubled, a line of garbage. */
function edit(lines: string[], r: (n: number) => number): void {
  const i = r(lines.length);
  const line = lines[i]!;
  switch (r(6)) {
    case 0:
      lines[i] = line.slice(0, r(line.length + 1));
      break;
    case 1: {
      const at = r(line.length + 1);
      lines[i] = `${line.slice(0, at)}${['x', ' ', 'H', '- ', 'phase', '"', '//', '[fails]', 'expect'][r(9)]}${line.slice(at)}`;
      break;
    }
    case 2:
      lines.splice(i, 1);
      break;
    case 3:
      lines.splice(i, 0, line);
      break;
    case 4:
      lines.splice(i, 0, ['  england:', '    A lon - wal', 'expect', '  units england: F lon', 'declare', 'phase fall 1901 movement', '  F nth C A lon - nwy', 'x'][r(8)]!);
      break;
    default:
      lines[i] = `  ${line.trim()}`;
  }
}

describe('parse after an edit', () => {
  // `npm test` makes the first 80 edits, the slow run all 400.
  const edits = depth(80, 400);
  it(`equals the parse of the whole text, for ${edits} random edits of four games`, () => {
    const r = rng(1915);
    const files = [RANDOM_100, DECLARE, POSTAL];
    let used = 0;
    for (let k = 0; k < edits; k++) {
      const f = files[k % files.length]!;
      const crlf = k % 4 === 3;
      const base = readFileSync(f, 'utf8').replace(/\r\n/g, '\n');
      const lines = base.split('\n');
      // A few edits already made before the last check, then the one the parse after the edit reads.
      for (let n = r(3); n > 0; n--) edit(lines, r);
      const join = (ls: string[]): string => ls.join(crlf ? '\r\n' : '\n');
      const before = join(lines);
      edit(lines, r);
      let after = join(lines);
      // Completion reads the text up to the next phase line after its cursor: now and then a prefix.
      if (r(2) === 0) after = after.slice(0, after.length - r(Math.floor(after.length / 3)));
      const prev = parseGame(before, f);
      const got = parseAfterEdit(prev, after, f);
      if (!got) continue;
      used++;
      expect(said(got), `${f} edit ${k}`).toEqual(said(parseGame(after, f)));
    }
    // Most edits fall inside a phase section after the first.
    expect(used).toBeGreaterThan((edits * 3) / 8);
  }, 120_000);

  it('declines an edit of the header, of a phase line, and of the first section', () => {
    const text = readFileSync(RANDOM_100, 'utf8');
    const prev = parseGame(text, RANDOM_100);
    const phases = prev.ast.phases;
    const second = phases[1]!.range.start.offset;
    const third = phases[2]!.range.start.offset;
    // The header.
    expect(parseAfterEdit(prev, `// a comment\n${text}`, RANDOM_100)).toBeUndefined();
    // The second section's phase line.
    expect(parseAfterEdit(prev, `${text.slice(0, second + 6)}x${text.slice(second + 6)}`, RANDOM_100)).toBeUndefined();
    // Inside the first section.
    const first = phases[0]!.range.start.offset + 40;
    expect(parseAfterEdit(prev, `${text.slice(0, first)}x${text.slice(first)}`, RANDOM_100)).toBeUndefined();
    // Inside the second section: re-used.
    const inside = third - 3;
    expect(parseAfterEdit(prev, `${text.slice(0, inside)}x${text.slice(inside)}`, RANDOM_100)).toBeDefined();
  });
});

/**
 * The plain-line readers (the common order, `POWER:` and expect lines, read without tokens) and
 * the general reader give the same syntax tree and diagnostics, key for key, for every game file
 * of the repository and for those files with their lines disturbed (a character added, changed or
 * removed where the plain readers must hand the line over).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGame, parseGameByTokens } from '../src/game/parse.js';
import { LineOrder, LineRange, LineText, LineUnit, LineWord } from '../src/game/line-range.js';
import { gameFiles } from '../../../test/helpers/game-files.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const FILES = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];

/** Both reads as JSON: key order, texts, values and every range must agree. */
function reads(text: string, file: string): { plain: string; tokens: string } {
  const plain = parseGame(text, file);
  const tokens = parseGameByTokens(text, file);
  return { plain: JSON.stringify([plain.ast, plain.diagnostics]), tokens: JSON.stringify([tokens.ast, tokens.diagnostics]) };
}

/** What is written into a line: the characters and words on which the plain readers decide. */
const DISTURBANCES = [' ', '\t', ',', ', ,', ':', '/', '//', ' from ', ' from mar', ' via convoy', ' none', '-', 'é', '"', '\u00a0', 'A ', 'F', 'army', 'fleet', '12', 'FROM', 'Via Convoy', '[', ']', ' [succeeds]', ' [Fails]', 'units', 'owners', 'dislodged', 'DISLODGED', '_', 'constructor', ' allies ', 'expect', 'Waive', '\r'];

describe('plain-line readers', () => {
  it('finds the game files', () => {
    expect(FILES.length).toBeGreaterThan(500);
  });

  it('read every game file as the general reader does', () => {
    const different = FILES.filter((file) => {
      const { plain, tokens } = reads(readFileSync(file, 'utf8'), file);
      return plain !== tokens;
    });
    expect(different).toEqual([]);
  });

  it('read every game file headless as in full, ranges made when read but the same', () => {
    let lazy = 0;
    const oneObject = { orders: 0, units: 0, provinces: 0, powers: 0 };
    const different = FILES.filter((file) => {
      const text = readFileSync(file, 'utf8');
      const headless = parseGame(text, file, { headless: true });
      const full = parseGame(text, file);
      lazy += headless.ast.phases.flatMap((p) => p.orders).filter((o) => o.range instanceof LineRange).length;
      oneObject.orders += headless.ast.phases.flatMap((p) => p.orders).filter((o) => o instanceof LineOrder && o.text instanceof LineText).length;
      const blocks = headless.ast.phases.flatMap((p) => p.expect);
      oneObject.units += blocks.flatMap((b) => [...b.units, ...b.dislodged]).flatMap((s) => s.units).filter((u) => u instanceof LineUnit).length;
      oneObject.provinces += blocks.flatMap((b) => b.owners).flatMap((s) => s.provinces).filter((t) => t instanceof LineText).length;
      oneObject.powers += blocks.flatMap((b) => [...b.units, ...b.owners]).filter((s) => s.power instanceof LineWord).length;
      return JSON.stringify([headless.ast, headless.diagnostics]) !== JSON.stringify([full.ast, full.diagnostics]);
    });
    expect(different).toEqual([]);
    // The headless reads made their ranges lazily (else the comparison compared nothing new), and their order lines' and units and owners lines' nodes (and power words) as one object each.
    expect(lazy).toBeGreaterThan(1000);
    for (const made of Object.values(oneObject)) expect(made).toBeGreaterThan(1000);
  });

  it('read disturbed lines as the general reader does', () => {
    let seed = 19;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    // Files with order and expect lines: the real games and the rule cases.
    const games = FILES.filter((f) => /[/\\](games|rules)[/\\]/.test(f)).map((f) => readFileSync(f, 'utf8'));
    expect(games.length).toBeGreaterThan(50);
    const different: string[] = [];
    for (let round = 0; round < 400; round++) {
      const lines = (games[next(games.length)] as string).split('\n');
      for (let k = 0; k < 8; k++) {
        const at = next(lines.length);
        const line = lines[at] as string;
        const from = next(line.length + 1);
        const cut = next(4) === 0 ? next(4) : 0;
        lines[at] = line.slice(0, from) + (next(4) === 0 ? '' : DISTURBANCES[next(DISTURBANCES.length)]) + line.slice(from + cut);
      }
      const text = lines.join('\n');
      const { plain, tokens } = reads(text, '/game.dipgame');
      if (plain !== tokens) different.push(text);
    }
    expect(different.slice(0, 1)).toEqual([]);
  });
});

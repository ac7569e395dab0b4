/**
 * The shortcuts of reading a game: order texts read once per run (and carried
 * over to a run that reuses it), the parser's positions computed on the line
 * being read, and its word reader for plain ASCII words. Each must give what
 * the slow way gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOrder } from '@dipforge/engine';
import { variantsDir } from '@dipforge/variants';
import { describe, expect, it } from 'vitest';
import { parseGame } from '../src/game/parse.js';
import { runGame, type GameRun } from '../src/game/run.js';
import { GameWorkspace } from '../src/game/workspace.js';
import { LineIndex, type Range } from '../src/text/range.js';
import { MemoryHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';

const BUILTIN = '/builtin';
const GAME = '/proj/game.dipgame';

function workspace(): GameWorkspace {
  const files: Record<string, string> = {
    '/proj/package.json': '{}',
    [`${BUILTIN}/classic/classic.dipmap`]: readFileSync(join(variantsDir, 'classic', 'classic.dipmap'), 'utf8'),
  };
  for (const f of readdirSync(join(variantsDir, 'editions'))) {
    if (f.endsWith('.dipmap')) files[`${BUILTIN}/editions/${f}`] = readFileSync(join(variantsDir, 'editions', f), 'utf8');
  }
  return new GameWorkspace(new VariantLoader({ host: new MemoryHost(files), builtinDir: BUILTIN }));
}

/** Two years in which the same order texts come back, one line twice in a phase, one misspelt name, one bad order. */
const GAME_TEXT = `variant classic
seed 5

phase spring 1901 movement
  france:
    A par - bur
    A par - bur
    F bre H
    A mar - spa
  germany:
    A mun - burgundyy
    F kie - hol
    A ber H

phase fall 1901 movement
  france:
    A bur H
    F bre H
    A spa H
  germany:
    A mun H
    F hol H
    A ber H
    A ber - zzz
`;

/** Every order of a run with the text it was read from. */
function orders(run: GameRun): { text: string; order: object; result: unknown }[] {
  return run.phases.flatMap((p) => p.orders.map((o) => ({ text: o.line.text.text, order: o.order, result: o.result })));
}

describe('reading order texts once per run', () => {
  it('gives each line the order the engine reads, in an object of its own, with its own result', () => {
    const ws = workspace();
    const run = runGame(parseGame(GAME_TEXT, GAME), ws);
    const index = run.variant?.index;
    expect(index).toBeDefined();
    const all = orders(run);
    expect(all.length).toBe(13);
    for (const [i, p] of run.phases.entries()) {
      for (const o of p.orders) {
        const fresh = parseOrder(index!, o.line.text.text, { power: o.power, phase: p.phase.kind });
        expect(fresh.ok && fresh.order, `${i}: ${o.line.text.text}`).toEqual(o.order);
      }
    }
    // The same text twice in one phase: two objects, so each line is paired with its own result.
    const twice = run.phases[0]!.orders.filter((o) => o.line.text.text === 'A par - bur');
    expect(twice.length).toBe(2);
    expect(twice[0]!.order).not.toBe(twice[1]!.order);
    expect(twice[0]!.result?.order).toBe(twice[0]!.order);
    expect(twice[1]!.result?.order).toBe(twice[1]!.order);
    // `F bre H` in both years: equal orders, not the same object.
    const holds = all.filter((o) => o.text === 'F bre H');
    expect(holds.length).toBe(2);
    expect(holds[0]!.order).toEqual(holds[1]!.order);
    expect(holds[0]!.order).not.toBe(holds[1]!.order);
  });

  it('reports a misspelt name and an unreadable order on every line that has them', () => {
    const text = GAME_TEXT.replace('    A ber - zzz\n', '    A ber - zzz\n    A ber - zzz\n').replace('    A mun H\n', '    A mun - burgundyy\n');
    const run = runGame(parseGame(text, GAME), workspace());
    const at = (code: string): number[] => run.diagnostics.filter((d) => d.code === code).map((d) => d.range.start.line);
    const unreadable = run.diagnostics.filter((d) => d.severity === 'error').map((d) => d.range.start.line);
    expect(unreadable).toEqual([23, 24]);
    // `burgundyy` is read as bur, with a warning each time.
    const written = run.phases.filter((p) => p.section);
    expect(written.map((p) => p.orders.find((o) => o.line.text.text === 'A mun - burgundyy')?.order)).toEqual([
      { power: 'germany', type: 'move', unit: { kind: 'army', at: 'mun' }, to: 'bur', viaConvoy: false },
      { power: 'germany', type: 'move', unit: { kind: 'army', at: 'mun' }, to: 'bur', viaConvoy: false },
    ]);
    expect(at('DF8030')).toEqual([10, 20]);
  });

  it('a run that reuses another gives what a run from scratch gives', () => {
    const ws = workspace();
    const first = runGame(parseGame(GAME_TEXT, GAME), ws);
    const edited = GAME_TEXT.replace('    A bur H\n', '    A bur - mun\n');
    const fresh = runGame(parseGame(edited, GAME), workspace());
    const reused = runGame(parseGame(edited, GAME), ws, { reuse: { run: first, sections: 1 } });
    expect(reused.reused).toBe(1);
    expect(orders(reused)).toEqual(orders(fresh));
    expect(reused.diagnostics).toEqual(fresh.diagnostics);
    expect(reused.final).toEqual(fresh.final);
  });
});

describe('the game parser', () => {
  /** Every range in a parse, by walking the tree. */
  function ranges(v: unknown, out: Range[] = []): Range[] {
    if (typeof v !== 'object' || v === null) return out;
    const o = v as Record<string, unknown>;
    if (typeof (o['start'] as { offset?: unknown } | undefined)?.offset === 'number' && typeof (o['end'] as { offset?: unknown } | undefined)?.offset === 'number') {
      out.push(o as unknown as Range);
      return out;
    }
    for (const x of Array.isArray(v) ? v : Object.values(o)) ranges(x, out);
    return out;
  }

  it('places every node where the line index does, with any line ends', () => {
    const lines = GAME_TEXT.split('\n');
    const text = lines.map((l, i) => l + (i % 3 === 0 ? '\r\n' : i % 3 === 1 ? '\r' : '\n')).join('') + '  bad line // comment\n"open';
    const parsed = parseGame(text, GAME);
    const index = new LineIndex(text);
    const all = [...ranges(parsed.ast), ...parsed.diagnostics.map((d) => d.range)];
    expect(all.length).toBeGreaterThan(60);
    for (const r of all) {
      expect(r.start).toEqual(index.position(r.start.offset));
      expect(r.end).toEqual(index.position(r.end.offset));
    }
  });

  it('reads words with letters outside ASCII and hyphens as one word, digits alone as a number', () => {
    const text = 'variant classic\nseed 12\nplayer Österreich-Ungarn "X"\nplayer england_2 "Y"\nplayer a-b "Z"\n';
    const parsed = parseGame(text, GAME);
    const players = parsed.ast.header.filter((h) => h.kind === 'Player');
    expect(players.map((p) => (p.kind === 'Player' ? p.power.text : ''))).toEqual(['Österreich-Ungarn', 'england_2', 'a-b']);
    const seed = parsed.ast.header.find((h) => h.kind === 'Seed');
    expect(seed?.kind === 'Seed' && seed.value.value).toBe(12);
    // `12x` is a word, not a number: no seed.
    expect(parseGame('seed 12x\n', GAME).ast.header.some((h) => h.kind === 'Seed')).toBe(false);
  });
});

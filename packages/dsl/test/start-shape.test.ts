/**
 * A game's first position has the shape of every later one: its fields in the order the adjudicator
 * builds the next position in (phase last), whether it is the variant's start (`initialPosition`) or
 * a game file's `position` section. Objects made with the same keys in another order are of another
 * hidden class to V8, and code optimized on the adjudicated positions was thrown away at the start of
 * every game file read after the first (a language server's second check of a file).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantsDir } from '@dipforge/variants';
import { initialPosition } from '@dipforge/engine';
import { runGameText } from '../src/game/api.js';

const GAME = join(variantsDir, 'start-shape.dipgame');
const classic = (): ReturnType<typeof runGameText> => runGameText('variant classic\n', GAME);

/** The keys of a position the adjudicator made: the next position after the game's first phase. */
function adjudicatedKeys(text: string): string[] {
  const run = runGameText(text, GAME);
  expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const next = run.phases[0]?.result?.next;
  expect(next).toBeDefined();
  return Object.keys(next!);
}

describe("the shape of a game's first position", () => {
  it('initialPosition has the keys of an adjudicated position, in the same order', () => {
    const config = classic().config;
    expect(config).toBeDefined();
    const start = initialPosition(config!);
    const keys = adjudicatedKeys('variant classic\nphase spring 1901 movement\n  France:\n    A par - bur\n');
    expect(keys[keys.length - 1]).toBe('phase');
    expect(Object.keys(start)).toEqual(keys);
    // Its phase too, as the adjudicator's next phase is made.
    const run = runGameText('variant classic\nphase spring 1901 movement\n  France:\n    A par - bur\n', GAME);
    expect(Object.keys(start.phase)).toEqual(Object.keys(run.phases[0]!.result!.next.phase));
  });

  it("a game file's position section has the keys of an adjudicated position, in the same order", () => {
    const text = 'variant classic\nposition fall 1901 movement\n  France: A bur, F bre\n  Germany: A mun\nphase fall 1901 movement\n  France:\n    A bur - mun\n';
    const run = runGameText(text, GAME);
    expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(run.start).toBeDefined();
    expect(Object.keys(run.start!)).toEqual(adjudicatedKeys(text));
  });

  it("initialPosition lists every unit, the neutral ones after the powers'", () => {
    const config = classic().config!;
    const neutral = { ...config, neutralUnits: [{ kind: 'army' as const, at: 'bel' }] };
    const start = initialPosition(neutral);
    const units = config.powers.flatMap((p) => p.units.map((u) => ({ power: p.id, kind: u.kind, at: u.at })));
    expect(start.units).toEqual([...units, { power: 'neutral', kind: 'army', at: 'bel' }]);
    // Made at its size and filled: no hole left.
    expect(Object.keys(start.units)).toHaveLength(start.units.length);
    expect(start.phase).toEqual({ year: config.start.year, season: config.start.season, kind: config.start.phase });
  });
});

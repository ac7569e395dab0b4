// A position's centre owners are an object, and the order of its keys is the
// order it happens to list the centres in: the variant's start lists them
// power by power, a game file in the order of its lines, and each centre first
// owned later is added at the end. Nothing the adjudicator decides may depend
// on that order. Here every phase of seeded random games (the phases passed
// over too, where the centres of a fall change hands) is adjudicated again from
// the same position with its owners listed in a shuffled order: the results
// are the same, every centre has the same owner after the phase, and the
// owners after it list the centres as the owners before it did, any centre
// owned for the first time after them (the order a program reading the
// positions' JSON sees).
import { adjudicatePhase, phaseIsEmpty } from '../src/adjudicate/phase.js';
import { drawIndex, mulberry32, type Rng } from '../src/adjudicate/prng.js';
import { compileBoard, type Board } from '../src/board/board.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { VariantConfig } from '../src/config/variant-config.js';
import type { Position } from '../src/game/position.js';
import { initialPosition } from '../src/game/runner.js';
import { randomOrders } from '../src/legal/index.js';
import { describe, expect, it } from 'vitest';
import { board, CLASSIC } from './helpers/classic.js';
import { ruleSets } from './helpers/rule-sets.js';

/** The owners of `position` listed in a shuffled order (a new object: positions are never changed in place). */
function reordered(owners: Readonly<Record<string, string>>, rng: Rng): Record<string, string> {
  const keys = Object.keys(owners);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = drawIndex(rng, i + 1);
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const out: Record<string, string> = {};
  for (const c of keys) out[c] = owners[c]!;
  return out;
}

/** The keys of `after` as adjudicating from owners listed as `before` must leave them: `before`'s order, then the centres new to it. */
function expectedKeys(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const listed = Object.keys(before);
  return [...listed, ...Object.keys(after).filter((c) => !(c in before))];
}

const sorted = (owners: Readonly<Record<string, string>>): [string, string][] => Object.entries(owners).sort(([a], [b]) => (a < b ? -1 : 1));

/** Plays a seeded random game, checking each phase (empty ones too) against the same phase with its owners reordered; returns how many phases changed owners. */
function checkGame(b: Board, rules: RuleOptions, config: VariantConfig, seed: number): number {
  const rng = mulberry32(seed);
  const shuffle = mulberry32(seed ^ 0x5eed);
  let position: Position = initialPosition(config);
  let changed = 0;
  for (let played = 0, skipped = 0; played < 30 && skipped < 64; ) {
    const empty = phaseIsEmpty(b, rules, position);
    const orders = empty ? [] : randomOrders(b, position, rules, rng, { uniform: played % 2 === 0 });
    if (empty) skipped++;
    else {
      skipped = 0;
      played++;
    }
    const result = adjudicatePhase(b, position, orders, rules, { seed });
    const listed: Position = { ...position, owners: reordered(position.owners, shuffle) };
    const again = adjudicatePhase(b, listed, orders, rules, { seed });
    const where = `seed ${seed}, ${position.phase.season} ${position.phase.year} ${position.phase.kind}`;
    expect(again.results, where).toEqual(result.results);
    expect(again.next.units, where).toEqual(result.next.units);
    expect(sorted(again.next.owners), where).toEqual(sorted(result.next.owners));
    expect(Object.keys(result.next.owners), where).toEqual(expectedKeys(position.owners, result.next.owners));
    expect(Object.keys(again.next.owners), where).toEqual(expectedKeys(listed.owners, again.next.owners));
    if (result.next.owners !== position.owners) changed++;
    position = result.next;
  }
  return changed;
}

describe('the owners after a phase do not depend on the order the owners are listed in', () => {
  for (const { label, rules, config } of ruleSets()) {
    it(label, () => {
      const b = config === CLASSIC ? board : compileBoard(config);
      let changed = 0;
      for (const seed of [1, 2, 3]) changed += checkGame(b, rules, config, seed);
      // Centres changed hands in the games, so the owners were copied and written, not only passed on.
      expect(changed).toBeGreaterThan(3);
    });
  }
});

/**
 * `dipforge test` lists a folder's files in ICU's numeric collation (name-order.ts) without making
 * the collator for names of a simple alphabet: the fast comparison must order every pair of such
 * names as the collator does, or hand them to it.
 */
import { describe, expect, it } from 'vitest';
import { simpleNameOrder, sortNames } from '../packages/cli/src/commands/name-order.js';

const collator = new Intl.Collator('en', { numeric: true });
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Seeded names from the alphabet and pieces that order differently by text and by value. */
function names(count: number, seed: number): string[] {
  let s = seed;
  const next = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const pieces = ['a', 'b', 'z', 'game', 'game-', '_', '-', '.', '.dipgame', '0', '00', '1', '01', '9', '10', '010', '99', '100', '2', '20', '123456789012345678901234567890'];
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let name = '';
    const parts = 1 + next(5);
    for (let p = 0; p < parts; p++) name += pieces[next(pieces.length)];
    out.push(name);
  }
  return out;
}

describe('folder name order', () => {
  it('orders every pair of simple names as the collator does, or leaves it to the collator', () => {
    const list = names(400, 7);
    let decided = 0;
    const wrong: string[] = [];
    for (const a of list) {
      for (const b of list) {
        const fast = simpleNameOrder(a, b);
        if (fast === undefined) continue;
        decided++;
        if (sign(fast) !== sign(collator.compare(a, b))) wrong.push(`${a} ${b}`);
      }
    }
    expect(wrong).toEqual([]);
    // Most pairs are decided here (else the test compared little).
    expect(decided).toBeGreaterThan(100_000);
  });

  it('leaves other names and equal numbers written differently to the collator', () => {
    expect(simpleNameOrder('Game-1', 'game-2')).toBeUndefined();
    expect(simpleNameOrder('jeu é', 'jeu e')).toBeUndefined();
    expect(simpleNameOrder('a01', 'a1')).toBeUndefined();
    expect(simpleNameOrder('game-9.dipgame', 'game-10.dipgame')).toBe(-1);
  });

  it('sorts folders as the collator sorts them, simple or not', () => {
    const folders = [names(300, 1), names(300, 2), ['game-001.dipgame', 'game-010.dipgame', 'game-002.dipgame', 'Game-3.dipgame', 'été.dipgame'], ['x1', 'x01', 'x001', 'b', 'a']];
    for (const folder of folders) {
      for (const descending of [false, true]) {
        const want = folder.slice().sort((a, b) => (descending ? -1 : 1) * collator.compare(a, b));
        expect(sortNames(folder.slice(), (n) => n, descending)).toEqual(want);
      }
    }
  });
});

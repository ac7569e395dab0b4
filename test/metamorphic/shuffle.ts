/**
 * Seeded shuffles for the metamorphic tests: the same seed gives the same
 * layout on every machine, so a failure names a layout that can be made again.
 */
import { drawIndex, mulberry32, type Position, type Rng } from '@dipforge/engine';

/** A generator seeded from a text (a file name and a permutation number, say): FNV-1a over its characters. */
export function rngFor(text: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mulberry32(h);
}

/** A uniformly shuffled copy (Fisher–Yates). */
export function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = drawIndex(rng, i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}

/**
 * A shuffled copy in which the elements `pinned` picks keep their relative
 * order (they take, in their old order, the places the shuffle gave them):
 * for the lines whose order a rule reads, such as a power's builds.
 */
export function shuffledKeeping<T>(list: readonly T[], pinned: (x: T) => boolean, rng: Rng): T[] {
  const out = shuffled(list, rng);
  const kept = list.filter(pinned);
  let k = 0;
  for (let i = 0; i < out.length; i++) if (pinned(out[i]!)) out[i] = kept[k++]!;
  return out;
}

/**
 * The same position with its units, dislodged units and standoffs listed in
 * another order, and, with `owners`, its centre owners too (each new order of
 * an object's keys is a new object shape for the engine, so the callers that
 * list a position anew before every phase leave the owners as they are).
 */
export function shuffledPosition(position: Position, rng: Rng, owners = false): Position {
  let listed = position.owners;
  if (owners) {
    const out: Record<string, string> = {};
    for (const c of shuffled(Object.keys(position.owners), rng)) out[c] = position.owners[c]!;
    listed = out;
  }
  return {
    phase: position.phase,
    units: shuffled(position.units, rng),
    dislodged: shuffled(position.dislodged, rng),
    owners: listed,
    standoffs: shuffled(position.standoffs, rng),
  };
}

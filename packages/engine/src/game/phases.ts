/**
 * The phases of a game year and what happens between phases: which phase
 * follows which (rules `year-shape`, `custom-phases`, `year-step`,
 * `adjustment-interval`), and when supply centres change owner (after the
 * movement and retreats that come before an adjustment phase; at the end of the
 * year when the year has none).
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Phase, PhaseKind, Position, Unit } from './position.js';

export interface YearPhase {
  season: string;
  kind: PhaseKind;
}

const LATE_SEASONS = new Set(['fall', 'autumn', 'winter']);

/**
 * The phases of one year, in playing order. Given a year, the phases that take
 * place in that year: without the adjustment phases in a year that is not a
 * multiple of `adjustment-interval`.
 */
export function yearPhases(board: Board, rules: RuleOptions, year?: number): YearPhase[] {
  const all = everyYearPhase(board, rules);
  if (year === undefined || adjustsIn(rules, year)) return all;
  const kept = all.filter((p) => p.kind !== 'adjustment');
  return kept.length > 0 ? kept : all;
}

/**
 * `yearPhases` for the engine's own use: the lists of the built-in year shapes
 * are made once per board and shape and shared (frozen), since every movement
 * adjudication asks for the next phase three or four times and each answer
 * built five phase objects (and judging a game's result asks for the year
 * around a position, victory/outcome.ts). Custom shapes are built each time
 * (their list is a rule value that may change).
 */
export function sharedYearPhases(board: Board, rules: RuleOptions, year?: number): readonly YearPhase[] {
  const shape = rules['year-shape'];
  if (shape === 'custom') return yearPhases(board, rules, year);
  // The entry asked for last first: a game asks for one board and shape phase after phase.
  let entry = board === lastBoard && shape === lastShape ? lastEntry : sharedYears.get(board)?.get(shape);
  // The start season names the first season: a board whose config changed gets new lists.
  if (!entry || entry.start !== board.config.start.season) {
    const all = Object.freeze(everyYearPhase(board, rules).map((p) => Object.freeze(p)));
    const kept = all.filter((p) => p.kind !== 'adjustment');
    entry = { start: board.config.start.season, all, noAdjustment: Object.freeze(kept.length > 0 ? kept : [...all]) };
    let byShape = sharedYears.get(board);
    if (!byShape) sharedYears.set(board, (byShape = new Map()));
    byShape.set(shape, entry);
  }
  lastBoard = board;
  lastShape = shape;
  lastEntry = entry;
  return year === undefined || adjustsIn(rules, year) ? entry.all : entry.noAdjustment;
}

interface SharedYear {
  start: string | undefined;
  all: readonly YearPhase[];
  noAdjustment: readonly YearPhase[];
}

const sharedYears = new WeakMap<Board, Map<string, SharedYear>>();
/** The board, shape and entry of the last `sharedYearPhases` (it keeps that board alive until another is asked for). */
let lastBoard: Board | undefined;
let lastShape: string | undefined;
let lastEntry: SharedYear | undefined;

/** Whether the adjustment phases of the year take place in `year` (rule `adjustment-interval`). */
export function adjustsIn(rules: RuleOptions, year: number): boolean {
  const every = rules['adjustment-interval'];
  return every <= 1 || ((year % every) + every) % every === 0;
}

function everyYearPhase(board: Board, rules: RuleOptions): YearPhase[] {
  const shape = rules['year-shape'];
  if (shape === 'custom') {
    return rules['custom-phases'].map((name) => {
      const dash = name.lastIndexOf('-');
      return { season: name.slice(0, dash), kind: name.slice(dash + 1) as PhaseKind };
    });
  }
  // The first season takes the variant's name for it ("spring" on the classic map).
  const start = board.config.start.season;
  const first = start && !LATE_SEASONS.has(start) ? start : 'spring';
  if (shape === 'postal') {
    return [
      { season: first, kind: 'movement' },
      { season: 'fall', kind: 'movement' },
    ];
  }
  return [
    { season: first, kind: 'movement' },
    { season: first, kind: 'retreat' },
    { season: 'fall', kind: 'movement' },
    { season: 'fall', kind: 'retreat' },
    { season: 'winter', kind: 'adjustment' },
  ];
}

/**
 * Where `phase` sits in the year: by season and kind, or else by kind alone for
 * an adjustment phase (games may name it after the season before, "fall").
 */
export function phaseIndex(list: readonly YearPhase[], phase: Phase): number {
  // Plain loops: this runs a few times per adjudication, and closures showed in its profile.
  const { season, kind } = phase;
  for (let i = 0; i < list.length; i++) if (list[i]!.season === season && list[i]!.kind === kind) return i;
  if (kind === 'adjustment') for (let i = 0; i < list.length; i++) if (list[i]!.kind === 'adjustment') return i;
  return -1;
}

/**
 * The phase after `at` (a phase, or a position's phase), empty phases included.
 * A phase not in the year's list is followed by the next year's first phase.
 */
export function nextPhase(board: Board, rules: RuleOptions, at: Phase | Position): Phase {
  const phase = 'phase' in at ? at.phase : at;
  const list = sharedYearPhases(board, rules, phase.year);
  const i = phaseIndex(list, phase);
  // The two fields copied out of the shared (frozen) phase: the caller gets a phase of its own.
  if (i >= 0 && i + 1 < list.length) return { year: phase.year, season: list[i + 1]!.season, kind: list[i + 1]!.kind };
  const year = phase.year + rules['year-step'];
  const first = sharedYearPhases(board, rules, year)[0]!;
  return { year, season: first.season, kind: first.kind };
}

/** Whether two phases are the same, allowing an adjustment phase to go by the season before it. */
export function samePhase(board: Board, rules: RuleOptions, a: Phase, b: Phase): boolean {
  if (a.year !== b.year || a.kind !== b.kind) return false;
  if (a.season === b.season) return true;
  if (a.kind !== 'adjustment') return false;
  const list = sharedYearPhases(board, rules, a.year);
  return phaseIndex(list, a) >= 0 && phaseIndex(list, a) === phaseIndex(list, b);
}

/** Whether supply centres change owner at the end of `phase` (`next`, the phase after it, when the caller has it). */
export function ownershipChangesAfter(board: Board, rules: RuleOptions, phase: Phase, next: Phase = nextPhase(board, rules, phase)): boolean {
  if (phase.kind === 'adjustment') return false;
  if (next.kind === 'adjustment') return true;
  const list = sharedYearPhases(board, rules);
  for (let i = 0; i < list.length; i++) if (list[i]!.kind === 'adjustment') return false;
  return next.year > phase.year;
}

/**
 * Centre owners after the units in `units` take the supply centres they stand
 * on: `owners` itself when no centre changes hands, else a copy with the changes.
 */
export function updateOwners(board: Board, owners: Readonly<Record<string, string>>, units: readonly Unit[]): Record<string, string> {
  let out = owners;
  const { locProvince, supplyCentre } = board;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const loc = board.locId(u.at);
    if (loc < 0) continue;
    const prov = locProvince[loc]!;
    if (supplyCentre[prov]) out = changeOwner(owners, out, board.provinceName(prov), u.power);
  }
  return out;
}

/**
 * One step of making the owners after a phase, centre by centre: `out` (the
 * owners so far, `owners` itself until a centre changes hands) with `centre`
 * owned by `power`. The first change copies `owners` (`withOwner`); later ones
 * write into that copy, which is the caller's own until it returns it, so a
 * phase where several centres change hands copies the owners once. A centre no
 * one owned before adds a key, which is done by a copy again (as `withOwner`
 * explains, a key added by a store can turn the copy into a dictionary). The
 * keys end in the order repeated `withOwner` calls would give.
 */
export function changeOwner(owners: Readonly<Record<string, string>>, out: Record<string, string>, centre: string, power: string): Record<string, string> {
  const was = out[centre];
  if (was === power) return out;
  if (out === owners || was === undefined) return { ...out, [centre]: power };
  out[centre] = power;
  return out;
}

/**
 * `owners` with `centre` owned by `power`: `owners` itself when it already is,
 * else a copy (positions are never changed in place, see positionAfter).
 */
export function withOwner(owners: Readonly<Record<string, string>>, centre: string, power: string): Record<string, string> {
  if (owners[centre] === power) return owners;
  // One object literal: V8 copies a fast-mode object's property store whole (a spread of the
  // classic map's owners takes about 40 ns, Object.assign about 900 ns), and the copy stays in
  // fast mode. Adding a key by `copy[centre] =` to a spread copy turns one copy in three into a
  // slow dictionary, which every later copy and look-up pays for (docs/PERFORMANCE.md,
  // "The friendly adjudicator's allocations").
  return { ...owners, [centre]: power };
}

/**
 * The position that starts the phase after `phase`, with centre owners updated
 * when the year says so.
 *
 * The next position shares with `state` (and so with the position before) the
 * owners object when no centre changes hands, and the callers share the unit
 * objects that stay as they were: positions are values nothing changes in
 * place, neither the engine nor the packages that use it (the frozen-position
 * test in packages/engine/test/shared-positions.test.ts adjudicates deep-frozen
 * positions of every kind of phase), so an earlier phase of a game cannot be
 * changed through a later one. Copying them cost an allocation per unit and a
 * 35-key object per phase (docs/PERFORMANCE.md, "The friendly
 * adjudicator's allocations").
 */
export function positionAfter(
  board: Board,
  rules: RuleOptions,
  phase: Phase,
  state: Omit<Position, 'phase'>,
  next: Phase = nextPhase(board, rules, phase),
): Position {
  const owners = ownershipChangesAfter(board, rules, phase, next) ? updateOwners(board, state.owners, state.units) : state.owners;
  return { ...state, phase: next, owners };
}

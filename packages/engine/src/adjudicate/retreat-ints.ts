/**
 * Retreat phase adjudication on integers: units, dislodged units and orders as
 * integer columns in, each dislodged unit's fate as integer columns out. A
 * unit is named by its index, so it is never written wrong and has at most one
 * order. The rules once the phase is read are `retreatCore`, which the friendly
 * `adjudicateRetreat` (`retreat.ts`) calls too for orders that say what
 * integers say (as orders chosen from the legal ones do). Working columns are
 * allocated once per board and reused (`retreat-workspace.ts`): nothing is
 * allocated once warm, except when `retreat-default` has to choose for a unit
 * without a usable order (its list of options).
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Phase } from '../game/position.js';
import { STATUS_FAILS, STATUS_ILLEGAL, STATUS_NONE, STATUS_SUCCEEDS } from './movement/outcome.js';
import type { Reason } from './reasons.js';
import { retreatRefusal, settleRetreats } from './retreat.js';
import { DISBAND, intWorkspaces, type RetreatWorkspace } from './retreat-workspace.js';
import * as boardBits from '../board/board.js';
import * as boardCodes from '../board/codes.js';

// Module-local copies of imported codes (V8 folds a module's own constants into optimized code;
// docs/PERFORMANCE.md, "Lists by order, decisions settled up front, inline checks", step 6).
const { REACH_ARMY_MOVE } = boardBits;
const { ARMY } = boardCodes;

/** Per dislodged unit in `RetreatOrdersInts.to`: no order. */
export const RETREAT_NONE = -1;
/** Per dislodged unit in `RetreatOrdersInts.to`: disband. */
export const RETREAT_DISBAND = DISBAND;

/** A retreat phase's position in integer form. */
export interface RetreatPositionInts {
  /** The units on the board (they block retreats): unit `u` has `power[u]`, `kind[u]` (ARMY or FLEET), `loc[u]`. */
  readonly units: { readonly n: number; readonly power: ArrayLike<number>; readonly kind: ArrayLike<number>; readonly loc: ArrayLike<number> };
  /** The dislodged units, with the province each one's attacker came from (-1: not known) and 1 when it came by convoy. */
  readonly dislodged: {
    readonly n: number;
    readonly power: ArrayLike<number>;
    readonly kind: ArrayLike<number>;
    readonly loc: ArrayLike<number>;
    readonly attackFrom: ArrayLike<number>;
    readonly byConvoy: ArrayLike<number>;
  };
  /** Provinces left empty by a standoff: `standoffs[0 .. standoffCount)`. */
  readonly standoffs: ArrayLike<number>;
  readonly standoffCount: number;
  /** Per province: the power owning it, or -1 (read by `retreat-default gm-order`). */
  readonly owner: ArrayLike<number>;
  /** The phase, for the draws by lot (`retreat-default lot`, `gm-order`). */
  readonly phase: Phase;
}

/** Per dislodged unit: RETREAT_NONE, RETREAT_DISBAND, or the location it retreats to (a coast location to name a coast). */
export interface RetreatOrdersInts {
  readonly to: ArrayLike<number>;
}

/** The outcome of `adjudicateRetreatInts`: views of the board's workspace, valid until the next call on the board. */
export interface RetreatResultInts {
  readonly n: number;
  /** Per dislodged unit: how its order went (MOVEMENT_STATUS: SUCCEEDS, FAILS, ILLEGAL, or NONE for no order). */
  readonly status: Uint8Array;
  /** Per dislodged unit with an illegal or failed order: why. */
  readonly reason: readonly (Reason | undefined)[];
  /** Per dislodged unit: the location it stands on after the phase, or -1 (disbanded or destroyed). */
  readonly final: Int32Array;
}

function provinceOf(board: Board, l: number): number {
  const p = board.locProvince[l];
  if (p === undefined || l < 0) throw new RangeError(`unknown location ${l}`);
  return p;
}

/**
 * Adjudicates a retreat phase given as integers: the same validation and rules
 * as `adjudicatePhase` (a retreat must be to an adjacent province the unit may
 * enter, empty, not where its attacker came from unless `retreat-to-convoy-origin`
 * allows it, not left empty by a standoff; units retreating to one province are
 * all disbanded; a unit without a usable order follows `retreat-default`, drawing
 * by lot with `seed` and the phase). Throws RangeError on an unknown location.
 */
export function adjudicateRetreatInts(
  board: Board,
  rules: RuleOptions,
  position: RetreatPositionInts,
  orders: RetreatOrdersInts,
  seed = 0,
): RetreatResultInts {
  const ws = intWorkspaces.get(board);
  ws.rules = rules;
  ws.owner = position.owner;
  const { occupant, standoff } = ws;
  const P = board.provinceCount;
  const { units } = position;
  const d = position.dislodged;
  const n = d.n;
  if (units.n > P || n > P) throw new RangeError(`more units than provinces (${P})`);
  const D = ws.own;
  D.n = 0;
  // Every mark set below is undone before returning (or throwing), so that the columns are clean between calls.
  try {
    for (let u = 0; u < units.n; u++) occupant[provinceOf(board, units.loc[u]!)] = u;
    for (let i = 0; i < position.standoffCount; i++) standoff[provinceOf(board, position.standoffs[i]!)] = 1;
    for (let u = 0; u < n; u++) {
      D.power[u] = d.power[u]!;
      D.kind[u] = d.kind[u]!;
      D.loc[u] = d.loc[u]!;
      D.prov[u] = provinceOf(board, d.loc[u]!);
      ws.attackFrom[u] = d.attackFrom[u]!;
      ws.byConvoy[u] = d.byConvoy[u]!;
    }
    D.n = n;
    retreatCore(ws, orders.to, seed, position.phase);
  } finally {
    occupant.fill(-1);
    standoff.fill(0);
  }
  ws.result.n = n;
  return ws.result;
}

/**
 * The retreat rules on a workspace that holds a phase (its dislodged units,
 * what blocks them, the rules), for both entries: `to[u]` is unit `u`'s order
 * (RETREAT_NONE, RETREAT_DISBAND or a location). Fills each unit's `status`,
 * `reason`, `choice` and `final`. Throws RangeError on an unknown location.
 */
export function retreatCore(ws: RetreatWorkspace, to: ArrayLike<number>, seed: number, phase: Phase): void {
  const { board, rules, choice, status, reason, final, reach, occupant, standoff, attackFrom } = ws;
  const { kind, loc, prov } = ws.dislodged;
  const P = board.provinceCount;
  const n = ws.dislodged.n;
  for (let u = 0; u < n; u++) {
    const t = to[u]!;
    reason[u] = undefined;
    choice[u] = -1;
    if (t === RETREAT_NONE) {
      status[u] = STATUS_NONE;
      continue;
    }
    status[u] = STATUS_SUCCEEDS;
    if (t === RETREAT_DISBAND) {
      choice[u] = DISBAND;
      continue;
    }
    // The common retreat, allowed by one load of the reach matrix and three of the columns: to a province
    // (no coast named) the unit's kind may move to as in a plain move, empty, not left empty by a standoff
    // and not where the attacker came from. Anything else, allowed or not, is decided by `retreatRefusal`,
    // which also says why not. Retreat code runs cold (a few phases a game): each call it saves is a few
    // cache misses.
    if (
      reach !== null &&
      t >= 0 &&
      t < P &&
      t !== prov[u] &&
      (reach[loc[u]! * P + t]! & (REACH_ARMY_MOVE << kind[u]!)) !== 0 &&
      occupant[t]! < 0 &&
      standoff[t] === 0 &&
      attackFrom[u] !== t
    ) {
      choice[u] = t;
      continue;
    }
    // As `readDestination` reads a written place: an army ignores a coast (or fails on it under `unknown-coast fail`).
    const p = provinceOf(board, t);
    let coast = t === p ? -1 : t;
    let why: Reason | undefined;
    if (coast >= 0 && kind[u] === ARMY) {
      if (rules['unknown-coast'] === 'fail') why = 'unknown-coast';
      coast = -1;
    }
    why ??= retreatRefusal(ws, u, p, coast);
    if (why !== undefined) {
      status[u] = STATUS_ILLEGAL;
      reason[u] = why;
    } else choice[u] = ws.target;
  }
  // One dislodged unit with a usable order (most retreat phases): nothing to clash with and nothing to draw.
  if (n === 1 && choice[0] !== -1) {
    final[0] = choice[0]! >= 0 ? choice[0]! : -1;
    return;
  }
  ws.draws.reset(seed, phase);
  settleRetreats(ws, choice, final, ws.count, ws.draws.get);
  // A unit whose retreat stood but clashed with another's.
  for (let u = 0; u < n; u++) {
    if (choice[u]! >= 0 && final[u]! < 0 && status[u] === STATUS_SUCCEEDS) {
      status[u] = STATUS_FAILS;
      reason[u] = 'retreat-clash';
    }
  }
}

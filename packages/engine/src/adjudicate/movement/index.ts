/**
 * Movement phase adjudication: validate the orders into the table, resolve
 * every decision, and read off the result. All working data lives in the
 * board's workspace (`workspace.ts`), reused from phase to phase.
 *
 * Two entries share everything from the table on:
 * - `startMovement` (and, for orders it does not take itself,
 *   `adjudicateLoaded`): written orders and a friendly `Position` in, a
 *   `PhaseResult` out (what `adjudicatePhase` uses, through
 *   `adjudicateMovementPhase`, postal.ts);
 * - `adjudicateMovementInts`: units and orders as integers in, the outcome as
 *   integer columns of the workspace out. It allocates nothing once warm,
 *   convoy orders included (the route searches keep their arrays).
 */
import { unitKindCode, type Board } from '../../board/board.js';
import type { RuleOptions } from '../../config/rules.js';
import { changeOwner } from '../../game/phases.js';
import type { Phase, Position } from '../../game/position.js';
import type { Order } from '../../orders/order.js';
import type { PhaseResult } from '../result.js';
import { phaseAfter, type PhaseStep } from '../step.js';
import { PositionError } from '../units.js';
import * as boardCodes from '../../board/codes.js';
import { readExactOrders } from './exact.js';
import { movementOutcome, settleMoves } from './outcome.js';
import { resolveAll, settleUncontested } from './resolver.js';
import { validateMovementInts, validateWrittenOrders, type MovementOrdersInts, type ValidatedMovement } from './validate.js';
import { movementWorkspace, MovementWorkspace } from './workspace.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;

/**
 * The friendly adjudicator's movement phase from its start (`adjudicateMovementPhase`, postal.ts):
 * the board's workspace with the position's units loaded, and then, when no retreats are carried
 * out with the phase (`step.plan`) and its orders read exactly (`readExactOrders`, exact.ts), the
 * phase's result. Otherwise the workspace, loaded and busy, for the caller's other paths
 * (`adjudicateLoaded`). Throws PositionError on an unknown location or power, or two units in a
 * province.
 *
 * The units are loaded here rather than by a function of their own, on purpose: this function runs
 * once a phase, and V8 optimizes a function only once the bytecode run in it adds up, which the
 * loop over the units makes it do within the first few hundred phases. Its optimized code then
 * takes in the steps it calls once a phase (the workspace, the result's objects), which as
 * functions without a loop of their own run unoptimized in every phase (docs/PERFORMANCE.md,
 * "Where the time goes").
 */
export function startMovement(board: Board, rules: RuleOptions, position: Position, orders: readonly Order[], step: PhaseStep): PhaseResult | MovementWorkspace {
  const ws = movementWorkspace(board, rules);
  const units = ws.units;
  const list = position.units;
  ws.clearUnits();
  const n = list.length;
  if (n > ws.capacity) throw new PositionError(`more units (${n}) than provinces`);
  // The units the last phase left (`afterLoc`, workspace.ts), tried in order before a name is looked up: a
  // guess confirmed by the names (a compare of the same string, as a rule), so any list reads the same.
  const { locationIds, powerIds } = board;
  const { afterLoc, afterPower, afterCount } = ws;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const u = list[i]!;
    const at = u.at;
    const power = u.power;
    let l: number;
    let p: number;
    if (j < afterCount && locationIds[afterLoc[j]!] === at && powerIds[afterPower[j]!] === power) {
      l = afterLoc[j]!;
      p = afterPower[j++]!;
    } else if (j + 1 < afterCount && locationIds[afterLoc[j + 1]!] === at && powerIds[afterPower[j + 1]!] === power) {
      // The unit before it in the last phase's list is gone (disbanded).
      l = afterLoc[j + 1]!;
      p = afterPower[j + 1]!;
      j += 2;
    } else {
      l = board.locId(at);
      p = ws.powerId(power);
    }
    if (l < 0) {
      ws.clearUnits();
      throw new PositionError(`unknown location "${u.at}"`);
    }
    if (p < 0) {
      ws.clearUnits();
      throw new PositionError(`unknown power "${u.power}"`);
    }
    const prov = board.locProvince[l]!;
    units.power[i] = p;
    units.kind[i] = unitKindCode(u.kind);
    units.loc[i] = l;
    units.prov[i] = prov;
    if (units.unitAt[prov]! >= 0) {
      ws.clearUnits();
      throw new PositionError(`two units in ${board.provinceName(prov)}`);
    }
    units.unitAt[prov] = i;
    if (units.kind[i] === FLEET && board.convoySea[prov]) ws.t.fleetSea[prov] = 1; // undone by clearUnits
    units.n = i + 1; // so that clearUnits() undoes exactly what is set
  }
  units.n = n;
  units.units = list;
  if (step.plan.retreats || !readExactOrders(ws, orders)) return ws;
  validateMovementInts(ws, ws.exact);
  return finishMovement(ws, position, orders, undefined, phaseAfter(step, position.phase), step.ownersChange);
}

/**
 * The movement phase of `startMovement`'s workspace, with these orders.
 * `exact`: what `readExactOrders(ws, orders)` (exact.ts) returned: orders that
 * read as integer orders take the integer entry's checks, any others the
 * written path's. `after`: the phase after the position's, and
 * `ownersChange`: whether the centres change owner before it.
 */
export function adjudicateLoaded(
  ws: MovementWorkspace,
  position: Position,
  orders: readonly Order[],
  exact: boolean,
  after: Phase,
  ownersChange: boolean,
): PhaseResult {
  let validated: ValidatedMovement | undefined;
  if (exact) validateMovementInts(ws, ws.exact);
  else validated = validateWrittenOrders(ws, orders);
  return finishMovement(ws, position, orders, validated, after, ownersChange);
}

/** Resolution and the result, once the orders are in the table (`validated`: the written path's, or undefined). */
function finishMovement(ws: MovementWorkspace, position: Position, orders: readonly Order[], validated: ValidatedMovement | undefined, after: Phase, ownersChange: boolean): PhaseResult {
  resolvePhase(ws);
  settleMoves(ws);
  const outcome = movementOutcome(ws, validated, orders);
  // As positionAfter (game/phases.ts) builds it, with the owners read from the integer columns
  // (and shared with the position before when no centre changes hands, as there).
  const owners = ownersChange ? ownersAfter(ws, position.owners) : position.owners;
  const next: Position = {
    units: outcome.units,
    dislodged: outcome.dislodged,
    owners,
    standoffs: outcome.standoffs,
    phase: after,
  };
  ws.busy = false;
  return { results: outcome.results, dislodged: outcome.dislodged, next };
}

/**
 * `updateOwners` for the units after the moves: each supply centre a unit
 * stands on goes to its power (`owners` itself when none changes hands).
 */
function ownersAfter(ws: MovementWorkspace, owners: Readonly<Record<string, string>>): Record<string, string> {
  const { board, units } = ws;
  let out = owners;
  const { locProvince, supplyCentre, provinceIds } = board;
  for (let u = 0; u < units.n; u++) {
    if (ws.dislodgedBy[u]! >= 0) continue;
    const prov = locProvince[ws.finalLoc[u]!]!;
    if (supplyCentre[prov]) out = changeOwner(owners, out, provinceIds[prov]!, units.units[u]!.power);
  }
  return out;
}

/** Resolves every decision of the table in the workspace. */
function resolvePhase(ws: MovementWorkspace): void {
  // The per-unit state was cleared with the table (clearColumns) and opened as the orders were filed (fileOrders).
  ws.m.resetPhase();
  settleUncontested(ws.m);
  resolveAll(ws.m);
}

/** The units of a movement phase in integer form: unit `u` has `power[u]`, `kind[u]` (ARMY or FLEET) and `loc[u]`. */
export interface MovementUnitsInts {
  readonly n: number;
  readonly power: ArrayLike<number>;
  readonly kind: ArrayLike<number>;
  readonly loc: ArrayLike<number>;
}

/**
 * The outcome of `adjudicateMovementInts`: views of the board's workspace,
 * valid until the next adjudication on the same board (copy what you keep).
 */
export interface MovementResultInts {
  /** Units of the phase. */
  readonly n: number;
  /** Per unit: STATUS_SUCCEEDS, STATUS_FAILS, STATUS_ILLEGAL or STATUS_NONE (no order). */
  readonly status: Uint8Array;
  /** Per unit with an illegal order: why. */
  readonly illegalReason: readonly (string | undefined)[];
  /** Per unit: the unit that dislodged it, or -1. */
  readonly dislodgedBy: Int32Array;
  /** Per unit not dislodged: its location after the moves. */
  readonly finalLoc: Int32Array;
  /** Per unit: 1 when an implicit order was deduced for it (rule `implicit-orders`). */
  readonly implicit: Uint8Array;
  /** Provinces left empty by a standoff: `standoffs[0 .. standoffCount)`. */
  readonly standoffs: Int32Array;
  readonly standoffCount: number;
}

/**
 * Adjudicates a movement phase given as integers (see `MovementOrdersInts`):
 * the same validation, resolution and rules as `adjudicatePhase`, without
 * names, order objects or a next `Position`. For bots and simulations, which
 * keep their own integer state. Throws RangeError on an unknown location or
 * two units in a province, and `DecisionDepthError` (a RangeError) on a chain of
 * decisions longer than `MAX_DECISION_DEPTH`.
 */
export function adjudicateMovementInts(board: Board, rules: RuleOptions, units: MovementUnitsInts, orders: MovementOrdersInts): MovementResultInts {
  const ws = movementWorkspace(board, rules);
  ws.loadUnits(units.n, units.power, units.kind, units.loc);
  validateMovementInts(ws, orders);
  resolvePhase(ws);
  settleMoves(ws, true); // with the statuses
  ws.busy = false;
  return ws.intsResult();
}

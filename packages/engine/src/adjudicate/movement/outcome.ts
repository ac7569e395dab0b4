/**
 * From resolved decisions to the phase result: each order's status and
 * reason, the units after the moves, the dislodged units (with where the attack
 * came from and whether by convoy, for the retreats), and the provinces left
 * empty by a standoff.
 */
import * as boardCodes from '../../board/codes.js';
import type { Order } from '../../orders/order.js';
import type { DislodgedUnit, Unit } from '../../game/position.js';
import type { OrderResult, ResultFacts, ResultUnit } from '../result.js';
import { reasonText, type Reason } from '../reasons.js';
import { implicitOrderList, type ValidatedMovement } from './validate.js';
import { illegalResult } from './one-order.js';
import { convoyPath, hasPath, headToHead, usesConvoy } from './paths.js';
import type { MovementState } from './state.js';
import * as stateCodes from './state.js';
import { cutter } from './support.js';
import { attackStrength, defendStrength, holdStrength, preventStrength } from './strengths.js';
import * as tableCodes from './table.js';
import type { MovementWorkspace } from './workspace.js';
import * as flagCodes from './flags.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;
const { BACKUP_PARADOX } = stateCodes;
const { CONVOY, HOLD, MOVE, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE, UNMATCHED_CIVIL_DISORDER } = tableCodes;
const { SELF_NO_CONVOY, SELF_SUPPORT_BECOMES_HOLD } = flagCodes;

export interface MovementOutcome {
  results: OrderResult[];
  units: Unit[];
  dislodged: DislodgedUnit[];
  standoffs: string[];
}

/** Per unit in `MovementWorkspace.status`: how its order went. */
export const STATUS_FAILS = 0;
export const STATUS_SUCCEEDS = 1;
export const STATUS_ILLEGAL = 2;
/** The unit was given no order (it held, unless an implicit order was deduced for it). */
export const STATUS_NONE = 3;

/**
 * The moves that succeeded, the dislodged units, each order's status and the
 * standoffs, into the workspace: `dislodgedBy`, `finalLoc`, `standoffs`, and
 * with `statuses` (the integer path) `status`; the written path reads the
 * orders' results off the decisions instead.
 *
 * Two passes: every unit as if it stayed where it is, undislodged, then the
 * moves, which put the units that moved in their places, mark the units they
 * dislodged, and find the standoffs. The pass over the units is arithmetic
 * rather than branches on each unit's order: on random orders those go either
 * way, and a phase met cold pays for every one the processor guesses wrong.
 */
export function settleMoves(ws: MovementWorkspace, statuses = false): void {
  const { m, t, units } = ws;
  const n = units.n;
  const { dislodgedBy, finalLoc, status } = ws;
  const { order, orderIndex, dstProv, dstLoc, moves } = t;
  const res = m.res;
  // A move, support or convoy has the status of its decision (an unmatched
  // support or convoy was settled as failing; a convoy's is refined below); a
  // hold succeeds unless its unit is dislodged (below); no order is NONE, and an
  // illegal order, which leaves no order index, is marked below.
  const loc = units.loc;
  for (let u = 0; u < n; u++) {
    dislodgedBy[u] = -1;
    finalLoc[u] = loc[u]!;
    if (!statuses) continue; // the written path leaves `status` as the integer path's last call left it
    const active = +(order[u] !== HOLD);
    const none = +(orderIndex[u]! < 0);
    const held = (STATUS_NONE & -none) | (STATUS_SUCCEEDS & (none - 1));
    status[u] = (res[u]! & -active) | (held & (active - 1)); // res is 0 or 1; stale for a hold, and masked out
  }
  // The moves, in unit order. A standoff is a province no unit moved into, left
  // empty, where a move bounced; a move that had no path, or lost a head-to-head
  // battle, leaves none (6.F.7, 6.H.9). Each destination is looked at once, from
  // the first move into it (its list's head: the lists are in unit order too).
  const { unitAt } = units;
  const { intoHead, intoNext } = t;
  let count = 0;
  for (let k = 0; k < t.moveCount; k++) {
    const u = moves[k]!;
    const p = dstProv[u]!;
    const holder = unitAt[p]!;
    const stays = holder >= 0 && (order[holder] !== MOVE || res[holder] !== 1);
    if (res[u] === 1) {
      finalLoc[u] = dstLoc[u]!;
      if (stays) {
        dislodgedBy[holder] = u;
        if (statuses && order[holder] === HOLD && orderIndex[holder]! >= 0) status[holder] = STATUS_FAILS;
      }
    }
    if (intoHead[p] !== u || stays) continue;
    let entered = false;
    for (let w = u; w >= 0; w = intoNext[w]!) if (res[w] === 1) entered = true;
    if (entered) continue;
    // No move into p succeeded: each bounced or had no path.
    for (let w = u; w >= 0; w = intoNext[w]!) {
      if (preventStrength(m, w) > 0) {
        ws.standoffs[count++] = p;
        break;
      }
    }
  }
  ws.standoffCount = count;
  if (statuses) {
    const convoys = t.convoys;
    for (let k = 0; k < t.convoyCount; k++) {
      const u = convoys[k]!;
      status[u] = convoySucceeds(m, u) ? STATUS_SUCCEEDS : STATUS_FAILS;
    }
    for (let k = 0; k < ws.illegalCount; k++) status[ws.illegalUnits[k]!] = STATUS_ILLEGAL;
  }
}

function convoySucceeds(m: MovementState, u: number): boolean {
  const t = m.t;
  if (!t.matched[u] || m.backup[u] === BACKUP_PARADOX || m.res[u] !== 1) return false;
  const army = t.target[u]!;
  if (t.route[army] === ROUTE_LAND || !usesConvoy(m, army)) return false;
  return !carriesAgainstOwn(m, u, army);
}

/**
 * The phase result in friendly form (after `settleMoves`). `v`: what the
 * written path's validation kept; undefined when the orders were read exactly
 * as integer orders (`readExactOrders`), whose units are in `ws.exactUnit` and
 * whose illegal orders left their reasons in `ws.illegalReason`.
 */
export function movementOutcome(ws: MovementWorkspace, v: ValidatedMovement | undefined, orders: readonly Order[]): MovementOutcome {
  const { board, m, t, units } = ws;
  const n = units.n;
  // Made at its size: pushing 30-odd units grows an array three times (see `joined`, units.ts).
  let staying = n;
  for (let u = 0; u < n; u++) if (ws.dislodgedBy[u]! >= 0) staying--;
  const unitsAfter: Unit[] = new Array<Unit>(staying);
  let k = 0;
  const { afterLoc, afterPower } = ws;
  const dislodged: DislodgedUnit[] = [];
  for (let u = 0; u < n; u++) {
    const original = units.units[u]!;
    const a = ws.dislodgedBy[u]!;
    if (a >= 0) {
      dislodged.push({
        power: original.power,
        kind: original.kind,
        at: board.locName(units.loc[u]!),
        from: board.provinceName(units.prov[a]!),
        byConvoy: usesConvoy(m, a),
      });
    } else {
      const at = ws.finalLoc[u]!;
      afterLoc[k] = at;
      afterPower[k] = units.power[u]!;
      // A unit that stays is the same object in the next position (see positionAfter, game/phases.ts).
      unitsAfter[k++] = at === units.loc[u] ? original : { power: original.power, kind: original.kind, at: board.locName(at) };
    }
  }
  ws.afterCount = k;
  const standoffs: string[] = [];
  for (let i = 0; i < ws.standoffCount; i++) standoffs.push(board.provinceName(ws.standoffs[i]!));

  const results: OrderResult[] = new Array<OrderResult>(orders.length);
  if (v === undefined) {
    // One order per unit, each the unit's order: illegal with its reason, or the unit's result.
    for (let i = 0; i < orders.length; i++) {
      const u = ws.exactUnit[i]!;
      const reason = ws.illegalReason[u];
      results[i] = reason !== undefined ? illegalResult(orders[i]!, reason) : resultOf(ws, u, orders[i]!);
    }
    // Implicit orders are deduced only under `implicit-orders`: no list is made for the other phases.
    if (ws.implicitCount > 0) for (const { unit, order } of implicitOrderList(ws)) results.push({ ...resultOf(ws, unit, order), implicit: true });
    return { results, units: unitsAfter, dislodged, standoffs };
  }
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i]!;
    // An exact repeat of an order shares that order's result.
    const same = ws.sameAs[i]!;
    const base = same >= 0 ? same : i;
    const bad = v.illegal[base];
    if (bad) {
      results[i] = base === i ? bad : { ...bad, order };
      continue;
    }
    const u = ws.cand.unit[base]!;
    if (t.orderIndex[u] !== base) {
      results[i] = { order, status: 'illegal', reason: 'duplicate-order', detail: reasonText('duplicate-order') };
      continue;
    }
    results[i] = resultOf(ws, u, order);
  }
  for (const { unit, order } of v.implicitOrders) results.push({ ...resultOf(ws, unit, order), implicit: true });
  return { results, units: unitsAfter, dislodged, standoffs };
}

function ok(order: Order, detail?: string): OrderResult {
  return detail === undefined ? { order, status: 'succeeds' } : { order, status: 'succeeds', detail };
}

/**
 * A failed order's result; `detail`: the sentence, which callers with a fixed reason pass from the
 * constants below (a module's own constant costs no lookup in `REASONS` by key, paid per result).
 */
function failed(order: Order, reason: Reason, detail: string, facts?: ResultFacts): OrderResult {
  // One literal per shape: adding `facts` to a made object would move it to another hidden class on the way.
  return facts ? { order, status: 'fails', reason, detail, facts } : { order, status: 'fails', reason, detail };
}

const TEXT_DISLODGED = reasonText('dislodged');
const TEXT_PARADOX = reasonText('paradox');
const TEXT_NO_CONVOY = reasonText('no-convoy');
const TEXT_CIVIL_DISORDER = reasonText('civil-disorder');
const TEXT_UNMATCHED = reasonText('unmatched');
const TEXT_CUT = reasonText('cut');
const TEXT_NOT_USED = reasonText('not-used');

function resultOf(ws: MovementWorkspace, u: number, order: Order): OrderResult {
  const { m, t } = ws;
  const dislodged = ws.dislodgedBy[u]! >= 0;
  const success = m.res[u] === 1;
  switch (t.order[u]) {
    case HOLD:
      return dislodged ? failed(order, 'dislodged', TEXT_DISLODGED, dislodgedFacts(ws, u)) : ok(order);
    case MOVE: {
      if (success) return ok(order);
      if (m.backup[u] === BACKUP_PARADOX) return failed(order, 'paradox', TEXT_PARADOX);
      if (!hasPath(m, u)) {
        let paradox = false;
        for (let f = t.cvyHead[u]!; f >= 0; f = t.cvyNext[f]!) if (m.backup[f] === BACKUP_PARADOX) paradox = true;
        return paradox ? failed(order, 'paradox', TEXT_PARADOX) : failed(order, 'no-convoy', TEXT_NO_CONVOY);
      }
      const refused = convoyRefused(m, u);
      if (refused) return failed(order, 'no-convoy', refused);
      return bounceResult(m, u, order);
    }
    case SUPPORT_HOLD:
    case SUPPORT_MOVE: {
      if (!t.matched[u]) {
        return t.unmatchedReason[u] === UNMATCHED_CIVIL_DISORDER ? failed(order, 'civil-disorder', TEXT_CIVIL_DISORDER) : failed(order, 'unmatched', TEXT_UNMATCHED);
      }
      if (success) return ok(order, turnedIntoHoldSupport(m, u));
      if (dislodged) return failed(order, 'dislodged', TEXT_DISLODGED, dislodgedFacts(ws, u));
      const by = cutter(m, u);
      return failed(order, 'cut', TEXT_CUT, by >= 0 ? { kind: 'cut', by: unitOf(m, by) } : undefined);
    }
    case CONVOY: {
      if (!t.matched[u]) return failed(order, 'unmatched', TEXT_UNMATCHED);
      if (m.backup[u] === BACKUP_PARADOX) return failed(order, 'paradox', TEXT_PARADOX);
      if (!success) return failed(order, 'dislodged', TEXT_DISLODGED, dislodged ? dislodgedFacts(ws, u) : undefined);
      const army = t.target[u]!;
      if (t.route[army] === ROUTE_LAND || !usesConvoy(m, army)) return failed(order, 'not-used', TEXT_NOT_USED);
      if (carriesAgainstOwn(m, u, army)) return failed(order, 'not-used', NO_CONVOY_FLEET);
      return ok(order);
    }
    default:
      return ok(order);
  }
}

const NO_CONVOY_FLEET = 'a fleet does not carry an army that would dislodge a unit of its own power (self-dislodgement no-convoy)';

/**
 * `no-convoy` (000 §9): army `a` needs the fleets of the power it attacks to
 * get there, which refuse; the sentence that says so, or undefined.
 */
function convoyRefused(m: MovementState, a: number): string | undefined {
  const t = m.t;
  if (t.f.selfDislodgement !== SELF_NO_CONVOY || !usesConvoy(m, a)) return undefined;
  const v = t.units.unitAt[t.dstProv[a]!]!;
  if (v < 0 || t.units.power[v] === t.units.power[a] || (t.order[v] === MOVE && m.res[v] === 1)) return undefined;
  if (convoyPath(m, a, t.units.power[v]!)) return undefined;
  return `the fleets of ${t.board.powerIds[t.units.power[v]!]} do not carry an army that would dislodge their own unit (self-dislodgement no-convoy)`;
}

/** `no-convoy` (000 §9): whether fleet `f`'s convoy of army `a` is against a unit of its own power that stays. */
function carriesAgainstOwn(m: MovementState, f: number, a: number): boolean {
  const t = m.t;
  if (t.f.selfDislodgement !== SELF_NO_CONVOY) return false;
  const { units } = t;
  const v = units.unitAt[t.dstProv[a]!]!;
  if (v < 0 || units.power[v] !== units.power[f] || units.power[a] === units.power[f]) return false;
  return !(t.order[v] === MOVE && m.res[v] === 1);
}

/**
 * `support-becomes-hold` (004): a support of a foreign move into a province
 * where the supporter's own unit stays counts as a support to hold that unit;
 * the sentence that says so, or undefined.
 */
function turnedIntoHoldSupport(m: MovementState, s: number): string | undefined {
  const t = m.t;
  if (t.f.selfDislodgement !== SELF_SUPPORT_BECOMES_HOLD || t.order[s] !== SUPPORT_MOVE) return undefined;
  const { units } = t;
  const v = units.unitAt[t.dstProv[s]!]!;
  const w = t.target[s]!;
  if (v < 0 || units.power[v] !== units.power[s] || units.power[w] === units.power[s]) return undefined;
  if (t.order[v] === MOVE && m.res[v] === 1) return undefined;
  return `the own unit there stays, so this counts as a support to hold ${describe(m, v)} (self-dislodgement support-becomes-hold)`;
}

/** The unit `u` as a result names it: with its destination when it was ordered to move. */
function unitOf(m: MovementState, u: number, moving = true): ResultUnit {
  const { board, units } = m.t;
  const kind = units.kind[u] === FLEET ? 'fleet' : 'army';
  const at = board.locName(units.loc[u]!);
  // One literal per shape (see `failed`).
  return moving && m.t.order[u] === MOVE ? { kind, at, to: board.locName(m.t.dstLoc[u]!) } : { kind, at };
}

/** Who dislodged unit `u`, with the attack against the hold (or, head to head, the defence) it beat. */
function dislodgedFacts(ws: MovementWorkspace, u: number): ResultFacts {
  const m = ws.m;
  const a = ws.dislodgedBy[u]!;
  const against = headToHead(m, a) === u ? defendStrength(m, u) : holdStrength(m, m.t.units.prov[u]!);
  return { kind: 'dislodged', by: unitOf(m, a), attack: attackStrength(m, a), against };
}

/** The other movers of `bounceResult`, in the board's order, and their prevent strengths (scratch, reused). */
const movers: number[] = [];
const moverStrength: number[] = [];

/**
 * Why move `u` bounced, as the sentence of `detail` ("attack 1 against hold 1"
 * and the like, for people reading a bounce) and as `facts`: the units whose
 * force (the holder's hold, a head-to-head opponent's defence, another mover's
 * prevent) is the greatest and at least the attack, with the attack and that
 * force. One pass over the moves into the province for both, each strength
 * computed once, no list of forces: a bounce happens in most phases.
 */
function bounceResult(m: MovementState, u: number, order: Order): OrderResult {
  const t = m.t;
  const p = t.dstProv[u]!;
  const prov = t.units.prov;
  const attack = attackStrength(m, u);
  const opponent = headToHead(m, u);
  let text: string;
  // The force the move meets in the province itself: the opponent's defence, or the holder's hold.
  let first = -1;
  let firstStrength = 0;
  if (opponent >= 0) {
    firstStrength = defendStrength(m, opponent);
    first = opponent;
    text = `attack ${attack} against defence ${firstStrength} of ${describe(m, opponent)}`;
  } else {
    firstStrength = holdStrength(m, p);
    text = holdSentence(attack, firstStrength);
    const holder = t.units.unitAt[p]!;
    if (holder >= 0 && firstStrength > 0) first = holder;
  }
  let against = first >= 0 ? firstStrength : 0;
  // The other units moving there, in the board's order of their provinces: the list of moves into a
  // province follows the order the units were listed in, which must change neither the sentence nor the facts.
  let count = 0;
  for (let after = -1; ; ) {
    let next = -1;
    for (let w = t.firstInto(p); w >= 0; w = t.intoNext[w]!) {
      if (w !== u && prov[w]! > after && (next < 0 || prov[w]! < prov[next]!)) next = w;
    }
    if (next < 0) break;
    const strength = preventStrength(m, next);
    text += `, ${strength} of ${describe(m, next)}`;
    if (strength > against) against = strength;
    movers[count] = next;
    moverStrength[count++] = strength;
    after = prov[next]!;
  }
  // The units with the greatest force, in the board's order of provinces (the movers are in it already).
  const by: ResultUnit[] = [];
  if (against > 0) {
    let placed = !(first >= 0 && firstStrength === against);
    for (let k = 0; k < count; k++) {
      const w = movers[k]!;
      if (!placed && prov[first]! < prov[w]!) {
        by.push(unitOf(m, first, opponent >= 0));
        placed = true;
      }
      if (moverStrength[k] === against) by.push(unitOf(m, w));
    }
    if (!placed) by.push(unitOf(m, first, opponent >= 0));
  }
  return failed(order, 'bounced', text, { kind: 'bounced', by, attack, against });
}

/** Sentences "attack A against hold H" made so far, at `A * SENTENCE_STRENGTHS + H` (one per pair, for every board). */
const holdSentences: string[] = [];
const SENTENCE_STRENGTHS = 16;

/**
 * "attack A against hold H": the whole sentence of most bounces (no other unit moved there), made
 * once for the small strengths that nearly every phase has, rather than joined anew for each bounce.
 */
function holdSentence(attack: number, hold: number): string {
  if (attack >= SENTENCE_STRENGTHS || hold >= SENTENCE_STRENGTHS) return `attack ${attack} against hold ${hold}`;
  return (holdSentences[attack * SENTENCE_STRENGTHS + hold] ??= `attack ${attack} against hold ${hold}`);
}

/** "A par", "F stp/sc": made once per board, kind and location (`MovementTable.unitLabels`). */
function describe(m: MovementState, u: number): string {
  const { board, units, unitLabels } = m.t;
  const fleet = units.kind[u] === FLEET;
  const key = 2 * units.loc[u]! + (fleet ? 1 : 0);
  return (unitLabels[key] ??= `${fleet ? 'F' : 'A'} ${board.locName(units.loc[u]!)}`);
}

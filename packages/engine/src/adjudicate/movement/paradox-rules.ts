/**
 * The rulebook convoy paradox rules (DATC 4.A.2 a–c), which keep a convoyed
 * army from cutting certain supports. They apply whenever their conditions hold
 * (that is how the rulebooks word them, 6.F.20, 6.F.21), and they outrank the
 * dislodge rule (6.F.17). Paradoxes they leave open are settled by the backup
 * rule, which then uses Szykman.
 *
 * - `1971`: an army convoyed to attack a fleet that supports a fleet attacking
 *   one of the army's convoying fleets does not cut that support.
 * - `1982`: an army convoyed to attack a fleet that supports an action in a
 *   body of water holding a convoying fleet does not cut that support.
 * - `2000` (and 2023): a convoyed army does not cut the support of a unit
 *   supporting an attack on one of the fleets necessary for its convoy.
 */
import * as boardCodes from '../../board/codes.js';
import * as flagCodes from './flags.js';
import { convoysFor, necessaryFleet, onRouteOf, usesConvoy } from './paths.js';
import type { MovementState } from './state.js';
import * as tableCodes from './table.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6). `supportProtected` runs for every move into a
// supporter's province.
const { ARMY, FLEET } = boardCodes;
const { PARADOX_1971, PARADOX_2000, PARADOX_ALL_HOLD, PARADOX_SZYKMAN } = flagCodes;
const { CONVOY, ROUTE_CONVOY, ROUTE_LAND, SUPPORT_MOVE } = tableCodes;

/** Whether supporter `s` keeps its support against the move of `w` under the paradox rule in force. */
export function supportProtected(m: MovementState, s: number, w: number): boolean {
  const t = m.t;
  const rule = t.f.convoyParadox;
  if (rule === PARADOX_SZYKMAN || rule === PARADOX_ALL_HOLD) return false;
  const { units } = t;
  if (units.kind[w] !== ARMY || t.route[w] === ROUTE_LAND) return false;
  if (t.route[w] !== ROUTE_CONVOY && !usesConvoy(m, w)) return false;
  if (rule === PARADOX_2000) {
    if (t.order[s] !== SUPPORT_MOVE) return false;
    const f = units.unitAt[t.dstProv[s]!]!;
    return f >= 0 && convoysFor(m, f, w) && necessaryFleet(m, w, f);
  }
  if (rule === PARADOX_1971) {
    if (t.order[s] !== SUPPORT_MOVE || units.kind[s] !== FLEET || units.kind[t.target[s]!] !== FLEET) return false;
    const f = units.unitAt[t.dstProv[s]!]!;
    return f >= 0 && onRouteOf(m, w, f);
  }
  // 1982
  if (units.kind[s] !== FLEET) return false;
  const place = t.order[s] === SUPPORT_MOVE ? t.dstProv[s]! : units.prov[t.target[s]!]!;
  // A place a fleet convoys from: a sea, or an archipelago.
  if (!t.board.convoySea[place]) return false;
  const f = units.unitAt[place]!;
  return f >= 0 && t.order[f] === CONVOY && t.matched[f] === 1;
}

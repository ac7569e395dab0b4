/**
 * One order per unit (DATC 4.D.3 `duplicate-orders`; 4.C.1/4.C.2/4.C.5/4.C.6
 * `valid-unless-other`): of the legal written orders of a unit, the one that
 * stands, and writing it into the movement table.
 */
import * as boardCodes from '../../board/codes.js';
import type { Order } from '../../orders/order.js';
import type { OrderResult } from '../result.js';
import type { Reason } from '../reasons.js';
import { reasonText } from '../reasons.js';
import type { WrittenQuality } from '../refs.js';
import * as refCodes from '../refs.js';
import * as tableCodes from './table.js';
import type { MovementWorkspace } from './workspace.js';

// Module-local copies of imported codes: V8 folds a module's own constants into
// optimized code, but reads an imported binding through a cell, with a check, at
// every use (docs/PERFORMANCE.md, "Lists by order, decisions settled up front,
// inline checks", step 6).
const { FLEET } = boardCodes;
const { WRITTEN_MISSING, WRITTEN_OK, WRITTEN_WRONG } = refCodes;
const { HOLD, MOVE, ROUTE_LAND, SUPPORT_HOLD, SUPPORT_MOVE } = tableCodes;

/** The result of an illegal written order. */
export function illegalResult(order: Order, reason: Reason): OrderResult {
  return { order, status: 'illegal', reason, detail: reasonText(reason) };
}

/** Makes candidate `slot` (of the written path, or the spare slot of an implicit order) unit `u`'s order. */
export function setOrder(ws: MovementWorkspace, u: number, slot: number): void {
  const t = ws.t;
  const c = ws.cand;
  t.order[u] = c.code[slot]!;
  t.orderIndex[u] = slot;
  t.dstLoc[u] = c.dstLoc[slot]!;
  t.dstProv[u] = c.dstProv[slot]!;
  t.target[u] = c.target[slot]!;
  t.supportCoast[u] = c.supportCoast[slot]!;
  t.pathSpec[u] = c.path[slot];
  t.viaConvoy[u] = c.via[slot]!;
  // Set later for the orders it concerns (chooseRoutes); read only for those.
  t.route[u] = ROUTE_LAND;
}

/** A standing order of a unit with several, for `chooseOrder`. */
interface Candidate {
  slot: number;
  type: WrittenQuality;
  nationality: WrittenQuality;
  /** Equal keys: the same order written twice. */
  key: string;
}

/** Equal for the same order written twice (only needed when a unit has several). */
function candidateKey(ws: MovementWorkspace, i: number): string {
  const c = ws.cand;
  const u = c.unit[i]!;
  switch (c.code[i]) {
    case HOLD:
      return `H ${u}`;
    case MOVE:
      if (ws.units.kind[u] === FLEET) return `M ${u} ${c.dstLoc[i]}`;
      return `M ${u} ${c.dstProv[i]} ${c.via[i] ? 'v' : ''} ${c.path[i]?.join(',') ?? ''}`;
    case SUPPORT_HOLD:
      return `SH ${u} ${c.target[i]}`;
    case SUPPORT_MOVE:
      return `SM ${u} ${c.target[i]} ${c.dstProv[i]} ${c.supportCoast[i]}`;
    default:
      return `C ${u} ${c.target[i]} ${c.dstProv[i]}`;
  }
}

/**
 * The one order that stands for a unit with several legal ones, or -1. Exact
 * repeats count once; an order written poorly gives way to one written
 * correctly under `valid-unless-other`; then `duplicate-orders` decides among
 * the rest.
 */
export function chooseOrder(ws: MovementWorkspace, u: number, orders: readonly Order[], illegal: (OrderResult | undefined)[]): number {
  const rules = ws.t.rules;
  const sameAs = ws.sameAs;
  const cands: Candidate[] = [];
  for (let i = ws.candFirst[u]!; i < orders.length; i++) {
    if (illegal[i] !== undefined || ws.cand.unit[i] !== u) continue;
    cands.push({ slot: i, type: ws.cType[i] as WrittenQuality, nationality: ws.cNat[i] as WrittenQuality, key: candidateKey(ws, i) });
  }
  const distinct: Candidate[] = [];
  for (const c of cands) {
    const first = distinct.find((d) => d.key === c.key);
    if (first) sameAs[c.slot] = first.slot;
    else distinct.push(c);
  }
  let live = distinct;
  const unlessOther = (q: WrittenQuality): boolean =>
    (q === WRITTEN_MISSING && rules['missing-unit-type'] === 'valid-unless-other') ||
    (q === WRITTEN_WRONG && rules['wrong-unit-type'] === 'valid-unless-other');
  const unlessOtherNat = (c: Candidate): boolean =>
    (c.nationality === WRITTEN_MISSING && rules['missing-nationality'] === 'valid-unless-other') ||
    (c.nationality === WRITTEN_WRONG && rules['wrong-nationality'] === 'valid-unless-other');
  if (live.length > 1) {
    const wellTyped = live.some((c) => c.type === WRITTEN_OK);
    const wellNamed = live.some((c) => c.nationality === WRITTEN_OK);
    const kept = live.filter((c) => !(wellTyped && unlessOther(c.type)) && !(wellNamed && unlessOtherNat(c)));
    for (const c of live) if (!kept.includes(c)) illegal[c.slot] = illegalResult(orders[c.slot]!, 'superseded');
    live = kept;
  }
  if (live.length <= 1) return live[0]?.slot ?? -1;
  const rule = rules['duplicate-orders'];
  const keep = rule === 'first' ? live[0] : rule === 'last' ? live[live.length - 1] : undefined;
  for (const c of live) if (c !== keep) illegal[c.slot] = illegalResult(orders[c.slot]!, 'duplicate-order');
  return keep?.slot ?? -1;
}

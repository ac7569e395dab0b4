// The integer entry point, adjudicateMovementInts, against adjudicatePhase on
// the same phases: every unit's status (and the reason of an illegal order),
// the dislodged units, the units after the moves and the standoffs must agree.
// - random games (the bench's mix and uniform orders) under every edition;
// - random integer orders, most of them illegal, decoded into written orders
//   for adjudicatePhase (so the integer validation is checked reason by reason).
import type { Board } from '../src/board/board.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { Position } from '../src/game/position.js';
import type { Order, UnitRef } from '../src/orders/order.js';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { adjudicateMovementInts, type MovementResultInts } from '../src/adjudicate/movement/index.js';
import { MovementInts } from '../src/adjudicate/movement/encode.js';
import { MOVEMENT_ORDER, MOVEMENT_STATUS } from '../src/adjudicate/movement/codes.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32, type Rng } from '../src/legal/index.js';
import type { PhaseResult } from '../src/adjudicate/result.js';
import { describe, expect, it } from 'vitest';
import { board, rules } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { randomPlay } from './helpers/random-play.js';

const STATUS = ['fails', 'succeeds', 'illegal'] as const;

/** Differences between the integer outcome and the written one, as readable lines. */
function compare(b: Board, pos: Position, orders: readonly Order[], unitOf: readonly number[], res: PhaseResult, r: MovementResultInts): string[] {
  const out: string[] = [];
  orders.forEach((o, i) => {
    const u = unitOf[i]!;
    const want = res.results[i]!;
    const got = STATUS[r.status[u]! as 0 | 1 | 2] ?? 'none';
    if (got !== want.status) out.push(`order ${i} (${JSON.stringify(o)}): ${got} against ${want.status} ${want.reason ?? ''}`);
    else if (want.status === 'illegal' && r.illegalReason[u] !== want.reason) out.push(`order ${i}: illegal ${r.illegalReason[u]} against ${want.reason}`);
  });
  const dislodged: string[] = [];
  const after: string[] = [];
  for (let u = 0; u < r.n; u++) {
    const unit = pos.units[u]!;
    const by = r.dislodgedBy[u]!;
    if (by >= 0) dislodged.push(`${unit.power} ${unit.at} from ${b.provinceName(b.locProvince[b.locId(pos.units[by]!.at)]!)}`);
    else after.push(`${unit.power} ${b.locName(r.finalLoc[u]!)}`);
  }
  const sorted = (a: string[]): string => [...a].sort().join(', ');
  const wantDislodged = res.dislodged.map((d) => `${d.power} ${d.at} from ${d.from}`);
  if (sorted(dislodged) !== sorted(wantDislodged)) out.push(`dislodged ${sorted(dislodged)} against ${sorted(wantDislodged)}`);
  if (res.retreats === undefined) {
    const wantAfter = res.next.units.map((x) => `${x.power} ${x.at}`);
    if (sorted(after) !== sorted(wantAfter)) out.push(`units ${sorted(after)} against ${sorted(wantAfter)}`);
    const standoffs = Array.from(r.standoffs.subarray(0, r.standoffCount), (p) => b.provinceName(p));
    if (sorted(standoffs) !== sorted(res.next.standoffs)) out.push(`standoffs ${sorted(standoffs)} against ${sorted(res.next.standoffs)}`);
  }
  return out;
}

/** The unit (index in the position) each order is for. */
function unitsOf(b: Board, pos: Position, orders: readonly Order[]): number[] {
  return orders.map((o) => {
    const at = 'unit' in o ? o.unit.at : '';
    const prov = b.locProvince[b.locId(at)];
    return pos.units.findIndex((u) => b.locProvince[b.locId(u.at)] === prov);
  });
}

/** Random integer orders for every unit (most of them illegal), and the same orders written. */
function randomIntOrders(b: Board, pos: Position, ints: MovementInts, rng: Rng): Order[] {
  const n = pos.units.length;
  const pick = (k: number): number => Math.min(k - 1, Math.floor(rng() * k));
  const near = (prov: number): number => {
    const { offsets, targets } = b.provinceAdj;
    const row = offsets[prov + 1]! - offsets[prov]!;
    if (rng() < 0.15 || row === 0) return pick(b.locationCount);
    const p = targets[offsets[prov]! + pick(row)]!;
    const coasts = b.coastsOf(p);
    return coasts.length > 0 && rng() < 0.7 ? coasts[pick(coasts.length)]! : p;
  };
  const ref = (u: number): UnitRef => ({ kind: pos.units[u]!.kind, at: pos.units[u]!.at, power: pos.units[u]!.power });
  const orders: Order[] = [];
  const o = ints.orders;
  for (let u = 0; u < n; u++) {
    const unit = pos.units[u]!;
    const me = { kind: unit.kind, at: unit.at };
    const prov = b.locProvince[b.locId(unit.at)]!;
    const v = pick(n);
    const vProv = b.locProvince[b.locId(pos.units[v]!.at)]!;
    const kind = [MOVEMENT_ORDER.NONE, MOVEMENT_ORDER.HOLD, MOVEMENT_ORDER.MOVE, MOVEMENT_ORDER.MOVE, MOVEMENT_ORDER.SUPPORT_HOLD, MOVEMENT_ORDER.SUPPORT_MOVE, MOVEMENT_ORDER.SUPPORT_MOVE, MOVEMENT_ORDER.CONVOY][pick(8)]!;
    o.kind[u] = kind;
    o.target[u] = v;
    o.via[u] = rng() < 0.2 ? 1 : 0;
    o.dst[u] = kind === MOVEMENT_ORDER.MOVE ? near(prov) : near(rng() < 0.5 ? prov : vProv);
    const to = b.locName(o.dst[u]!);
    switch (kind) {
      case MOVEMENT_ORDER.HOLD:
        orders.push({ type: 'hold', power: unit.power, unit: me });
        break;
      case MOVEMENT_ORDER.MOVE:
        orders.push({ type: 'move', power: unit.power, unit: me, to, viaConvoy: o.via[u] === 1 });
        break;
      case MOVEMENT_ORDER.SUPPORT_HOLD:
        orders.push({ type: 'support', power: unit.power, unit: me, supported: ref(v) });
        break;
      case MOVEMENT_ORDER.SUPPORT_MOVE:
        orders.push({ type: 'support', power: unit.power, unit: me, supported: ref(v), to });
        break;
      case MOVEMENT_ORDER.CONVOY:
        orders.push({ type: 'convoy', power: unit.power, unit: me, army: ref(v), to });
        break;
    }
  }
  return orders;
}

let illegalSeen = 0;

/** Plays seeded random games and checks every movement phase both ways; returns how many phases were checked. */
function check(r: RuleOptions, seed: number, phases: number, mode: 'mix' | 'uniform' | 'random-ints'): number {
  const rng = mulberry32(seed);
  const ints = new MovementInts(board);
  let checked = 0;
  // Each movement phase is checked with its drawn orders (or random integer ones); the game goes on with the drawn ones.
  const checkPhase = (pos: Position, legal: Order[]): Order[] => {
    if (pos.phase.kind === 'movement') {
      let orders = legal;
      if (mode === 'random-ints') {
        ints.encode(pos, [], r);
        orders = randomIntOrders(board, pos, ints, rng);
      } else {
        expect(ints.encode(pos, orders, r), 'orders encode exactly').toBe(true);
      }
      const res = adjudicatePhase(board, pos, orders, r, { seed });
      const got = adjudicateMovementInts(board, r, ints.units, ints.orders);
      const diff = compare(board, pos, orders, unitsOf(board, pos, orders), res, got);
      illegalSeen += res.results.filter((x) => x.status === 'illegal').length;
      expect(diff, `seed ${seed}, ${pos.phase.season} ${pos.phase.year}`).toEqual([]);
      checked++;
    }
    return legal;
  };
  randomPlay(board, r, initialPosition(board.config), { rng, seed, phases, uniform: mode === 'uniform', alter: checkPhase });
  return checked;
}

describe('adjudicateMovementInts agrees with adjudicatePhase', () => {
  it('on random games, 2023 rules, with the mix and with uniform orders', () => {
    let n = 0;
    for (const seed of [1, 2, 3, 4]) n += check(rules(), seed, 40, 'mix') + check(rules(), seed, 40, 'uniform');
    expect(n).toBeGreaterThan(150);
  });

  it('on random integer orders, most of them illegal', () => {
    let n = 0;
    illegalSeen = 0;
    for (const seed of [11, 12, 13, 14, 15, 16]) n += check(rules(), seed, 30, 'random-ints');
    expect(n).toBeGreaterThan(100);
    expect(illegalSeen).toBeGreaterThan(1000);
  });

  for (const [name, r] of resolvedEditions()) {
    it(`under the ${name} edition`, () => {
      let n = 0;
      for (const seed of [5, 6]) n += check(r, seed, 30, 'mix') + check(r, seed, 20, 'random-ints');
      expect(n).toBeGreaterThan(0);
    });
  }
});

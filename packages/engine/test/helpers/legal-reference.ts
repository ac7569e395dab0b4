// A plain reference decoder for a filled `LegalOrderTable`: what `legalOrders`
// returned before its decoder was tuned, written for reading, code by code, and
// a check that a `legalOrders` result says exactly what it says: the same
// keys in the same order, the same orders in the same order, each with the
// same properties in the same order, and one unit reference per unit.
import { expect } from 'vitest';
import { shortestConvoyRoute } from '../../src/legal/convoy-reach.js';
import type { RuleOptions } from '../../src/config/rules.js';
import type { Order, UnitRef } from '../../src/orders/order.js';
import type { LegalOrderTable } from '../../src/legal/table.js';
import type { Board } from '../../src/board/board.js';

const KIND = ['army', 'fleet'] as const;

/** What the reference reads of a filled table: by shape, so that a table of the built package does too. */
type FilledTable = Pick<LegalOrderTable, 'slots' | 'slotOff' | 'slotLoc' | 'slotUnit' | 'slotPower' | 'codes' | 'n' | 'kind' | 'loc' | 'prov' | 'power'> & {
  board: Pick<Board, 'locationIds' | 'provinceIds' | 'powerIds' | 'provinceCount' | 'convoySea' | 'seaAdj'>;
};

export function referenceDecode(t: FilledTable, r: RuleOptions): Map<string, Order[]> {
  const board = t.board;
  const namePower = r['missing-nationality'] === 'invalid';
  const routes = r['convoy-path'] === 'required';
  const plain = new Map<number, UnitRef>();
  const powered = new Map<number, UnitRef>();
  const ref = (u: number): UnitRef => {
    if (!plain.has(u)) plain.set(u, { kind: KIND[t.kind[u]!], at: board.locationIds[t.loc[u]!]! });
    return plain.get(u)!;
  };
  const other = (w: number, of: number): UnitRef => {
    if (!namePower || t.power[w] === t.power[of]) return ref(w);
    if (!powered.has(w)) powered.set(w, { power: board.powerIds[t.power[w]!]!, kind: KIND[t.kind[w]!], at: board.locationIds[t.loc[w]!]! });
    return powered.get(w)!;
  };
  const out = new Map<string, Order[]>();
  for (let s = 0; s < t.slots; s++) {
    const power = board.powerIds[t.slotPower[s]!]!;
    const key = t.slotLoc[s]! >= 0 ? board.locationIds[t.slotLoc[s]!]! : power;
    const list = out.get(key) ?? [];
    out.set(key, list);
    const u = t.slotUnit[s]!;
    for (let i = t.slotOff[s]!; i < t.slotOff[s + 1]!; i++) {
      const code = t.codes[i]!;
      const dst = code >>> 18;
      const target = (code >>> 6) & 4095;
      switch (code & 15) {
        case 0:
          list.push({ type: 'hold', power, unit: ref(u) });
          break;
        case 1: {
          const move: Order = { type: 'move', power, unit: ref(u), to: board.locationIds[dst]!, viaConvoy: (code & 16) !== 0 };
          if (routes && (code & 32) !== 0) {
            const route = shortestConvoyRoute(board as Board, t, u, dst);
            if (route.length > 0) {
              move.path = route.map((x) => board.provinceIds[x]!);
              move.viaConvoy = true;
            }
          }
          list.push(move);
          break;
        }
        case 2:
          list.push({ type: 'support', power, unit: ref(u), supported: other(target, u) });
          break;
        case 3:
          list.push({ type: 'support', power, unit: ref(u), supported: other(target, u), to: board.locationIds[dst]! });
          break;
        case 4:
          list.push({ type: 'convoy', power, unit: ref(u), army: other(target, u), to: board.provinceIds[dst]! });
          break;
        case 5:
          list.push({ type: 'retreat', power, unit: ref(u), to: board.locationIds[dst]! });
          break;
        case 6:
          list.push({ type: 'disband', power, unit: ref(u) });
          break;
        case 7:
          list.push({ type: 'build', power, kind: (code & 16) !== 0 ? 'fleet' : 'army', at: board.locationIds[dst]! });
          break;
        default:
          list.push({ type: 'waive', power });
      }
    }
  }
  return out;
}

/** The unit references of an order: its unit, and the unit it supports or convoys. */
function refsIn(o: Order): UnitRef[] {
  const out: UnitRef[] = [];
  if ('unit' in o) out.push(o.unit);
  if (o.type === 'support') out.push(o.supported);
  if (o.type === 'convoy') out.push(o.army);
  return out;
}

/**
 * `legal` says exactly what `expected` says: keys, orders and property order
 * (JSON text), values with `undefined` ones (strict equality), and unit
 * references shared as the reference shares them (one object per unit and
 * spelling). Returns the number of orders.
 */
export function expectSameLegalOrders(legal: Map<string, Order[]>, expected: Map<string, Order[]>, where: string): number {
  expect(JSON.stringify([...legal]), where).toBe(JSON.stringify([...expected]));
  expect([...legal], where).toStrictEqual([...expected]);
  const got = [...legal.values()].flat().flatMap(refsIn);
  const want = [...expected.values()].flat().flatMap(refsIn);
  const sameShape = (refs: UnitRef[]): number[] => refs.map((x) => refs.indexOf(x));
  expect(sameShape(got), `${where}: unit references shared as before`).toEqual(sameShape(want));
  return [...legal.values()].reduce((n, list) => n + list.length, 0);
}

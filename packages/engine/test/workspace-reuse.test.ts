// The movement workspace is kept per board and reused by every adjudication on
// it (workspace.ts). A phase must never see what the previous one left there:
// phases of different games, under different rules, adjudicated one after
// another on one board, must give exactly what a fresh workspace gives.
//
// This once failed: a unit that supported in one phase and had no order in the
// next kept its `matched` mark and was filed as a supporter in another unit's
// row, so a real support went uncounted (test/board-reuse.test.ts saw it
// through the game language).
import { compileBoard } from '../src/board/board.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { Position } from '../src/game/position.js';
import type { Order } from '../src/orders/order.js';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { PositionError } from '../src/adjudicate/units.js';
import { adjudicateMovementInts, type MovementResultInts } from '../src/adjudicate/movement/index.js';
import { MovementInts } from '../src/adjudicate/movement/encode.js';
import { dropMovementWorkspace, lastMovementWorkspace } from '../src/adjudicate/movement/workspace.js';
import { CONVOY, HOLD, MOVE, SUPPORT_HOLD, SUPPORT_MOVE } from '../src/adjudicate/movement/table.js';
import { ORDER_NONE } from '../src/adjudicate/movement/validate.js';
import { ARMY } from '../src/board/codes.js';
import type { Board } from '../src/board/board.js';
import { initialPosition } from '../src/game/runner.js';
import { mulberry32, type Rng } from '../src/legal/index.js';
import { describe, expect, it } from 'vitest';
import { board, CLASSIC, casePosition, parseOrder, rules } from './helpers/classic.js';
import { resolvedEditions } from './helpers/editions.js';
import { randomPlay } from './helpers/random-play.js';

interface Phase {
  label: string;
  rules: RuleOptions;
  position: Position;
  orders: Order[];
}

/** Some orders of a phase left out, so that some units go unordered. */
function dropSome(orders: readonly Order[], rng: Rng): Order[] {
  return orders.filter(() => rng() >= 0.3);
}

/** The movement phases of a seeded random game, each with its orders (some phases with orders left out). */
function moves(label: string, r: RuleOptions, seed: number, phases: number): Phase[] {
  const rng = mulberry32(seed);
  const out: Phase[] = [];
  const keep = (pos: Position, orders: Order[]): Order[] => {
    if (pos.phase.kind === 'movement') {
      out.push({ label: `${label} seed ${seed} ${pos.phase.season} ${pos.phase.year}`, rules: r, position: pos, orders });
      out.push({ label: `${label} seed ${seed} ${pos.phase.season} ${pos.phase.year} (some unordered)`, rules: r, position: pos, orders: dropSome(orders, rng) });
    }
    return orders;
  };
  randomPlay(board, r, initialPosition(CLASSIC), { rng, seed, phases, uniform: (k) => k % 2 === 0, alter: keep });
  return out;
}

/** The integer outcome as plain data (it is a view of the workspace, overwritten by the next call). */
function snapshot(r: MovementResultInts): unknown {
  const n = r.n;
  return {
    status: Array.from(r.status.subarray(0, n)),
    illegal: r.illegalReason.slice(0, n),
    dislodgedBy: Array.from(r.dislodgedBy.subarray(0, n)),
    finalLoc: Array.from(r.finalLoc.subarray(0, n)),
    implicit: Array.from(r.implicit.subarray(0, n)),
    standoffs: Array.from(r.standoffs.subarray(0, r.standoffCount)),
  };
}

/**
 * What the last adjudication on `b` built: each unit's effective order, its
 * matches, the CSR rows and the decisions. A stale entry that happens not to
 * change the outcome still shows here.
 */
function tableOf(b: Board): unknown {
  const ws = lastMovementWorkspace(b)!;
  expect(ws.busy).toBe(false);
  const { t, m } = ws;
  const n = ws.units.n;
  const row = (head: Int32Array, next: Int32Array, i: number): number[] => {
    const out: number[] = [];
    for (let x = head[i]!; x >= 0; x = next[x]!) out.push(x);
    return out;
  };
  const units = [];
  for (let u = 0; u < n; u++) {
    units.push({
      order: t.order[u],
      orderIndex: t.orderIndex[u],
      // Read (and written) only for supports and convoys.
      matched: t.order[u] === SUPPORT_HOLD || t.order[u] === SUPPORT_MOVE || t.order[u] === CONVOY ? t.matched[u] : -1,
      // Read only under `deny-hold-support`.
      noHoldSupport: t.f.denyHoldSupport ? t.noHoldSupport[u] : -1,
      implicit: t.implicit[u],
      route: t.order[u] === MOVE ? t.route[u] : -1,
      supports: row(t.supHead, t.supNext, u),
      convoys: row(t.cvyHead, t.cvyNext, u),
      // Read only for moves, supports and convoys.
      decision: t.order[u] === HOLD ? -1 : m.res[u],
    });
  }
  const into = [];
  for (let p = 0; p < b.provinceCount; p++) {
    const list: number[] = [];
    for (let w = t.firstInto(p); w >= 0; w = t.intoNext[w]!) list.push(w);
    into.push(list);
  }
  return { units, into };
}

describe('one movement workspace per board, reused', () => {
  // The same map compiled again: a board of its own, whose workspace is dropped before each call.
  const fresh = compileBoard(CLASSIC);

  /** The phase adjudicated on the reused workspace and on a fresh one: results and tables. */
  function both(p: Phase): { reused: unknown; alone: unknown; reusedTable: unknown; aloneTable: unknown } {
    const reused = adjudicatePhase(board, p.position, p.orders, p.rules, { seed: 1 });
    const reusedTable = tableOf(board);
    dropMovementWorkspace(fresh);
    const alone = adjudicatePhase(fresh, p.position, p.orders, p.rules, { seed: 1 });
    return { reused, alone, reusedTable, aloneTable: tableOf(fresh) };
  }

  it('a support is counted after a phase in which its unit supported and then had no order', () => {
    const r = rules();
    const first = casePosition({ units: { austria: ['A boh'], germany: ['A mun', 'A sil'] }, orders: {} });
    const supportFirst: Phase = {
      label: 'supports',
      rules: r,
      position: first,
      // Unit 0 supports unit 1; in the next phase unit 0 has no order.
      orders: [parseOrder('austria', 'A boh S A mun').order, parseOrder('germany', 'A mun H').order],
    };
    const second: Phase = {
      label: 'attack',
      rules: rules({ 'duplicate-orders': 'first' }), // another rules object, as another game would bring
      position: first,
      orders: [parseOrder('germany', 'A mun - boh').order, parseOrder('germany', 'A sil S A mun - boh').order],
    };
    both(supportFirst);
    const shared = lastMovementWorkspace(board);
    const { reused, alone } = both(second);
    expect(lastMovementWorkspace(board), 'the workspace was reused').toBe(shared);
    expect(reused).toEqual(alone);
    expect((reused as { dislodged: unknown[] }).dislodged).toHaveLength(1);
  });

  it('the units a phase leaves are only a guess for the next one: a list that differs reads as written', () => {
    // startMovement tries the last phase's units in order before it looks names up (workspace.ts, `afterLoc`).
    const r = rules();
    const start = casePosition({ units: { austria: ['A vie', 'A bud', 'F tri'], italy: ['A ven', 'F nap'] }, orders: {} });
    // The units after the moves, in a movement phase again.
    const moved = { ...adjudicatePhase(board, start, [parseOrder('austria', 'A vie - gal').order, parseOrder('italy', 'A ven - pie').order], r).next, phase: start.phase };
    const variants: Position[] = [
      // The same units, with their powers swapped and one unit elsewhere.
      { ...moved, units: moved.units.map((u) => ({ ...u, power: u.power === 'austria' ? 'italy' : 'austria' })) },
      { ...moved, units: moved.units.map((u, i) => (i === 1 ? { ...u, at: 'ser' } : u)) },
      // One unit left out, then one added at the start.
      { ...moved, units: moved.units.filter((_, i) => i !== 1) },
      { ...moved, units: [{ power: 'italy', kind: 'army', at: 'rom' }, ...moved.units] },
    ];
    for (const position of variants) {
      // Each unit holds, as its power (a unit read with another power would hold illegally), but A ser
      // moves to bul (from any other place it could not).
      const orders: Order[] = position.units.map((u) =>
        u.at === 'ser' ? { type: 'move', power: u.power, unit: { kind: u.kind, at: u.at }, to: 'bul', viaConvoy: false } : { type: 'hold', power: u.power, unit: { kind: u.kind, at: u.at } },
      );
      // Each after the phase whose units it is not.
      adjudicatePhase(board, start, [parseOrder('austria', 'A vie - gal').order, parseOrder('italy', 'A ven - pie').order], r);
      const { reused, alone } = both({ label: 'variant', rules: r, position, orders });
      expect(reused).toEqual(alone);
      expect((reused as { results: { status: string }[] }).results.every((x) => x.status === 'succeeds')).toBe(true);
    }
  });

  it('a position that cannot be read throws, and the next phase reads as on a fresh workspace', () => {
    // The units are read into the workspace one by one (startMovement, movement/index.ts): those read
    // before the bad one must not show through in the next phase.
    const r = rules();
    const good = casePosition({ units: { austria: ['A vie', 'A bud'], russia: ['A gal'] }, orders: {} });
    const bad: Position[] = [
      { ...good, units: [...good.units, { power: 'italy', kind: 'army', at: 'vie' }] },
      { ...good, units: [...good.units, { power: 'italy', kind: 'army', at: 'atlantis' }] },
      { ...good, units: [...good.units, { power: 'atlantis', kind: 'army', at: 'rom' }] },
    ];
    const orders = [parseOrder('austria', 'A bud - gal').order, parseOrder('austria', 'A vie S A bud - gal').order, parseOrder('russia', 'A gal H').order];
    for (const position of bad) {
      expect(() => adjudicatePhase(board, position, orders, r)).toThrow(PositionError);
      const { reused, alone } = both({ label: 'after a bad position', rules: r, position: good, orders });
      expect(reused).toEqual(alone);
      expect((reused as { dislodged: unknown[] }).dislodged).toHaveLength(1);
    }
  });

  it('a unit given an illegal move is denied hold support in that phase only (integer API, deny-hold-support)', () => {
    const r = rules({ 'illegal-orders': 'deny-hold-support' });
    const at = (name: string): number => board.locId(name);
    const germany = board.powerId('germany');
    const austria = board.powerId('austria');
    // Germany's A mun, supported to hold by A ber, against Austria's A boh - mun supported by A tyr.
    const units = { n: 4, power: [germany, germany, austria, austria], kind: [ARMY, ARMY, ARMY, ARMY], loc: [at('mun'), at('ber'), at('boh'), at('tyr')] };
    const via = [0, 0, 0, 0];
    const illegalMove = { kind: [MOVE, SUPPORT_HOLD, MOVE, SUPPORT_MOVE], dst: [at('lon'), -1, at('mun'), at('mun')], target: [-1, 0, -1, 2], via };
    const attack = { kind: [ORDER_NONE, SUPPORT_HOLD, MOVE, SUPPORT_MOVE], dst: [-1, -1, at('mun'), at('mun')], target: [-1, 0, -1, 2], via };
    // The illegal move (not adjacent) leaves A mun without hold support: Austria's A boh - mun wins.
    expect(adjudicateMovementInts(board, r, units, illegalMove).dislodgedBy[0]).toBe(2);
    // Next phase, A mun has no order: A ber's support counts, and the attack bounces.
    const next = snapshot(adjudicateMovementInts(board, r, units, attack));
    dropMovementWorkspace(fresh);
    expect(next).toEqual(snapshot(adjudicateMovementInts(fresh, r, units, attack)));
    expect((next as { dislodgedBy: number[] }).dislodgedBy[0]).toBe(-1);
  });

  it('phases of games under different rules, shuffled, give what fresh workspaces give (both entry points)', () => {
    const phases: Phase[] = [...moves('2023', rules(), 21, 24), ...moves('2023 implicit orders', rules({ 'implicit-orders': true }), 22, 16)];
    let seed = 30;
    for (const [name, r] of resolvedEditions()) phases.push(...moves(name, r, seed++, 10));
    // Interleave the games deterministically.
    const rng = mulberry32(99);
    for (let i = phases.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [phases[i], phases[j]] = [phases[j]!, phases[i]!];
    }
    expect(phases.length).toBeGreaterThan(100);

    const ints = new MovementInts(board);
    adjudicatePhase(board, phases[0]!.position, phases[0]!.orders, phases[0]!.rules);
    const shared = lastMovementWorkspace(board);
    for (const p of phases) {
      const { reused, alone, reusedTable, aloneTable } = both(p);
      expect(reused, p.label).toEqual(alone);
      expect(reusedTable, `${p.label} (table)`).toEqual(aloneTable);
      ints.encode(p.position, p.orders, p.rules);
      const a = snapshot(adjudicateMovementInts(board, p.rules, ints.units, ints.orders));
      dropMovementWorkspace(fresh);
      const intsTable = tableOf(board);
      const b = snapshot(adjudicateMovementInts(fresh, p.rules, ints.units, ints.orders));
      expect(a, `${p.label} (integer API)`).toEqual(b);
      expect(intsTable, `${p.label} (integer API, table)`).toEqual(tableOf(fresh));
    }
    expect(lastMovementWorkspace(board), 'one workspace served every phase').toBe(shared);
  });
});

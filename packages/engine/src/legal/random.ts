/**
 * Random legal orders for simulations and benchmarks, drawn with a seeded
 * generator so that a game can be replayed. The choice is "realistic" rather
 * than uniform: supports and convoys back orders that other units were
 * actually given, as players' do.
 *
 * Movement phases, per unit (`OrderMix`, defaults in brackets):
 * - `move` [0.4]: a move drawn uniformly from the unit's legal moves (convoyed
 *   moves included); a unit with no move holds;
 * - `support` [0.3]: a support of an order another unit was given (support to
 *   hold for a unit not moving, support to move for a move), drawn uniformly
 *   among those the unit can legally give; if there is none, the unit holds;
 * - `convoy` [0.1]: for a fleet that can convoy, a convoy of an army's move
 *   (preferring one the army was given; otherwise the army, if it was drawn
 *   to move or hold, is redirected to that move); any other unit holds;
 * - otherwise the unit holds.
 * Moves and holds are drawn first, then convoys, then supports, each pass in
 * unit order (or, with `uniform`, each unit's order uniformly from all its
 * legal orders). Retreat phases: a retreat drawn uniformly from the legal ones,
 * else disband. Adjustment phases: each power builds on as many free sites as
 * it may (sites and unit kinds drawn uniformly), waives what it cannot build
 * (when waiving is allowed), and removes units drawn uniformly.
 */
import type { Board } from '../board/board.js';
import type { RuleOptions } from '../config/rules.js';
import type { Position } from '../game/position.js';
import type { ConvoyOrder, MoveOrder, Order, SupportOrder } from '../orders/order.js';
import { drawIndex, type Rng } from '../adjudicate/prng.js';
import { adjustmentNeeds, legalOrders, type LegalOrders } from './legal-orders.js';

/** Shares of the movement-phase order kinds, each in [0, 1]; what is left of 1 is holds. */
export interface OrderMix {
  move: number;
  support: number;
  convoy: number;
}

export const DEFAULT_ORDER_MIX: Readonly<OrderMix> = Object.freeze({ move: 0.4, support: 0.3, convoy: 0.1 });

export interface RandomOrderOptions {
  mix?: OrderMix;
  /**
   * Draw each unit's order uniformly from all its legal orders instead (the
   * protocol of the peer measurements in the engine notes); retreats uniformly
   * among the retreats and the disband. Adjustments are drawn as above.
   */
  uniform?: boolean;
  /** The phase's legal orders, if already computed (saves generating them again). */
  legal?: LegalOrders;
}

/** One order per unit (or per build and removal) of the position's phase, drawn with `rng`. */
export function randomOrders(board: Board, position: Position, rules: RuleOptions, rng: Rng, options: RandomOrderOptions = {}): Order[] {
  const legal = options.legal ?? legalOrders(board, position, rules);
  switch (position.phase.kind) {
    case 'movement':
      return options.uniform ? randomUniform(legal, rng) : randomMovement(legal, rng, options.mix ?? DEFAULT_ORDER_MIX);
    case 'retreat':
      return options.uniform ? randomUniform(legal, rng) : randomRetreats(legal, rng);
    case 'adjustment':
      return randomAdjustments(board, position, rules, legal, rng);
  }
}

const PENDING_SUPPORT = 1;
const PENDING_CONVOY = 2;

function pick<T>(rng: Rng, list: readonly T[]): T | undefined {
  return list.length === 0 ? undefined : list[drawIndex(rng, list.length)];
}

/** Whether a support's destination (`bul`, `bul/ec`) names the place a move goes to. */
function sameDestination(supportTo: string, moveTo: string): boolean {
  return supportTo === moveTo || (moveTo.startsWith(supportTo) && moveTo.charCodeAt(supportTo.length) === 47 /* / */);
}

function randomMovement(legal: LegalOrders, rng: Rng, mix: OrderMix): Order[] {
  const keys = [...legal.keys()];
  const lists = keys.map((k) => legal.get(k)!);
  const chosen: Order[] = lists.map((l) => l[0]!);
  const pending = new Uint8Array(keys.length);
  const index = new Map<string, number>(keys.map((k, i) => [k, i]));

  lists.forEach((list, i) => {
    const r = rng();
    if (r < mix.move) {
      const move = pick(rng, list.filter((o) => o.type === 'move'));
      if (move) chosen[i] = move;
    } else if (r < mix.move + mix.support) {
      pending[i] = PENDING_SUPPORT;
    } else if (r < mix.move + mix.support + mix.convoy) {
      if (list.some((o) => o.type === 'convoy')) pending[i] = PENDING_CONVOY;
    }
  });

  const movesTo = (i: number): string | undefined => {
    const o = chosen[i]!;
    return o.type === 'move' ? o.to : undefined;
  };

  // Convoys: back an army's move, or send an army that way.
  lists.forEach((list, i) => {
    if (pending[i] !== PENDING_CONVOY) return;
    const convoys = list.filter((o): o is ConvoyOrder => o.type === 'convoy');
    const matching = convoys.filter((c) => {
      const a = index.get(c.army.at);
      return a !== undefined && movesTo(a) === c.to;
    });
    const c = pick(rng, matching.length > 0 ? matching : convoys)!;
    chosen[i] = c;
    pending[i] = 0;
    if (matching.length > 0) return;
    const a = index.get(c.army.at);
    if (a === undefined || pending[a] !== 0) return;
    const moves = lists[a]!.filter((o): o is MoveOrder => o.type === 'move' && o.to === c.to);
    const move = moves.find((m) => m.viaConvoy) ?? moves[0];
    if (move) chosen[a] = move;
  });

  // Supports: back an order another unit was given (a unit still to choose its support will not move).
  lists.forEach((list, i) => {
    if (pending[i] !== PENDING_SUPPORT) return;
    const supports = list.filter((o): o is SupportOrder => {
      if (o.type !== 'support') return false;
      const v = index.get(o.supported.at);
      if (v === undefined) return false;
      const to = movesTo(v);
      return o.to === undefined ? to === undefined : to !== undefined && sameDestination(o.to, to);
    });
    const s = pick(rng, supports);
    if (s) chosen[i] = s;
    pending[i] = 0;
  });
  return chosen;
}

function randomUniform(legal: LegalOrders, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const list of legal.values()) out.push(list[drawIndex(rng, list.length)]!);
  return out;
}

function randomRetreats(legal: LegalOrders, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const list of legal.values()) {
    const retreat = pick(rng, list.filter((o) => o.type === 'retreat'));
    out.push(retreat ?? list.find((o) => o.type === 'disband') ?? list[0]!);
  }
  return out;
}

/** The first `k` elements of a uniform random shuffle of `list` (a copy). */
function sample<T>(rng: Rng, list: readonly T[], k: number): T[] {
  const a = [...list];
  const m = Math.min(k, a.length);
  for (let i = 0; i < m; i++) {
    const j = i + drawIndex(rng, a.length - i);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a.slice(0, m);
}

function randomAdjustments(board: Board, position: Position, rules: RuleOptions, legal: LegalOrders, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const need of adjustmentNeeds(board, position, rules)) {
    if (need.balance > 0) {
      const sites = sample(rng, need.sites, need.balance);
      for (const site of sites) {
        const build = pick(rng, (legal.get(site) ?? []).filter((o) => o.type === 'build' && o.power === need.power));
        if (build) out.push(build);
      }
      if (need.mayWaive) for (let i = sites.length; i < need.balance; i++) out.push({ type: 'waive', power: need.power });
    } else if (need.balance < 0) {
      const disbands: Order[] = [];
      for (const list of legal.values()) for (const o of list) if (o.type === 'disband' && o.power === need.power) disbands.push(o);
      for (const o of sample(rng, disbands, -need.balance)) out.push(o); // not push(...): a variant may have many units
    }
  }
  return out;
}

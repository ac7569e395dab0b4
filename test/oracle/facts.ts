/**
 * What the DATC §5.B equations read that does not depend on any decision: which orders are
 * decisions, who moves where, which supports and convoys match the order they name, head-to-head
 * pairs, and the fleets that could carry each convoyed army. Computed once per phase, so that
 * evaluating the equations for one assignment is only arithmetic.
 */
import { csrHas, csrRow, type Board } from '@dipforge/engine';
import type { OraclePhase } from './phase.js';

export type DecisionKind = 'move' | 'support' | 'convoy';

/** One binary decision: a move succeeds, a support is given, a convoying fleet is not dislodged. */
export interface Decision {
  kind: DecisionKind;
  unit: number;
}

/** The fleets that may carry one convoyed army, as bit sets over `fleets`. */
export interface ConvoyRoutes {
  /** Units with a matching convoy order for the army, in a sea. */
  fleets: number[];
  /** Fleets in a sea next to the army's province. */
  start: number;
  /** Fleets in a sea next to the destination. */
  end: number;
  /** Per fleet: the fleets in an adjacent sea. */
  next: number[];
}

export interface Facts {
  decisions: Decision[];
  /** Per unit: its decision, or -1 (a hold, or a support or convoy that matches no order). */
  decisionOf: number[];
  power: string[];
  /** Per unit: its province. */
  province: number[];
  /** Per unit: the province it moves to, or -1. */
  dest: number[];
  /** Per moving unit: whether it moves by convoy (written `via convoy`, or no land route). */
  convoyed: boolean[];
  /** Per province: the unit standing there, or -1. */
  occupant: Map<number, number>;
  /** Per province: the units ordered to move there. */
  movesInto: Map<number, number[]>;
  /** Per moving unit: the units whose matching support order supports the move. */
  moveSupports: number[][];
  /** Per unit that does not move: the units whose matching support order supports it to hold. */
  holdSupports: number[][];
  /** Per unit with a matching support: the province the support is aimed at (DATC 5.B.2). */
  aimedAt: number[];
  /** Per moving unit: the unit it meets head to head (both move into each other's province, neither by convoy), or -1. */
  opponent: number[];
  /** Per convoyed unit: the fleets that may carry it. */
  routes: Map<number, ConvoyRoutes>;
}

/** Whether province `a` borders the convoy-capable sea province `sea`. */
function bordersSea(board: Board, a: number, sea: number): boolean {
  return csrHas(board.seaAdj, a, sea);
}

function convoyRoutes(board: Board, f: Omit<Facts, 'routes' | 'decisions' | 'decisionOf'>, phase: OraclePhase, army: number): ConvoyRoutes {
  const fleets = phase.orders.flatMap((o, i) =>
    o.type === 'convoy' && o.army === army && o.to === f.dest[army] && board.convoySea[f.province[i]!] === 1 ? [i] : [],
  );
  let start = 0;
  let end = 0;
  const next = fleets.map(() => 0);
  fleets.forEach((fleet, i) => {
    const sea = f.province[fleet]!;
    if (bordersSea(board, f.province[army]!, sea)) start |= 1 << i;
    if (bordersSea(board, f.dest[army]!, sea)) end |= 1 << i;
    const around = csrRow(board.seaAdj, sea);
    fleets.forEach((other, j) => {
      if (j !== i && around.includes(f.province[other]!)) next[i]! |= 1 << j;
    });
  });
  return { fleets, start, end, next };
}

export function phaseFacts(board: Board, phase: OraclePhase): Facts {
  const n = phase.units.length;
  const power = phase.units.map((u) => u.power);
  const province = phase.units.map((u) => board.provinceOf(u.loc));
  const dest = phase.orders.map((o) => (o.type === 'move' ? board.provinceOf(o.to) : -1));
  // DATC 4.A.3 (2000/2023 rule, no land fallback): an army goes by convoy when its order says `via
  // convoy`, when it has no land route, or when a fleet of its own power is ordered to convoy it there.
  const ownConvoy = (army: number): boolean =>
    phase.orders.some((o, j) => o.type === 'convoy' && o.army === army && o.to === dest[army] && power[j] === power[army]);
  const convoyed = phase.orders.map((o, i) =>
    o.type === 'move' && phase.units[i]!.kind === 'army'
      ? o.viaConvoy || !board.armyCanReach(province[i]!, dest[i]!) || ownConvoy(i)
      : false,
  );
  const occupant = new Map(province.map((p, i) => [p, i]));
  const movesInto = new Map<number, number[]>();
  dest.forEach((d, i) => {
    if (d >= 0) movesInto.set(d, [...(movesInto.get(d) ?? []), i]);
  });
  const moveSupports: number[][] = Array.from({ length: n }, () => []);
  const holdSupports: number[][] = Array.from({ length: n }, () => []);
  const aimedAt = new Array<number>(n).fill(-1);
  const matchedConvoy = new Array<boolean>(n).fill(false);
  phase.orders.forEach((o, i) => {
    if (o.type === 'support') {
      const moving = dest[o.target]! >= 0;
      if (o.to === undefined && !moving) {
        holdSupports[o.target]!.push(i);
        aimedAt[i] = province[o.target]!;
      } else if (o.to !== undefined && dest[o.target] === o.to) {
        moveSupports[o.target]!.push(i);
        aimedAt[i] = o.to;
      }
    } else if (o.type === 'convoy') {
      matchedConvoy[i] = convoyed[o.army]! && dest[o.army] === o.to && board.convoySea[province[i]!] === 1;
    }
  });
  const opponent = dest.map((d, i) => {
    if (d < 0 || convoyed[i]) return -1;
    const o = occupant.get(d);
    return o !== undefined && dest[o] === province[i] && !convoyed[o] ? o : -1;
  });
  const base = { power, province, dest, convoyed, occupant, movesInto, moveSupports, holdSupports, aimedAt, opponent };
  const routes = new Map<number, ConvoyRoutes>();
  convoyed.forEach((c, i) => {
    if (c) routes.set(i, convoyRoutes(board, base, phase, i));
  });
  const decisions: Decision[] = [];
  const decisionOf = phase.orders.map((o, i) => {
    const kind: DecisionKind | undefined =
      dest[i]! >= 0 ? 'move' : aimedAt[i]! >= 0 ? 'support' : matchedConvoy[i] ? 'convoy' : undefined;
    if (kind === undefined) return -1;
    decisions.push({ kind, unit: i });
    return decisions.length - 1;
  });
  return { ...base, routes, decisions, decisionOf };
}

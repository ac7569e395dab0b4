/**
 * Where units can go on the board, read from its adjacency (CSR rows): one
 * step by the unit's kind, and where the fleets standing at sea could convoy
 * an army. Used where the engine's legal orders give no answer (an order
 * being written for a unit that is not there, a retreat list).
 */
import { csrRow, type Board, type Unit } from '@dipforge/engine';
import { base } from '../../context.js';

export function row(csr: { offsets: Int32Array | Uint32Array; targets: Int32Array | Uint32Array }, i: number): number[] {
  return i < 0 ? [] : [...csrRow(csr as never, i)];
}

/** Where a unit may move in one step: locations (fleets: coasts where they matter). */
export function moveTargets(board: Board, u: { kind: string; at: string }): string[] {
  const loc = board.locId(u.at);
  if (loc < 0) return [];
  const list = row(u.kind === 'fleet' ? board.fleetAdj : board.armyAdj, loc).map((t) => board.locName(t));
  return [...new Set(list)];
}

/** Provinces a unit could move into (supports reach provinces, coasts aside). */
export function reachProvinces(board: Board, u: { kind: string; at: string }): Set<string> {
  return new Set(moveTargets(board, u).map(base));
}

/** The seas holding a fleet, reachable from `starts` through seas that hold fleets. */
export function fleetSeas(board: Board, units: readonly Unit[], starts: number[]): Set<number> {
  const fleetAt = new Set(units.filter((u) => u.kind === 'fleet').map((u) => board.provinceId(base(u.at))));
  const seen = new Set<number>();
  const queue = starts.filter((s) => board.convoySea[s] && fleetAt.has(s));
  for (const s of queue) seen.add(s);
  while (queue.length > 0) {
    const s = queue.pop() as number;
    for (const n of row(board.seaAdj, s)) {
      if (!seen.has(n) && board.convoySea[n] && fleetAt.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

/** Coastal provinces next to any of the seas. */
export function shoresOf(board: Board, seas: Set<number>): string[] {
  const out: string[] = [];
  for (let p = 0; p < board.provinceCount; p++) {
    if (!board.isConvoyShore(p)) continue;
    if (row(board.seaAdj, p).some((s) => seas.has(s))) out.push(board.provinceName(p));
  }
  return out;
}

/** Where an army could be convoyed by the fleets at sea now. */
export function convoyDestinations(board: Board, units: readonly Unit[], army: { at: string }): string[] {
  const p = board.provinceId(base(army.at));
  if (p < 0 || !board.isConvoyShore(p)) return [];
  const seas = fleetSeas(board, units, row(board.seaAdj, p));
  return shoresOf(board, seas).filter((d) => d !== base(army.at));
}

export function sortIds(list: Iterable<string>): string[] {
  return [...list].sort((a, b) => a.localeCompare(b));
}

/** Whether a unit reaches a place in one step (without a convoy). */
export function canStep(board: Board, u: { kind: string; at: string }, to: string): boolean {
  return moveTargets(board, u).some((t) => t === to || base(t) === to);
}

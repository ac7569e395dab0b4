/**
 * The units of one phase as integer columns, and a check that a position only
 * names things the board knows. Every phase adjudicator starts from this.
 */
import { unitKindCode, type Board } from '../board/board.js';
import type { Position, Unit } from '../game/position.js';

export interface UnitTable {
  readonly n: number;
  readonly units: readonly Unit[];
  readonly power: Int32Array;
  readonly kind: Uint8Array;
  readonly loc: Int32Array;
  readonly prov: Int32Array;
  /** Per province: the unit standing there, or -1. */
  readonly unitAt: Int32Array;
}

/** Thrown by the adjudicator when a position names an unknown location or power, or stacks two units. */
export class PositionError extends Error {
  override readonly name = 'PositionError';
}

/** Problems that make a position unusable on this board; empty when it is fine. */
export function checkPosition(board: Board, position: Position): string[] {
  const errors: string[] = [];
  const seen = new Map<number, string>();
  const check = (u: Unit, what: string): void => {
    const loc = board.locId(u.at);
    if (loc < 0) errors.push(`${what} ${u.kind} ${u.at}: unknown location`);
    if (board.powerId(u.power) < 0) errors.push(`${what} ${u.kind} ${u.at}: unknown power "${u.power}"`);
    if (u.kind !== 'army' && u.kind !== 'fleet') {
      errors.push(`${what} at ${u.at}: unknown unit kind "${String(u.kind)}"`);
      return;
    }
    if (loc < 0) return;
    const prov = board.provinceOf(loc);
    if (!board.kindMayEnter(u.kind, prov)) errors.push(`${what} ${u.kind} ${u.at}: a ${u.kind} cannot stand there`);
    else if (u.kind === 'fleet' && board.hasCoasts(prov) && loc === prov) errors.push(`${what} fleet ${u.at}: the coast must be given`);
    else if (u.kind === 'army' && loc !== prov) errors.push(`${what} army ${u.at}: an army stands on the province, not a coast`);
  };
  for (const u of position.units) {
    check(u, 'unit');
    const loc = board.locId(u.at);
    if (loc < 0) continue;
    const prov = board.provinceOf(loc);
    const other = seen.get(prov);
    if (other !== undefined) errors.push(`two units in ${board.provinceName(prov)}: ${other} and ${u.at}`);
    seen.set(prov, u.at);
  }
  for (const u of position.dislodged) check(u, 'dislodged unit');
  for (const c of Object.keys(position.owners)) {
    if (board.provinceId(c) < 0) errors.push(`owner of unknown province "${c}"`);
    const owner = position.owners[c];
    if (owner !== undefined && board.powerId(owner) < 0) errors.push(`owner of ${c}: unknown power "${owner}"`);
  }
  for (const s of position.standoffs) if (board.provinceId(s) < 0) errors.push(`standoff in unknown province "${s}"`);
  return errors;
}

/** Integer columns for a list of units; throws PositionError on an unknown location or power. */
export function buildUnitTable(board: Board, units: readonly Unit[]): UnitTable {
  const n = units.length;
  const power = new Int32Array(n);
  const kind = new Uint8Array(n);
  const loc = new Int32Array(n);
  const prov = new Int32Array(n);
  const unitAt = new Int32Array(board.provinceCount).fill(-1);
  units.forEach((u, i) => {
    const l = board.locId(u.at);
    const p = board.powerId(u.power);
    if (l < 0) throw new PositionError(`unknown location "${u.at}"`);
    if (p < 0) throw new PositionError(`unknown power "${u.power}"`);
    power[i] = p;
    kind[i] = unitKindCode(u.kind);
    loc[i] = l;
    prov[i] = board.provinceOf(l);
    if (unitAt[prov[i]!]! >= 0) throw new PositionError(`two units in ${board.provinceName(prov[i]!)}`);
    unitAt[prov[i]!] = i;
  });
  return { n, units, power, kind, loc, prov, unitAt };
}

/**
 * The Python engine's notation (the `diplomacy` package) for the classic map,
 * and the comparison of its outcomes with dipforge's: pure functions, so
 * `dipforge bench --serve --python-engine` needs the engine only for the
 * calls (packages/cli/peers/python-engine.py) and this part is tested without it.
 *
 * That engine writes ids in capitals, coasts as `STP/SC`, a move `A PAR - BUR`,
 * a support `A PAR S A MAR - BUR` (the supported move's target without a
 * coast), a convoy `F NTH C A LON - NWY`, a move only by convoy `A LON - NWY
 * VIA`, and phases as `S1901M`.
 */
import type { Order, PhaseResult, Position, UnitRef } from '@dipforge/engine';

/** One movement phase as the driver reads it (one JSON line). */
export interface PythonPhase {
  /** e.g. `S1901M`. */
  phase: string;
  /** Power name (capitals) → its units, `A PAR`, `F STP/SC`. */
  units: Record<string, string[]>;
  /** Power name → its supply centres. */
  centers: Record<string, string[]>;
  /** Power name → its orders. */
  orders: Record<string, string[]>;
}

/** What the driver answers for one phase. */
export interface PythonOutcome {
  /** `process()` alone, µs. */
  us: number;
  /** Unit (`A PAR`) → the engine's results for it (`bounce`, `cut`, `dislodged`, `void`, `no convoy`, `disrupted`); empty when it succeeded. */
  results: Record<string, string[]>;
}

const upper = (id: string): string => id.toUpperCase();
const province = (at: string): string => upper(at.split('/')[0]!);

/** `S1901M` from a classic movement phase; undefined for any other phase. */
export function pythonPhaseName(phase: Position['phase']): string | undefined {
  if (phase.kind !== 'movement') return undefined;
  const season = phase.season === 'spring' ? 'S' : phase.season === 'fall' ? 'F' : undefined;
  return season === undefined ? undefined : `${season}${phase.year}M`;
}

/** The unit an order names, with its kind from the position when the order leaves it out. */
function unitText(ref: UnitRef, position: Position): string {
  const standing = position.units.find((u) => province(u.at) === province(ref.at));
  const kind = ref.kind ?? standing?.kind ?? 'army';
  const at = standing !== undefined && province(standing.at) === province(ref.at) && !ref.at.includes('/') ? standing.at : ref.at;
  return `${kind === 'army' ? 'A' : 'F'} ${upper(at)}`;
}

/** One order in the engine's notation; undefined for an order kind a movement phase of that engine has no words for. */
export function pythonOrder(order: Order, position: Position): string | undefined {
  switch (order.type) {
    case 'hold':
      return `${unitText(order.unit, position)} H`;
    case 'move':
      return `${unitText(order.unit, position)} - ${upper(order.to)}${order.viaConvoy ? ' VIA' : ''}`;
    case 'support':
      return order.to === undefined
        ? `${unitText(order.unit, position)} S ${unitText(order.supported, position)}`
        : `${unitText(order.unit, position)} S ${unitText(order.supported, position)} - ${province(order.to)}`;
    case 'convoy':
      return `${unitText(order.unit, position)} C ${unitText(order.army, position)} - ${province(order.to)}`;
    default:
      return undefined;
  }
}

/** A classic movement phase in the engine's notation; undefined when it is no such phase. */
export function pythonPhase(position: Position, orders: readonly Order[]): PythonPhase | undefined {
  const phase = pythonPhaseName(position.phase);
  if (phase === undefined) return undefined;
  const units: Record<string, string[]> = {};
  const centers: Record<string, string[]> = {};
  const written: Record<string, string[]> = {};
  for (const u of position.units) (units[upper(u.power)] ??= []).push(`${u.kind === 'army' ? 'A' : 'F'} ${upper(u.at)}`);
  for (const [centre, power] of Object.entries(position.owners)) (centers[upper(power)] ??= []).push(upper(centre));
  for (const o of orders) {
    const text = pythonOrder(o, position);
    if (text === undefined) return undefined;
    (written[upper(o.power)] ??= []).push(text);
  }
  return { phase, units, centers, orders: written };
}

/** The engine's results that mean a unit's order did not happen (a support `cut`, a move `bounce`…). */
const FAILED = new Set(['bounce', 'cut', 'void', 'no convoy', 'disrupted', 'dislodged']);

/** How far two engines agree on one phase: each move order's success, and which units were dislodged. */
export interface Agreement {
  moves: number;
  movesAgree: number;
  units: number;
  dislodgedAgree: number;
  /** 1 when every move and every unit agrees, else 0. */
  phaseAgrees: number;
}

/**
 * Compares dipforge's result of a phase with the engine's outcome. A move
 * succeeded for the engine when its unit has none of the failing results; a
 * unit was dislodged for it when `dislodged` is among its results.
 */
export function agreement(position: Position, result: PhaseResult, outcome: PythonOutcome): Agreement {
  const key = (kind: string, at: string): string => `${kind === 'army' ? 'A' : 'F'} ${upper(at)}`;
  const pyResults = new Map<string, string[]>();
  for (const [unit, rs] of Object.entries(outcome.results)) pyResults.set(unit.split('/')[0]!, rs);
  const lookup = (kind: string, at: string): string[] => pyResults.get(key(kind, province(at))) ?? [];
  let moves = 0;
  let movesAgree = 0;
  for (const r of result.results) {
    if (r.order.type !== 'move') continue;
    const standing = position.units.find((u) => province(u.at) === province(r.order.type === 'move' ? r.order.unit.at : ''));
    if (standing === undefined) continue;
    moves++;
    const pyMoved = !lookup(standing.kind, standing.at).some((x) => FAILED.has(x));
    if (pyMoved === (r.status === 'succeeds')) movesAgree++;
  }
  const ours = new Set(result.dislodged.map((d) => province(d.at)));
  let dislodgedAgree = 0;
  for (const u of position.units) {
    const theirs = lookup(u.kind, u.at).includes('dislodged');
    if (theirs === ours.has(province(u.at))) dislodgedAgree++;
  }
  const units = position.units.length;
  return { moves, movesAgree, units, dislodgedAgree, phaseAgrees: movesAgree === moves && dislodgedAgree === units ? 1 : 0 };
}

/**
 * A movement phase given as the engine's position and orders (as a game file reads them) turned into
 * the oracle's phase, so that hand-made cases such as the DATC's can be judged too. Units without an
 * order hold. Returns why not when the phase is outside what the oracle models: an order for no unit,
 * or a second order for one, or an order kind other than hold, move, support, convoy.
 */
import type { Board, Order, Position } from '@dipforge/engine';
import type { OracleOrder, OraclePhase, OracleUnit } from './phase.js';

export function phaseFromEngine(board: Board, position: Position, orders: readonly Order[]): OraclePhase | string {
  const units: OracleUnit[] = position.units.map((u) => ({ power: u.power, kind: u.kind, loc: board.locId(u.at) }));
  const at = (id: string): number => {
    const loc = board.locId(id);
    return loc < 0 ? -1 : units.findIndex((u) => board.provinceOf(u.loc) === board.provinceOf(loc));
  };
  const province = (id: string): number => (board.locId(id) < 0 ? -1 : board.provinceOf(board.locId(id)));
  const given: (OracleOrder | undefined)[] = units.map(() => undefined);
  const sequence: number[] = [];
  for (const o of orders) {
    if (o.type !== 'hold' && o.type !== 'move' && o.type !== 'support' && o.type !== 'convoy') return `a ${o.type} order`;
    const unit = at(o.unit.at);
    if (unit < 0) return `no unit in ${o.unit.at}`;
    if (given[unit]) return `two orders for ${o.unit.at}`;
    let read: OracleOrder;
    if (o.type === 'hold') read = { type: 'hold' };
    else if (o.type === 'move') {
      const fleet = units[unit]!.kind === 'fleet';
      // An army's coast means nothing (4.B.6); a fleet's move to a split-coast province without a
      // coast goes to the one coast it can reach (4.B.2).
      let to = fleet ? board.locId(o.to) : province(o.to);
      const options = fleet && board.hasCoasts(province(o.to)) && to === province(o.to) ? board.fleetTargets(units[unit]!.loc, to) : [];
      if (options.length === 1) to = options[0]!;
      read = { type: 'move', to, viaConvoy: o.viaConvoy };
    } else if (o.type === 'support') {
      const target = at(o.supported.at);
      if (target < 0) return `no unit in ${o.supported.at}`;
      read = o.to === undefined ? { type: 'support', target } : { type: 'support', target, to: province(o.to) };
    } else {
      const army = at(o.army.at);
      if (army < 0) return `no unit in ${o.army.at}`;
      read = { type: 'convoy', army, to: province(o.to) };
    }
    given[unit] = read;
    sequence.push(unit);
  }
  units.forEach((_, i) => {
    if (!given[i]) sequence.push(i);
  });
  return { units, orders: given.map((o) => o ?? { type: 'hold' }), sequence };
}

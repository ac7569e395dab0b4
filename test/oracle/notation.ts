/**
 * Reads a phase written by hand, for tests: units as `power: F nth` in position order, orders as
 * `power: F nth C A edi - nwy` in the order given to the engine, with exact board ids and the
 * standard notation (`H`, `-`, `via convoy`, `S`, `C`). Units are found by province.
 */
import type { Board } from '@dipforge/engine';
import type { OracleOrder, OraclePhase, OracleUnit } from './phase.js';

function location(board: Board, id: string): number {
  const loc = board.locId(id);
  if (loc < 0) throw new Error(`unknown place ${id}`);
  return loc;
}

export function readPhase(board: Board, units: readonly string[], orders: readonly string[]): OraclePhase {
  const read: OracleUnit[] = units.map((text) => {
    const m = /^(\w+):\s*([AF])\s+(\S+)$/.exec(text.trim());
    if (!m) throw new Error(`bad unit "${text}"`);
    return { power: m[1]!, kind: m[2] === 'A' ? 'army' : 'fleet', loc: location(board, m[3]!) };
  });
  const unitAt = (id: string): number => {
    const prov = board.provinceOf(location(board, id));
    const i = read.findIndex((u) => board.provinceOf(u.loc) === prov);
    if (i < 0) throw new Error(`no unit in ${id}`);
    return i;
  };
  const province = (id: string): number => board.provinceOf(location(board, id));
  const given: OracleOrder[] = read.map(() => ({ type: 'hold' }));
  const sequence = orders.map((text) => {
    const m = /^\w+:\s*[AF]\s+(\S+)\s+(.*)$/.exec(text.trim());
    if (!m) throw new Error(`bad order "${text}"`);
    const unit = unitAt(m[1]!);
    const rest = m[2]!.split(/\s+/);
    let o: OracleOrder;
    if (rest[0] === 'H') o = { type: 'hold' };
    else if (rest[0] === '-') o = { type: 'move', to: location(board, rest[1]!), viaConvoy: rest.slice(2).join(' ') === 'via convoy' };
    else if (rest[0] === 'S') {
      const target = unitAt(rest[2]!);
      o = rest[3] === '-' ? { type: 'support', target, to: province(rest[4]!) } : { type: 'support', target };
    } else if (rest[0] === 'C') o = { type: 'convoy', army: unitAt(rest[2]!), to: province(rest[4]!) };
    else throw new Error(`bad order "${text}"`);
    given[unit] = o;
    return unit;
  });
  for (let i = 0; i < read.length; i++) if (!sequence.includes(i)) sequence.push(i);
  return { units: read, orders: given, sequence };
}

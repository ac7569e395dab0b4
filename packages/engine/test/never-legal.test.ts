/**
 * Orders that can never be legal (orders/never-legal.ts), checked against the
 * adjudicator, which shares no code with it: every move, retreat and support
 * that `neverLegal` calls so on the classic map is ruled illegal when its units
 * stand where the order puts them (the position most in its favour: no other
 * unit to stop it), and examples of what it must not call so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../src/board/board.js';
import { defaultRuleOptions, type VariantConfig } from '../src/config/index.js';
import { adjudicatePhase } from '../src/adjudicate/index.js';
import { neverLegal } from '../src/orders/never-legal.js';
import type { Order } from '../src/orders/order.js';
import type { Position, Unit, UnitKind } from '../src/game/position.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const board = compileBoard(classic);
const rules = defaultRuleOptions();
const provinces = classic.provinces.map((p) => p.id);
const KINDS: UnitKind[] = ['army', 'fleet'];

/** Where a unit of `kind` may stand in the province: its coasts for a fleet where it has named coasts. */
function places(kind: UnitKind, province: string): string[] {
  const p = classic.provinces.find((x) => x.id === province);
  if (!p || !board.kindMayEnter(kind, board.provinceId(province))) return [];
  return kind === 'fleet' && p.coasts && p.coasts.length > 0 ? p.coasts.map((c) => `${province}/${c.id}`) : [province];
}

function position(units: Unit[], kind: Position['phase']['kind'] = 'movement'): Position {
  return { phase: { year: 1901, season: 'spring', kind }, units, dislodged: [], owners: {}, standoffs: [] };
}

function statusOf(pos: Position, orders: Order[], order: Order): string | undefined {
  return adjudicatePhase(board, pos, orders, rules).results.find((r) => r.order === order)?.status;
}

describe('neverLegal against the adjudicator', () => {
  it('every move it calls never legal is illegal with the unit alone on the board', () => {
    let flagged = 0;
    for (const from of provinces) {
      for (const kind of KINDS) {
        for (const at of places(kind, from)) {
          for (const to of provinces) {
            const order: Order = { type: 'move', power: 'france', unit: { kind, at }, to, viaConvoy: false };
            if (!neverLegal(board, order)) continue;
            flagged++;
            expect(statusOf(position([{ power: 'france', kind, at }]), [order], order), `${kind} ${at} - ${to}`).toBe('illegal');
          }
        }
      }
    }
    // Most pairs of provinces do not touch: the check is not vacuous.
    expect(flagged).toBeGreaterThan(1000);
  });

  it('every support it calls never legal is illegal, with the supported unit there and ordered to move', () => {
    let seed = 3;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let flagged = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const kind = KINDS[next(2)] as UnitKind;
      const other = KINDS[next(2)] as UnitKind;
      const at = places(kind, provinces[next(provinces.length)] as string)[0];
      const from = places(other, provinces[next(provinces.length)] as string)[0];
      const to = provinces[next(provinces.length)] as string;
      if (at === undefined || from === undefined || at.split('/')[0] === from.split('/')[0]) continue;
      const support: Order = { type: 'support', power: 'france', unit: { kind, at }, supported: { kind: other, at: from }, to };
      if (!neverLegal(board, support)) continue;
      flagged++;
      const move: Order = { type: 'move', power: 'germany', unit: { kind: other, at: from }, to, viaConvoy: false };
      const pos = position([
        { power: 'france', kind, at },
        { power: 'germany', kind: other, at: from },
      ]);
      expect(statusOf(pos, [support, move], support), `${kind} ${at} S ${other} ${from} - ${to}`).toBe('illegal');
    }
    expect(flagged).toBeGreaterThan(500);
  });

  it('examples: a fleet inland, a move no convoy can join; not a move a convoy could make', () => {
    const move = (kind: UnitKind, at: string, to: string): Order => ({ type: 'move', power: 'france', unit: { kind, at }, to, viaConvoy: false });
    expect(neverLegal(board, move('fleet', 'bre', 'mun'))?.reason).toBe('wrong-unit-kind');
    expect(neverLegal(board, move('army', 'par', 'mos'))?.reason).toBe('not-adjacent');
    expect(neverLegal(board, move('army', 'par', 'bur'))).toBeUndefined();
    expect(neverLegal(board, move('army', 'bre', 'lon'))).toBeUndefined();
    // Without its kind, a unit in Brest may be an army or a fleet: neither can reach Munich, both Picardy.
    expect(neverLegal(board, { type: 'move', power: 'france', unit: { at: 'bre' }, to: 'mun', viaConvoy: false })?.reason).toBe('not-adjacent');
    expect(neverLegal(board, { type: 'move', power: 'france', unit: { at: 'bre' }, to: 'pic', viaConvoy: false })).toBeUndefined();
    expect(neverLegal(board, { type: 'hold', power: 'france', unit: { kind: 'fleet', at: 'par' } })?.reason).toBe('wrong-unit-kind');
    expect(neverLegal(board, { type: 'convoy', power: 'france', unit: { kind: 'fleet', at: 'bre' }, army: { kind: 'army', at: 'pic' }, to: 'wal' })?.reason).toBe('wrong-unit-kind');
    expect(neverLegal(board, { type: 'build', power: 'germany', kind: 'fleet', at: 'mun' })?.reason).toBe('inland-fleet');
    expect(neverLegal(board, { type: 'build', power: 'germany', kind: 'army', at: 'ruh' })?.reason).toBe('not-supply-centre');
  });
});

// Legal orders on known positions: the classic opening, a convoy position, a
// retreat phase and adjustment phases (builds, removals, waives).
import { describe, expect, it } from 'vitest';
import { formatOrder } from '../src/orders/format.js';
import type { Order } from '../src/orders/order.js';
import { initialPosition } from '../src/game/runner.js';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import { adjustmentNeeds, DEFAULT_ORDER_MIX, legalOrders, mulberry32, randomOrders } from '../src/legal/index.js';
import { board, CLASSIC, casePosition, rules, type PhaseCase } from './helpers/classic.js';

const text = (list: readonly Order[] | undefined): string[] => (list ?? []).map((o) => formatOrder(o)).sort();
const ofType = (list: readonly Order[] | undefined, type: Order['type']): Order[] => (list ?? []).filter((o) => o.type === type);

describe('the classic opening (spring 1901)', () => {
  const start = initialPosition(CLASSIC);
  const legal = legalOrders(board, start, rules());

  it('has one entry per unit, keyed by location, each starting with its hold', () => {
    expect([...legal.keys()].sort()).toEqual(start.units.map((u) => u.at).sort());
    for (const u of start.units) expect(formatOrder(legal.get(u.at)![0]!)).toBe(`${u.kind === 'army' ? 'A' : 'F'} ${u.at} H`);
  });

  it("every unit's moves are exactly its adjacency in the variant config (no convoys: no fleet is at sea)", () => {
    for (const u of start.units) {
      const edges = CLASSIC.adjacency[u.kind].filter(([from]) => from === u.at).map(([, to]) => to);
      const moves = ofType(legal.get(u.at), 'move') as Extract<Order, { type: 'move' }>[];
      expect(moves.map((m) => m.to).sort(), u.at).toEqual([...new Set(edges)].sort());
      expect(moves.every((m) => !m.viaConvoy)).toBe(true);
    }
    expect([...legal.values()].flat().some((o) => o.type === 'convoy')).toBe(false);
  });

  it("Russia's F stp/sc: three moves, two supports, its hold", () => {
    expect(text(legal.get('stp/sc'))).toEqual(['F stp/sc - bot', 'F stp/sc - fin', 'F stp/sc - lvn', 'F stp/sc H', 'F stp/sc S A mos - lvn', 'F stp/sc S A war - lvn']);
  });

  it('supports: A mun may support every neighbour that could move next to it, and hold its neighbours', () => {
    const mun = legal.get('mun');
    expect(text(ofType(mun, 'support').filter((o) => o.type === 'support' && o.to === undefined))).toEqual(['A mun S A ber', 'A mun S F kie']);
    expect(text(ofType(mun, 'support').filter((o) => o.type === 'support' && o.to !== undefined))).toEqual([
      'A mun S A ber - kie',
      'A mun S A ber - sil',
      'A mun S A mar - bur',
      'A mun S A par - bur',
      'A mun S A ven - tyr',
      'A mun S A vie - boh',
      'A mun S A vie - tyr',
      'A mun S A war - sil',
      'A mun S F kie - ber',
    ]);
  });

  it('counts: 238 orders in all (22 holds, 94 moves, 122 supports)', () => {
    const all = [...legal.values()].flat();
    const count = (t: Order['type']): number => all.filter((o) => o.type === t).length;
    expect([all.length, count('hold'), count('move'), count('support'), count('convoy')]).toEqual([238, 22, 94, 122, 0]);
  });

  it('a random choice follows the legal orders: one order per unit, none illegal', () => {
    const orders = randomOrders(board, start, rules(), mulberry32(7));
    expect(orders.map((o) => ('unit' in o ? o.unit.at : '')).sort()).toEqual(start.units.map((u) => u.at).sort());
    const r = adjudicatePhase(board, start, orders, rules());
    expect(r.results.filter((x) => x.status === 'illegal')).toEqual([]);
    expect(DEFAULT_ORDER_MIX).toEqual({ move: 0.4, support: 0.3, convoy: 0.1 });
  });
});

describe('convoys', () => {
  const c: PhaseCase = {
    units: { england: ['F nth', 'F eng', 'A lon', 'A yor'], france: ['F mao', 'A bre', 'F wes'], germany: ['A hol'] },
    orders: {},
  };
  const pos = casePosition(c);
  const legal = legalOrders(board, pos, rules());

  it('an army on a coast moves by convoy wherever the fleets at sea could carry it, and "via convoy" to adjacent shores they reach', () => {
    const moves = text(ofType(legal.get('lon'), 'move'));
    // By land: wal, yor; by sea through nth, eng, mao, wes (a chain): every shore they touch.
    expect(moves).toContain('A lon - nwy');
    expect(moves).toContain('A lon - bel');
    expect(moves).toContain('A lon - spa');
    expect(moves).toContain('A lon - naf');
    expect(moves).toContain('A lon - tun');
    expect(moves).toContain('A lon - yor via convoy');
    expect(moves).toContain('A lon - wal via convoy');
    expect(moves).toContain('A lon - yor');
    expect(moves).not.toContain('A lon - mun');
    expect(moves).not.toContain('A lon - lon');
  });

  it('a fleet convoys only on a minimal route (DATC 6.G.19): F eng convoys A lon to bre, not A yor to nwy', () => {
    const eng = text(ofType(legal.get('eng'), 'convoy'));
    expect(eng).toContain('F eng C A lon - bre');
    expect(eng).toContain('F eng C A lon - spa');
    expect(eng).toContain('F eng C A yor - bre');
    expect(eng).not.toContain('F eng C A yor - nwy');
    expect(eng).not.toContain('F eng C A lon - nwy');
    // F nth carries both armies to nwy; A hol (germany) to yor.
    const nth = text(ofType(legal.get('nth'), 'convoy'));
    expect(nth).toContain('F nth C A lon - nwy');
    expect(nth).toContain('F nth C A yor - nwy');
    expect(nth).toContain('F nth C A hol - yor');
    expect(nth).toContain('F nth C A hol - lon');
  });

  it("a fleet cannot support a convoyed move that needs it (DATC 6.D.31), but may when another route exists", () => {
    const eng = text(ofType(legal.get('eng'), 'support'));
    // A yor - bel needs nth only: F eng may support it. A lon - pic needs eng: F eng may not.
    expect(eng).toContain('F eng S A yor - bel');
    expect(eng).not.toContain('F eng S A lon - pic');
    expect(eng).toContain('F eng S A lon - wal');
  });

  it('no convoy order for a fleet on a coast', () => {
    const q = casePosition({ units: { england: ['F lon', 'A wal'] }, orders: {} });
    expect(ofType(legalOrders(board, q, rules()).get('lon'), 'convoy')).toEqual([]);
  });

  it('under convoy-to-adjacent swap-only, no "via convoy" orders', () => {
    const l = legalOrders(board, pos, rules({ 'convoy-to-adjacent': 'swap-only' }));
    expect(text(ofType(l.get('lon'), 'move')).filter((m) => m.includes('via'))).toEqual([]);
  });

  it('under missing-nationality invalid, a foreign unit is named with its power', () => {
    const l = legalOrders(board, pos, rules({ 'missing-nationality': 'invalid' }));
    expect(text(ofType(l.get('nth'), 'convoy'))).toContain('F nth C germany A hol - yor');
    expect(text(ofType(l.get('nth'), 'convoy'))).toContain('F nth C A lon - nwy');
  });

  it('under convoy-path required, a convoyed move names its route', () => {
    const l = legalOrders(board, pos, rules({ 'convoy-path': 'required' }));
    expect(text(ofType(l.get('lon'), 'move'))).toContain('A lon - nth - nwy');
    expect(text(ofType(l.get('lon'), 'move'))).toContain('A lon - eng - mao - wes - tun');
  });
});

describe('supports of fleets into split-coast provinces', () => {
  const pos = casePosition({ units: { turkey: ['F con', 'F bla', 'A smy'] }, orders: {} });

  it('a support names the coast of each move the fleet could make (the supporter needs only reach the province)', () => {
    expect(text(ofType(legalOrders(board, pos, rules()).get('bla'), 'support'))).toEqual([
      'F bla S A smy - ank',
      'F bla S A smy - arm',
      'F bla S A smy - con',
      'F bla S F con',
      'F bla S F con - ank',
      'F bla S F con - bul/ec',
      'F bla S F con - bul/sc',
    ]);
    expect(text(ofType(legalOrders(board, pos, rules()).get('con'), 'move'))).toEqual([
      'F con - aeg',
      'F con - ank',
      'F con - bla',
      'F con - bul/ec',
      'F con - bul/sc',
      'F con - smy',
    ]);
  });

  it('under support-coast ignored, one support per province', () => {
    const l = legalOrders(board, pos, rules({ 'support-coast': 'ignored' }));
    expect(text(ofType(l.get('bla'), 'support'))).toContain('F bla S F con - bul');
    expect(text(ofType(l.get('bla'), 'support')).filter((s) => s.includes('bul'))).toHaveLength(1);
  });
});

describe('retreats', () => {
  const pos = casePosition({
    phase: { kind: 'retreat' },
    units: { germany: ['A tyr', 'A boh'], italy: ['A ven'] },
    dislodged: { austria: ['A vie from tyr'], russia: ['F bla from ank by convoy'] },
    standoffs: ['gal'],
    orders: {},
  });

  it('to empty adjacent provinces, not the attacker’s, not a standoff; disband always', () => {
    expect(text(legalOrders(board, pos, rules()).get('vie'))).toEqual(['A vie D', 'A vie R bud', 'A vie R tri']);
  });

  it("to the attacker's province after a convoyed attack only when retreat-to-convoy-origin allows it", () => {
    expect(text(legalOrders(board, pos, rules()).get('bla'))).toContain('F bla R ank');
    expect(text(legalOrders(board, pos, rules({ 'retreat-to-convoy-origin': 'forbidden' })).get('bla'))).not.toContain('F bla R ank');
    expect(text(legalOrders(board, pos, rules()).get('bla'))).toContain('F bla R bul/ec');
  });
});

describe('adjustments', () => {
  const winter = { season: 'winter', kind: 'adjustment' } as const;

  it('builds on free owned home centres: both kinds on coasts, each coast of stp, armies inland; waive', () => {
    const pos = casePosition({
      phase: winter,
      units: { germany: ['A ruh'], russia: ['A ukr', 'F bot'] },
      owners: { germany: ['ber', 'kie', 'mun', 'den', 'hol'], russia: ['stp', 'mos', 'war', 'sev', 'swe'] },
      orders: {},
    });
    const legal = legalOrders(board, pos, rules());
    expect(text(legal.get('ber'))).toEqual(['Build A ber', 'Build F ber']);
    expect(text(legal.get('mun'))).toEqual(['Build A mun']);
    expect(text(legal.get('stp'))).toEqual(['Build A stp', 'Build F stp/nc', 'Build F stp/sc']);
    expect(legal.has('den')).toBe(false); // not a home centre
    expect(text(legal.get('germany'))).toEqual(['Waive']);
    expect(adjustmentNeeds(board, pos, rules()).filter((n) => n.balance !== 0)).toEqual([
      { power: 'germany', balance: 4, sites: ['kie', 'ber', 'mun'], mayWaive: true },
      { power: 'russia', balance: 3, sites: ['stp', 'mos', 'war', 'sev'], mayWaive: true },
    ]);
    expect(legal.has('ruh')).toBe(false); // no removals due
    // A random choice builds on every site it may (Germany: 3 of 4, then waives one).
    const orders = randomOrders(board, pos, rules(), mulberry32(3));
    expect(orders.filter((o) => o.power === 'germany').map((o) => o.type).sort()).toEqual(['build', 'build', 'build', 'waive']);
    expect(orders.filter((o) => o.power === 'russia').map((o) => o.type)).toEqual(['build', 'build', 'build']);
  });

  it('an occupied or foreign-owned home centre is no build site; under build-sites any-owned-centre, any free owned centre is', () => {
    const pos = casePosition({
      phase: winter,
      units: { germany: ['A ber'], france: ['A mun'] },
      owners: { germany: ['ber', 'kie', 'den'], france: ['mun'] },
      orders: {},
    });
    expect([...legalOrders(board, pos, rules()).keys()].sort()).toEqual(['germany', 'kie']);
    expect([...legalOrders(board, pos, rules({ 'build-sites': 'any-owned-centre' })).keys()].sort()).toEqual(['den', 'germany', 'kie']);
    expect([...legalOrders(board, pos, rules({ 'waive-builds': false })).keys()].sort()).toEqual(['kie']);
  });

  it('removals: every unit of a power with too many units, nothing for the others (all units under voluntary-disbands)', () => {
    const pos = casePosition({
      phase: winter,
      units: { austria: ['A vie', 'A bud', 'F tri'], italy: ['A rom'] },
      owners: { austria: ['vie', 'bud'], italy: ['rom', 'nap'] },
      orders: {},
    });
    const legal = legalOrders(board, pos, rules());
    expect(text([...legal.values()].flat().filter((o) => o.type === 'disband'))).toEqual(['A bud D', 'A vie D', 'F tri D']);
    expect(text(legal.get('nap'))).toEqual(['Build A nap', 'Build F nap']);
    const voluntary = legalOrders(board, pos, rules({ 'voluntary-disbands': true }));
    expect(text(voluntary.get('rom'))).toEqual(['A rom D']);
    const orders = randomOrders(board, pos, rules(), mulberry32(5));
    expect(orders.filter((o) => o.power === 'austria')).toHaveLength(1);
    expect(orders.filter((o) => o.power === 'austria')[0]!.type).toBe('disband');
  });
});

// The old rules' postal year (text 000 §3, §10, §11): retreat priority lists
// written with the movement orders, build and disband priority lists written
// with the fall orders, and a movement phase that carries them out at once.
// The rule texts' cases, as game files, are in test/rules/000-*.dipgame; these
// are the engine's own checks: the order model, reader and printer, when a
// movement phase carries out what, and the typed outcomes it reports.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inAdvance } from '../src/adjudicate/postal.js';
import { adjudicatePhase } from '../src/adjudicate/phase.js';
import type { PhaseResult, RetreatOutcome } from '../src/adjudicate/result.js';
import { buildNameIndex } from '../src/board/names.js';
import type { RuleOptions } from '../src/config/rules.js';
import type { VariantConfig } from '../src/config/index.js';
import { formatOrder } from '../src/orders/format.js';
import type { Order } from '../src/orders/order.js';
import { parseOrder, type ParseContext } from '../src/orders/parse.js';
import type { Phase, Position } from '../src/game/position.js';
import { board, casePosition, rules, unitsByPower, type PhaseCase } from './helpers/classic.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const index = buildNameIndex(classic);
const A = 'army' as const;
const F = 'fleet' as const;

function read(text: string, context: ParseContext = { power: 'germany' }): Order {
  const result = parseOrder(index, text, context);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.order;
}

/** The old-rules options that matter here (the edition file is read by the DSL, not the engine). */
const POSTAL: Partial<Record<keyof RuleOptions, unknown>> = {
  'year-shape': 'postal',
  retreats: 'priority-list',
  'retreat-default': 'gm-order',
  adjustments: 'priority-list',
  'voluntary-disbands': true,
  'removal-order': 'abroad-first',
  'implied-coast': 'fail',
};

describe('retreat, build and disband lists: reading and printing', () => {
  it.each<[string, Order]>([
    ['A mun H retreat ber, kie, sil', { power: 'germany', type: 'hold', unit: { kind: A, at: 'mun' }, retreat: { to: ['ber', 'kie', 'sil'], otherwise: 'default' } }],
    ['Army Munich holds, retreats to Berlin, Kiel', { power: 'germany', type: 'hold', unit: { kind: A, at: 'mun' }, retreat: { to: ['ber', 'kie'], otherwise: 'default' } }],
    [
      'F nth - nwy retreat ska, nwg',
      { power: 'germany', type: 'move', unit: { kind: F, at: 'nth' }, to: 'nwy', viaConvoy: false, retreat: { to: ['ska', 'nwg'], otherwise: 'default' } },
    ],
    [
      'A lon - nth - nwy retreat wal',
      { power: 'germany', type: 'move', unit: { kind: A, at: 'lon' }, to: 'nwy', viaConvoy: true, path: ['nth'], retreat: { to: ['wal'], otherwise: 'default' } },
    ],
    [
      'A mun S A ber - sil retreat boh',
      { power: 'germany', type: 'support', unit: { kind: A, at: 'mun' }, supported: { kind: A, at: 'ber' }, to: 'sil', retreat: { to: ['boh'], otherwise: 'default' } },
    ],
    [
      'F nth C A lon - nwy retreat nwg.',
      { power: 'germany', type: 'convoy', unit: { kind: F, at: 'nth' }, army: { kind: A, at: 'lon' }, to: 'nwy', retreat: { to: ['nwg'], otherwise: 'default' } },
    ],
    ['F spa/sc H retreat por, wes, mar', { power: 'germany', type: 'hold', unit: { kind: F, at: 'spa/sc' }, retreat: { to: ['por', 'wes', 'mar'], otherwise: 'default' } }],
    ['A mun H retreat disband', { power: 'germany', type: 'hold', unit: { kind: A, at: 'mun' }, retreat: { to: [], otherwise: 'disband' } }],
    ['A mun H retreat ber, disband', { power: 'germany', type: 'hold', unit: { kind: A, at: 'mun' }, retreat: { to: ['ber'], otherwise: 'disband' } }],
    ['Build F ven, A rom, F nap', { power: 'germany', type: 'build-list', builds: [{ kind: F, at: 'ven' }, { kind: A, at: 'rom' }, { kind: F, at: 'nap' }] }],
    ['Build an Army in Berlin, a Fleet in Kiel', { power: 'germany', type: 'build-list', builds: [{ kind: A, at: 'ber' }, { kind: F, at: 'kie' }] }],
    ['build ber, F stp/nc', { power: 'germany', type: 'build-list', builds: [{ at: 'ber' }, { kind: F, at: 'stp/nc' }] }],
    ['disband A sil, A ber, F den', { power: 'germany', type: 'disband-list', units: [{ kind: A, at: 'sil' }, { kind: A, at: 'ber' }, { kind: F, at: 'den' }] }],
    ['Remove A war, mos', { power: 'germany', type: 'disband-list', units: [{ kind: A, at: 'war' }, { at: 'mos' }] }],
  ])('%s', (text, order) => {
    expect(read(text)).toStrictEqual(order);
    expect(read(formatOrder(order))).toStrictEqual(order);
    expect(read(formatOrder(order, { power: true }), {})).toStrictEqual(order);
  });

  it('prints the canonical forms', () => {
    expect(formatOrder(read('hold A mun retreat to ber, kie'))).toBe('A mun H retreat ber, kie');
    expect(formatOrder(read('A mun H retreat ber, disband'))).toBe('A mun H retreat ber, disband');
    expect(formatOrder(read('build F ven, A rom,'))).toBe('Build F ven, A rom');
    expect(formatOrder(read('disband A sil, A ber'))).toBe('Disband A sil, A ber');
  });

  it('one entry is a plain build or disband, so every order prints one way', () => {
    expect(read('Build F ven')).toStrictEqual({ power: 'germany', type: 'build', kind: F, at: 'ven' });
    expect(read('Build F ven,')).toStrictEqual({ power: 'germany', type: 'build', kind: F, at: 'ven' });
    expect(read('Disband A sil')).toStrictEqual({ power: 'germany', type: 'disband', unit: { kind: A, at: 'sil' } });
  });

  it('a retreat in a retreat phase takes no list', () => {
    expect(read('A tri - alb', { power: 'austria', phase: 'retreat' })).toStrictEqual({ power: 'austria', type: 'retreat', unit: { kind: A, at: 'tri' }, to: 'alb' });
    expect(parseOrder(index, 'A tri - alb retreat gre', { power: 'austria', phase: 'retreat' }).ok).toBe(false);
  });

  it('says what is wrong with a bad list', () => {
    const after = parseOrder(index, 'A mun H retreat ber, disband, kie', { power: 'germany' });
    expect(after).toMatchObject({ ok: false, code: 'unexpected', message: "'disband' ends a retreat list: nothing may follow it" });
    const unknown = parseOrder(index, 'A mun H retreat ber, xyz', { power: 'germany' });
    expect(unknown).toMatchObject({ ok: false, code: 'unknown-province', start: 'A mun H retreat ber, '.length });
    expect(parseOrder(index, 'A mun H retreat', { power: 'germany' })).toMatchObject({ ok: false, code: 'expected-location' });
  });
});

const phase = (season: string, year: number, kind: Phase['kind']): Phase => ({ season, year, kind });

describe('what a movement phase carries out at once', () => {
  it('the postal year: retreats after every movement, adjustments after the fall', () => {
    const postal = rules(POSTAL);
    expect(inAdvance(board, postal, phase('spring', 1901, 'movement'))).toEqual({ retreats: true, retreatLists: true, adjustments: false });
    expect(inAdvance(board, postal, phase('fall', 1901, 'movement'))).toEqual({ retreats: true, retreatLists: true, adjustments: true });
  });

  it('the five-phase year: nothing, unless the lists are chosen', () => {
    expect(inAdvance(board, rules(), phase('fall', 1901, 'movement'))).toEqual({ retreats: false, retreatLists: false, adjustments: false });
    const lists = rules({ retreats: 'priority-list', adjustments: 'priority-list' });
    expect(inAdvance(board, lists, phase('spring', 1901, 'movement'))).toEqual({ retreats: true, retreatLists: true, adjustments: false });
    expect(inAdvance(board, lists, phase('fall', 1901, 'movement'))).toEqual({ retreats: true, retreatLists: true, adjustments: true });
    expect(inAdvance(board, lists, phase('fall', 1901, 'retreat'))).toEqual({ retreats: false, retreatLists: false, adjustments: false });
  });

  it('a year without retreat phases but without lists retreats by retreat-default', () => {
    const custom = rules({ 'year-shape': 'custom', 'custom-phases': ['spring-movement', 'fall-movement', 'fall-retreat'] });
    expect(inAdvance(board, custom, phase('spring', 1901, 'movement'))).toEqual({ retreats: true, retreatLists: false, adjustments: false });
    expect(inAdvance(board, custom, phase('fall', 1901, 'movement'))).toEqual({ retreats: false, retreatLists: false, adjustments: false });
  });
});

/** Plays a case, parsing its orders with the real reader (lists included). */
function play(c: PhaseCase & { position?: Partial<Position> }): { result: PhaseResult; orders: Order[] } {
  const position = { ...casePosition(c), ...c.position };
  const orders: Order[] = [];
  const expected: (string | undefined)[] = [];
  for (const [power, list] of Object.entries(c.orders)) {
    for (const line of list) {
      const m = /^(.*?)\s*\[(succeeds|fails|illegal)\]$/.exec(line);
      orders.push(read(m ? m[1]! : line, { power, phase: position.phase.kind }));
      expected.push(m?.[2]);
    }
  }
  const result = adjudicatePhase(board, position, orders, rules(c.rules), c.seed === undefined ? {} : { seed: c.seed });
  result.results.slice(0, orders.length).forEach((r, i) => {
    if (expected[i]) expect(r.status, `${formatOrder(orders[i]!)}: ${r.reason ?? ''}`).toBe(expected[i]);
  });
  if (c.expectUnits) {
    const after = unitsByPower(result.next.units);
    for (const [p, list] of Object.entries(c.expectUnits)) expect(after[p] ?? [], `units of ${p}`).toEqual([...list].sort());
  }
  return { result, orders };
}

/** Germany's army in Munich dislodged from Bohemia, in spring or fall. */
function munichAttacked(season: string, germany: string[], extra: Partial<PhaseCase> = {}): PhaseCase {
  return {
    rules: POSTAL,
    phase: { season, kind: 'movement' },
    units: { germany: ['A mun', 'A ber'], austria: ['A boh', 'A tyr'] },
    owners: { germany: ['ber', 'kie', 'mun'], austria: ['bud', 'tri', 'vie'] },
    orders: { germany, austria: ['A boh - mun [succeeds]', 'A tyr S A boh - mun [succeeds]'] },
    ...extra,
  };
}

describe('a postal spring: moves and retreats', () => {
  it('retreats by the list and goes on to the fall movement, with nothing left dislodged', () => {
    const { result } = play({ ...munichAttacked('spring', ['A mun H retreat boh, ber, sil [fails]', 'A ber H']), expectUnits: { germany: ['A ber', 'A sil'] } });
    expect(result.dislodged).toEqual([{ power: 'germany', kind: 'army', at: 'mun', from: 'boh', byConvoy: false }]);
    expect(result.retreats).toEqual<RetreatOutcome[]>([
      {
        unit: { power: 'germany', kind: 'army', at: 'mun', from: 'boh', byConvoy: false },
        passed: [
          { to: 'boh', reason: 'attacker-origin' },
          { to: 'ber', reason: 'occupied' },
        ],
        outcome: 'retreats',
        to: 'sil',
        by: 'list',
      },
    ]);
    expect(result.next.phase).toEqual(phase('fall', 1901, 'movement'));
    expect(result.next.dislodged).toEqual([]);
    expect(result.next.standoffs).toEqual([]);
    expect(result.adjustments).toBeUndefined();
  });

  it('without a list the default decides, and says so', () => {
    const { result } = play(munichAttacked('spring', ['A mun H', 'A ber H']));
    expect(result.retreats).toMatchObject([{ outcome: 'retreats', to: 'kie', by: 'default', passed: [] }]);
  });

  it('a list that says disband disbands', () => {
    const { result } = play({ ...munichAttacked('spring', ['A mun H retreat disband', 'A ber H']), expectUnits: { germany: ['A ber'] } });
    expect(result.retreats).toMatchObject([{ outcome: 'disbanded', why: 'ordered' }]);
  });

  it('two units retreating to one province are destroyed, and the outcome names where they went', () => {
    const { result } = play({
      rules: POSTAL,
      units: { germany: ['A mun', 'A ber', 'F kie'], austria: ['A boh', 'A tyr'], russia: ['A pru', 'F bal'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: {
        germany: ['A mun H retreat sil', 'A ber H retreat sil', 'F kie H'],
        austria: ['A boh - mun', 'A tyr S A boh - mun'],
        russia: ['A pru - ber', 'F bal S A pru - ber'],
      },
      expectUnits: { germany: ['F kie'] },
    });
    expect(result.retreats?.map((r) => [r.unit.at, r.outcome, 'to' in r ? r.to : undefined])).toEqual([
      ['mun', 'destroyed', 'sil'],
      ['ber', 'destroyed', 'sil'],
    ]);
  });

  it('builds and disbands are written with the fall orders, not the spring ones', () => {
    const { result } = play(munichAttacked('spring', ['A ber H', 'Build A mun [illegal]', 'Build F kie, A mun [illegal]', 'Disband A ber, A mun [illegal]', 'A ber D [illegal]']));
    expect(result.results.slice(1, 5).map((r) => r.reason)).toEqual(['not-adjustment-time', 'not-adjustment-time', 'not-adjustment-time', 'not-adjustment-time']);
  });

  it('the retreat lottery follows the seed', () => {
    const lot = (seed: number): string | undefined => {
      const { result } = play({
        rules: POSTAL,
        seed,
        units: { england: ['F edi'], germany: ['A yor', 'F cly'] },
        owners: { england: ['edi', 'lon', 'lvp'] },
        orders: { germany: ['A yor - edi', 'F cly S A yor - edi'] },
      });
      const r = result.retreats?.[0];
      return r?.outcome === 'retreats' ? r.to : undefined;
    };
    expect(lot(1)).toBe(lot(1));
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(lot));
    expect(seen).toEqual(new Set(['nth', 'nwg']));
  });
});

describe('a postal fall: moves, retreats, then the adjustments', () => {
  it('changes owners after the retreats, builds by the list, and goes on to the next spring', () => {
    const { result } = play({
      rules: POSTAL,
      phase: { season: 'fall', kind: 'movement' },
      units: { germany: ['A hol'], france: ['A ruh', 'F nth'] },
      owners: { germany: ['ber', 'kie', 'mun', 'hol'], france: ['bre', 'mar', 'par'] },
      orders: { germany: ['A hol H retreat bel [fails]', 'Build A ber, F kie, A mun, F ber [succeeds]'], france: ['A ruh - hol', 'F nth S A ruh - hol'] },
      expectUnits: { germany: ['A bel', 'A ber', 'A mun', 'F kie'] },
    });
    expect(result.next.phase).toEqual(phase('spring', 1902, 'movement'));
    expect(result.next.owners).toMatchObject({ bel: 'germany', hol: 'france', ber: 'germany' });
    const germany = result.adjustments?.find((a) => a.power === 'germany');
    expect(germany).toMatchObject({ centres: 4, units: 1, built: [
      { power: 'germany', kind: 'army', at: 'ber' },
      { power: 'germany', kind: 'fleet', at: 'kie' },
      { power: 'germany', kind: 'army', at: 'mun' },
    ] });
    expect(germany?.builds.map((b) => [b.entry.at, b.status, b.reason, b.orderIndex])).toEqual([
      ['ber', 'succeeds', undefined, 1],
      ['kie', 'succeeds', undefined, 1],
      ['mun', 'succeeds', undefined, 1],
      ['ber', 'fails', 'build-site-taken', 1],
    ]);
    expect(result.adjustments?.find((a) => a.power === 'france')).toMatchObject({ centres: 4, units: 2, built: [] });
  });

  it('disbands by the list first, then by removal-order, and reports both', () => {
    const { result } = play({
      rules: POSTAL,
      phase: { season: 'fall', kind: 'movement' },
      units: { germany: ['A ber', 'A mun', 'A sil', 'A ruh'], england: ['F kie'] },
      owners: { germany: ['ber', 'mun'], england: ['kie'] },
      orders: { germany: ['Disband A pru, A ruh [succeeds]'] },
      expectUnits: { germany: ['A ber', 'A mun'] },
    });
    const germany = result.adjustments?.find((a) => a.power === 'germany');
    expect(germany?.disbands.map((d) => [d.entry.at, d.status, d.reason])).toEqual([
      ['pru', 'illegal', 'no-unit'],
      ['ruh', 'succeeds', undefined],
    ]);
    expect(germany?.disbanded).toEqual([{ power: 'germany', kind: 'army', at: 'ruh' }]);
    expect(germany?.removed).toEqual([{ power: 'germany', kind: 'army', at: 'sil' }]);
    expect(result.removed).toEqual([{ power: 'germany', kind: 'army', at: 'sil' }]);
  });

  it('a unit is rebuilt as the other kind only with voluntary-disbands', () => {
    const orders = { germany: ['A ber D', 'Build F ber', 'A mun D'] };
    const units = { germany: ['A ber', 'A mun', 'F kie'] };
    const owners = { germany: ['ber', 'kie', 'mun'] };
    const base = { phase: { season: 'fall', kind: 'movement' as const }, units, owners, orders };
    play({ ...base, rules: POSTAL, expectUnits: { germany: ['F ber', 'A mun', 'F kie'] } });
    const { result } = play({ ...base, rules: { ...POSTAL, 'voluntary-disbands': false }, expectUnits: { germany: ['A ber', 'A mun', 'F kie'] } });
    expect(result.results.map((r) => [r.status, r.reason])).toEqual([
      ['fails', 'no-disbands'],
      ['illegal', 'occupied'],
      ['fails', 'no-disbands'],
    ]);
  });

  it('a list none of whose entries is carried out fails; a waive is accepted', () => {
    const { result } = play({
      rules: POSTAL,
      phase: { season: 'fall', kind: 'movement' },
      units: { germany: ['A ber', 'A mun', 'F kie'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: { germany: ['Disband A mun, A ber [fails]', 'Waive [succeeds]'] },
    });
    expect(result.results[0]).toMatchObject({ reason: 'list-unused' });
    const { result: builds } = play({
      rules: POSTAL,
      phase: { season: 'fall', kind: 'movement' },
      units: { germany: ['A ber', 'F kie'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: { germany: ['Build A ber, F kie [fails]'] },
      expectUnits: { germany: ['A ber', 'F kie'] },
    });
    expect(builds.adjustments?.[0]?.builds.map((b) => b.reason)).toEqual(['occupied', 'occupied']);
  });

  it('the results of the moves keep their order among the lists', () => {
    const { result, orders } = play({
      rules: POSTAL,
      phase: { season: 'fall', kind: 'movement' },
      units: { germany: ['A ber', 'A mun'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: { germany: ['Build F kie [succeeds]', 'A ber - pru [succeeds]', 'A mun - ber [succeeds]'] },
      expectUnits: { germany: ['A ber', 'A pru', 'F kie'] },
    });
    expect(result.results.map((r) => r.order)).toEqual(orders);
  });
});

describe('lists where the rules have no place for them', () => {
  it('the five-phase year: a retreat list is illegal (the unit holds), and so are build and disband lists', () => {
    const c = munichAttacked('fall', ['A mun H retreat sil [illegal]', 'A ber H [succeeds]', 'Build F kie, A mun [illegal]', 'Disband A ber, A mun [illegal]'], { rules: {} });
    const { result } = play(c);
    expect(result.results.map((r) => r.reason)).toEqual(['no-retreat-lists', undefined, 'no-adjustment-lists', 'no-adjustment-lists', undefined, undefined]);
    expect(result.next.phase.kind).toBe('retreat');
    expect(result.next.dislodged.map((d) => d.at)).toEqual(['mun']);
    expect(result.retreats).toBeUndefined();
  });

  it('an adjustment phase: lists are illegal', () => {
    const { result } = play({
      phase: { season: 'winter', kind: 'adjustment' },
      units: { germany: ['A ber'] },
      owners: { germany: ['ber', 'kie', 'mun'] },
      orders: { germany: ['Build F kie, A mun [illegal]', 'Build A mun [succeeds]'] },
      expectUnits: { germany: ['A ber', 'A mun'] },
    });
    expect(result.results[0]?.reason).toBe('no-adjustment-lists');
  });
});

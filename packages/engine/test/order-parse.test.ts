import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNameIndex } from '../src/board/names.js';
import type { VariantConfig } from '../src/config/index.js';
import { formatOrder } from '../src/orders/format.js';
import type { Order } from '../src/orders/order.js';
import { parseOrder, type ParseContext } from '../src/orders/parse.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const index = buildNameIndex(classic);

const england: ParseContext = { power: 'england' };
const retreat: ParseContext = { power: 'austria', phase: 'retreat' };
const adjust: ParseContext = { power: 'russia', phase: 'adjustment' };

function read(text: string, context: ParseContext = england): Order {
  const result = parseOrder(index, text, context);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.order;
}

const A = 'army' as const;
const F = 'fleet' as const;

// [text, context, expected order]
const NOTATIONS: [string, ParseContext, Order][] = [
  // holds, with and without a power prefix or a unit kind
  ['A par H', england, { power: 'england', type: 'hold', unit: { kind: A, at: 'par' } }],
  ['A par holds', england, { power: 'england', type: 'hold', unit: { kind: A, at: 'par' } }],
  ['army Paris hold', england, { power: 'england', type: 'hold', unit: { kind: A, at: 'par' } }],
  ['par H', england, { power: 'england', type: 'hold', unit: { at: 'par' } }],
  ['F bre H', { power: 'france' }, { power: 'france', type: 'hold', unit: { kind: F, at: 'bre' } }],
  ['England: A lon H', {}, { power: 'england', type: 'hold', unit: { kind: A, at: 'lon' } }],
  ['eng: A lon H', {}, { power: 'england', type: 'hold', unit: { kind: A, at: 'lon' } }],
  ['English: A lon H', { power: 'france' }, { power: 'england', type: 'hold', unit: { kind: A, at: 'lon' } }],
  ['英国: A 伦敦 H', {}, { power: 'england', type: 'hold', unit: { kind: A, at: 'lon' } }],
  // moves: arrows and words
  ['A par - bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par -> bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par => bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par → bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par – bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par to bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['Army Paris moves to Burgundy', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['move A par to bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['Ａ ｐａｒ － ｂｕｒ', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  ['A par-bur', england, { power: 'england', type: 'move', unit: { kind: A, at: 'par' }, to: 'bur', viaConvoy: false }],
  // convoyed moves and routes (DATC 4.A.6)
  ['A lon - nwy via convoy', england, { power: 'england', type: 'move', unit: { kind: A, at: 'lon' }, to: 'nwy', viaConvoy: true }],
  ['A lon - nwy by convoy', england, { power: 'england', type: 'move', unit: { kind: A, at: 'lon' }, to: 'nwy', viaConvoy: true }],
  ['A lon - nth - nwy', england, { power: 'england', type: 'move', unit: { kind: A, at: 'lon' }, to: 'nwy', viaConvoy: true, path: ['nth'] }],
  [
    'A lon -> English Channel -> Mid-Atlantic Ocean -> por',
    england,
    { power: 'england', type: 'move', unit: { kind: A, at: 'lon' }, to: 'por', viaConvoy: true, path: ['eng', 'mao'] },
  ],
  // multi-word names, longest first
  ['A North Africa - Mid-Atlantic Ocean', england, { power: 'england', type: 'move', unit: { kind: A, at: 'naf' }, to: 'mao', viaConvoy: false }],
  ['F North Atlantic Ocean - Norwegian Sea', england, { power: 'england', type: 'move', unit: { kind: F, at: 'nao' }, to: 'nwg', viaConvoy: false }],
  ['F mid - nat', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'nao', viaConvoy: false }],
  ['F St. Petersburg (South Coast) - Gulf of Bothnia', england, { power: 'england', type: 'move', unit: { kind: F, at: 'stp/sc' }, to: 'bot', viaConvoy: false }],
  // coasts in every spelling
  ['F mao - spa/nc', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa/nc', viaConvoy: false }],
  ['F mao - spa(nc)', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa/nc', viaConvoy: false }],
  ['F mao - spa nc', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa/nc', viaConvoy: false }],
  ['F mao - spa north coast', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa/nc', viaConvoy: false }],
  ['F mao - Spain (North Coast)', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa/nc', viaConvoy: false }],
  ['F mao - spa', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa', viaConvoy: false }],
  ['F stp/sc - bot', england, { power: 'england', type: 'move', unit: { kind: F, at: 'stp/sc' }, to: 'bot', viaConvoy: false }],
  // a coast the province does not have is garbage, ignored (DATC 4.B.6)
  ['F bre/xc - mao', england, { power: 'england', type: 'move', unit: { kind: F, at: 'bre' }, to: 'mao', viaConvoy: false }],
  ['F mao - spa/wc', england, { power: 'england', type: 'move', unit: { kind: F, at: 'mao' }, to: 'spa', viaConvoy: false }],
  // supports
  ['A mar S A par - bur', england, { power: 'england', type: 'support', unit: { kind: A, at: 'mar' }, supported: { kind: A, at: 'par' }, to: 'bur' }],
  ['A mar supports A par -> bur', england, { power: 'england', type: 'support', unit: { kind: A, at: 'mar' }, supported: { kind: A, at: 'par' }, to: 'bur' }],
  ['A mun S A ber', england, { power: 'england', type: 'support', unit: { kind: A, at: 'mun' }, supported: { kind: A, at: 'ber' } }],
  ['A mun S A ber H', england, { power: 'england', type: 'support', unit: { kind: A, at: 'mun' }, supported: { kind: A, at: 'ber' } }],
  ['mun S ber', england, { power: 'england', type: 'support', unit: { at: 'mun' }, supported: { at: 'ber' } }],
  [
    'A rum S Turkish F con - bul/ec',
    england,
    { power: 'england', type: 'support', unit: { kind: A, at: 'rum' }, supported: { kind: F, at: 'con', power: 'turkey' }, to: 'bul/ec' },
  ],
  [
    'A rum S turkey F con - bul',
    england,
    { power: 'england', type: 'support', unit: { kind: A, at: 'rum' }, supported: { kind: F, at: 'con', power: 'turkey' }, to: 'bul' },
  ],
  // convoys
  ['F nth C A lon - nwy', england, { power: 'england', type: 'convoy', unit: { kind: F, at: 'nth' }, army: { kind: A, at: 'lon' }, to: 'nwy' }],
  ['F North Sea convoys A London to Norway', england, { power: 'england', type: 'convoy', unit: { kind: F, at: 'nth' }, army: { kind: A, at: 'lon' }, to: 'nwy' }],
  ['F nth C lon - nwy', england, { power: 'england', type: 'convoy', unit: { kind: F, at: 'nth' }, army: { at: 'lon' }, to: 'nwy' }],
  // retreats: R always; `-` in a retreat phase
  ['A tri R alb', retreat, { power: 'austria', type: 'retreat', unit: { kind: A, at: 'tri' }, to: 'alb' }],
  ['A tri retreats to alb', retreat, { power: 'austria', type: 'retreat', unit: { kind: A, at: 'tri' }, to: 'alb' }],
  ['A tri - alb', retreat, { power: 'austria', type: 'retreat', unit: { kind: A, at: 'tri' }, to: 'alb' }],
  ['A tri R alb', england, { power: 'england', type: 'retreat', unit: { kind: A, at: 'tri' }, to: 'alb' }],
  ['A tri - alb', england, { power: 'england', type: 'move', unit: { kind: A, at: 'tri' }, to: 'alb', viaConvoy: false }],
  // a support in a retreat phase is read as written; the adjudicator rejects it (DATC 6.H.1)
  ['A ser S F tri - alb', retreat, { power: 'austria', type: 'support', unit: { kind: A, at: 'ser' }, supported: { kind: F, at: 'tri' }, to: 'alb' }],
  // disbands and removals
  ['A tri D', retreat, { power: 'austria', type: 'disband', unit: { kind: A, at: 'tri' } }],
  ['A tri disband', retreat, { power: 'austria', type: 'disband', unit: { kind: A, at: 'tri' } }],
  ['Disband A tri', retreat, { power: 'austria', type: 'disband', unit: { kind: A, at: 'tri' } }],
  ['Remove A war', adjust, { power: 'russia', type: 'disband', unit: { kind: A, at: 'war' } }],
  ['A war remove', adjust, { power: 'russia', type: 'disband', unit: { kind: A, at: 'war' } }],
  // builds and waives
  ['Build F lon', england, { power: 'england', type: 'build', kind: F, at: 'lon' }],
  ['B F lon', england, { power: 'england', type: 'build', kind: F, at: 'lon' }],
  ['F lon build', england, { power: 'england', type: 'build', kind: F, at: 'lon' }],
  ['build a fleet in St Petersburg (North Coast)', adjust, { power: 'russia', type: 'build', kind: F, at: 'stp/nc' }],
  ['Build stp', adjust, { power: 'russia', type: 'build', at: 'stp' }],
  ['Russia: Build A mos.', {}, { power: 'russia', type: 'build', kind: A, at: 'mos' }],
  ['Waive', adjust, { power: 'russia', type: 'waive' }],
  ['waives', adjust, { power: 'russia', type: 'waive' }],
  ['waive build', adjust, { power: 'russia', type: 'waive' }],
  ['Russia: waive a build', {}, { power: 'russia', type: 'waive' }],
];

describe('parseOrder: the notations', () => {
  it.each(NOTATIONS)('%s', (text, context, expected) => {
    expect(read(text, context)).toStrictEqual(expected);
  });
});

describe('parseOrder: whose order it is', () => {
  const units = new Map([
    ['par', { power: 'france', kind: A, at: 'par' }],
    ['spa', { power: 'france', kind: F, at: 'spa/sc' }],
  ]);
  const unitAt = (loc: string) => units.get(loc);

  it('takes the prefix first, then the context power, then the unit’s owner', () => {
    expect(read('germany: A par H', { power: 'italy', unitAt }).power).toBe('germany');
    expect(read('A par H', { power: 'italy', unitAt }).power).toBe('italy');
    expect(read('A par H', { unitAt }).power).toBe('france');
  });

  it('leaves a missing unit kind out even when the board knows it (DATC 4.C.1)', () => {
    expect(read('par - bur', { unitAt })).toStrictEqual({
      power: 'france',
      type: 'move',
      unit: { at: 'par' },
      to: 'bur',
      viaConvoy: false,
    });
  });

  it('keeps a wrong coast or kind as written and still finds the owner by province (DATC 4.B.5, 4.C.2)', () => {
    expect(read('A spa/nc H', { unitAt })).toStrictEqual({ power: 'france', type: 'hold', unit: { kind: A, at: 'spa/nc' } });
  });

  it('fails when no power can be told', () => {
    const noUnit = parseOrder(index, 'A bur H', { unitAt });
    expect(noUnit).toMatchObject({ ok: false, code: 'no-power', start: 0, end: 7 });
    if (!noUnit.ok) expect(noUnit.message).toContain('no unit is in bur');
    expect(parseOrder(index, 'Build F lon')).toMatchObject({ ok: false, code: 'no-power' });
    expect(parseOrder(index, 'Waive', { unitAt })).toMatchObject({ ok: false, code: 'no-power' });
  });
});

// [text, code, the text the span covers, the message (exact, or a part of it)]
const ERRORS: [string, string, string, string][] = [
  ['A qqq H', 'unknown-province', 'qqq', "unknown province 'qqq'"],
  // too short to guess (fewer than five letters), and close to two provinces: did-you-mean only
  ['A Pars - bur', 'unknown-province', 'Pars', "unknown province 'Pars'; did you mean 'par' (Paris)?"],
  ['A Nales H', 'unknown-province', 'Nales', "unknown province 'Nales'; did you mean 'nap' (Naples) or 'wal' (Wales)?"],
  ['Xyz: A par H', 'unknown-power', 'Xyz', "unknown power 'Xyz'"],
  ['fra A par H', 'unknown-province', 'fra', "'fra' names a power (France): a power before an order takes a colon, as in 'fra: ORDER'"],
  [': A lon H', 'unknown-power', ':', "expected a power before ':'"],
  ['A par ---> bur', 'bad-arrow', '--->', "'--->' is not a move arrow"],
  ['A par', 'expected-order', 'par', 'the order ends after the unit'],
  ['A par x bur', 'expected-order', 'x', "'x' is not an order"],
  ['A par -', 'expected-location', '-', 'the order ends where a province was expected'],
  ['A par - )', 'expected-location', ')', "expected a province, not ')'"],
  ['F spa/ H', 'expected-coast', 'H', "expected a coast after '/'"],
  ['F nth C A lon', 'expected-move', 'lon', "expected '-'"],
  ['A par - bur extra words', 'unexpected', 'extra words', "unexpected 'extra words' after the order"],
  ['', 'empty', '', 'empty order'],
  ['England:', 'empty', ':', 'no order after the power'],
];

// Misspelt names, read as the name they are close to with a warning (docs/GAME-LANGUAGE.md,
// "Misspelt names"). Before guessing these were errors; a strict reader (guessNames: false)
// still rejects them, with the did-you-mean they had: [text, order, the warning's words,
// the strict error's message].
const GUESSES: [string, string, string, string][] = [
  ['A Pariss - bur', 'england: A par - bur', 'Pariss', "unknown province 'Pariss'; did you mean 'par' (Paris)?"],
  ['A par - Burgandy', 'england: A par - bur', 'Burgandy', "unknown province 'Burgandy'; did you mean 'bur' (Burgundy)?"],
  ['F lon - North Atlantc Ocean', 'england: F lon - nao', 'North Atlantc Ocean', "did you mean 'nao' (North Atlantic Ocean)"],
  ['A mar S A Pariss - bur', 'england: A mar S A par - bur', 'Pariss', "unknown province 'Pariss'"],
  ['ingland: A lon H', 'england: A lon H', 'ingland', "unknown power 'ingland'; did you mean 'england'?"],
];

describe('parseOrder: errors', () => {
  it.each(ERRORS)('%s', (text, code, covered, message) => {
    const result = parseOrder(index, text, england);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe(code);
    expect(text.slice(result.start, result.end)).toBe(covered);
    expect(result.message).toContain(message);
  });

  it.each(GUESSES)('%s: guessed, with a warning; an error for a strict reader', (text, order, covered, strictMessage) => {
    const result = parseOrder(index, text, england);
    if (!result.ok) throw new Error(`${text}: ${result.message}`);
    expect(formatOrder(result.order, { power: true })).toBe(order);
    expect(result.warnings?.map((w) => [w.code, text.slice(w.start, w.end)])).toEqual([['guessed-name', covered]]);
    const strict = parseOrder(index, text, { ...england, guessNames: false });
    expect(strict.ok).toBe(false);
    if (strict.ok) return;
    expect(strict.code).toBe(text.includes(':') ? 'unknown-power' : 'unknown-province');
    expect(text.slice(strict.start, strict.end)).toBe(covered);
    expect(strict.message).toContain(strictMessage);
  });

  it('reports an ambiguous name', () => {
    const config: VariantConfig = {
      ...classic,
      provinces: [
        { id: 'aaa', name: 'Twin', terrain: 'land', supplyCentre: false },
        { id: 'bbb', name: 'Twin', terrain: 'land', supplyCentre: false },
      ],
    };
    const result = parseOrder(buildNameIndex(config), 'A twin H', england);
    expect(result).toMatchObject({ ok: false, code: 'ambiguous-province', start: 2, end: 6 });
  });

  it('never throws, whatever the input', () => {
    const pieces = ['A', 'F', 'par', 'bur', 'spa', 'nc', 'North', 'Atlantic', 'Ocean', '-', '->', '--->', '=>', 'S', 'C', 'H', 'R', 'D',
      'via', 'convoy', 'Build', 'Waive', 'england', ':', '(', ')', '/', '.', ',', ' ', '  ', 'ｓ', '\u0301', '😀', '\ud800', '\u0000', '"', "'", '→', '西班牙'];
    let seed = 12345;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const unitAt = (loc: string) => (loc === 'par' ? { power: 'france', kind: A, at: 'par' } : undefined);
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const count = next(9);
      for (let j = 0; j < count; j++) {
        text += next(4) === 0 ? String.fromCodePoint(next(0x3000)) : (pieces[next(pieces.length)] ?? '');
        if (next(2) === 0) text += ' ';
      }
      const context: ParseContext = next(2) === 0 ? { unitAt } : { phase: 'retreat' };
      const result = parseOrder(index, text, context);
      if (!result.ok) {
        expect(result.message.length).toBeGreaterThan(0);
        expect(0 <= result.start && result.start <= result.end && result.end <= text.length).toBe(true);
      }
    }
    for (const bad of [undefined, null, 42, {}]) {
      expect(() => parseOrder(index, bad as unknown as string)).not.toThrow();
    }
    const throwing = () => {
      throw new Error('board unavailable');
    };
    expect(parseOrder(index, 'A par H', { unitAt: throwing })).toMatchObject({ ok: false, code: 'internal' });
  });
});

describe('formatOrder', () => {
  it.each([
    ['A par - bur', 'A par - bur'],
    ['F nth C A lon - nwy', 'F nth C A lon - nwy'],
    ['A mar supports A par -> bur', 'A mar S A par - bur'],
    ['army Munich supports army Berlin', 'A mun S A ber'],
    ['F brest holds', 'F bre H'],
    ['A tri retreat alb', 'A tri R alb'],
    ['Disband A tri', 'A tri D'],
    ['B fleet London', 'Build F lon'],
    ['waive build', 'Waive'],
    ['A lon - nwy by convoy', 'A lon - nwy via convoy'],
    ['A lon - nth - nwy', 'A lon - nth - nwy'],
    ['F mao - Spain (North Coast)', 'F mao - spa/nc'],
    ['A rum S Turkish F con - bul/ec', 'A rum S turkey F con - bul/ec'],
    ['par - bur', 'par - bur'],
    ['Build stp', 'Build stp'],
  ])('%s → %s', (text, canonical) => {
    expect(formatOrder(read(text))).toBe(canonical);
  });

  it('writes the power on request', () => {
    expect(formatOrder(read('A par - bur', { power: 'france' }), { power: true })).toBe('france: A par - bur');
  });

  it('round-trips every order the notations give', () => {
    for (const [, , order] of NOTATIONS) {
      expect(read(formatOrder(order), { power: order.power })).toStrictEqual(order);
      expect(read(formatOrder(order, { power: true }), {})).toStrictEqual(order);
    }
  });

  it('round-trips orders built by hand', () => {
    const orders: Order[] = [
      { power: 'turkey', type: 'hold', unit: { at: 'con' } },
      { power: 'turkey', type: 'move', unit: { kind: F, at: 'con' }, to: 'bul/ec', viaConvoy: false },
      { power: 'turkey', type: 'move', unit: { kind: A, at: 'smy' }, to: 'con', viaConvoy: true },
      { power: 'turkey', type: 'move', unit: { at: 'smy' }, to: 'gre', viaConvoy: true, path: ['aeg'] },
      { power: 'russia', type: 'support', unit: { kind: F, at: 'stp/sc' }, supported: { kind: F, at: 'bot' }, to: 'swe' },
      { power: 'russia', type: 'support', unit: { kind: A, at: 'rum' }, supported: { kind: F, at: 'con', power: 'turkey' }, to: 'bul/sc' },
      { power: 'russia', type: 'support', unit: { at: 'rum' }, supported: { at: 'bul', power: 'turkey' } },
      { power: 'italy', type: 'convoy', unit: { kind: F, at: 'ion' }, army: { kind: A, at: 'tun', power: 'france' }, to: 'nap' },
      { power: 'italy', type: 'retreat', unit: { at: 'nap' }, to: 'apu' },
      { power: 'italy', type: 'disband', unit: { kind: F, at: 'spa/sc' } },
      { power: 'italy', type: 'build', at: 'rom' },
      { power: 'russia', type: 'build', kind: F, at: 'stp/nc' },
      { power: 'italy', type: 'waive' },
    ];
    for (const order of orders) {
      expect(read(formatOrder(order), { power: order.power })).toStrictEqual(order);
    }
  });
});

/**
 * The order reader's shortcut for plain orders (`src/orders/plain.ts`) must
 * give what the general reader gives. The general reader is reached by a
 * trailing `.`, which it reads as punctuation after the order and which the
 * shortcut leaves to it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicatePhase, buildNameIndex, compileBoard, formatOrder, initialPosition, legalOrders, mulberry32, parseOrder, phaseIsEmpty, randomOrders, type PhaseKind } from '../src/index.js';
import type { VariantConfig } from '../src/config/index.js';
import { readPlainOrder } from '../src/orders/plain.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const index = buildNameIndex(classic);
const PHASES: PhaseKind[] = ['movement', 'retreat', 'adjustment'];

/** The general reader's result for `text`. */
function general(text: string, power: string, phase: PhaseKind): unknown {
  return parseOrder(index, `${text}.`, { power, phase });
}

const PLAIN = [
  'A ber H',
  'a ber h',
  'A BER - KIE',
  'A ber - kie',
  'A ber - kie via convoy',
  'A ber - kie by convoy',
  'F nth C A lon - nwy',
  'A mun S A ber',
  'A mun S A ber - kie',
  'F bot S F stp/sc',
  'F stp/nc - nwy',
  'F nwy - stp/nc',
  'F mao S A mar - spa',
  'A spa H',
  'A spa - por',
  'A ber R sil',
  'A ber D',
  'Build F lon',
  'Build A war',
  'Build F stp/nc',
  'Waive',
];

/** Texts the general reader reads some other way (or not at all): the shortcut must leave them to it, or agree. */
const OTHERS = [
  'A spa nc - por',
  'F spa nc H',
  'A ber - kie - den',
  'A ber -> kie',
  'A  ber H',
  ' A ber H',
  'A ber H ',
  'A ber H retreat sil',
  'A ber holds',
  'A a army H',
  'A Berlin H',
  'A ber - xyz',
  'A berlni - kie',
  'A lon - north sea',
  'A ber R to sil',
  'F stp/xc H',
  'F stp/ H',
  'A mun S Germany A ber',
  'A mun S A ber H',
  'A mun S A ber to kie',
  'F nth C A lon nwy',
  'Build F lon, A edi',
  'Build lon',
  'Waive build',
  'germany: A ber H',
  'A ber D D',
  'A ber - kie via',
  'A ber - kie via convoy now',
  '',
];

describe('plain orders read without tokens', () => {
  it('reads the plain notation as the general reader does', () => {
    for (const text of PLAIN) {
      for (const phase of PHASES) {
        const plain = readPlainOrder(index, text, 'germany', phase);
        expect(plain, text).toBeDefined();
        expect(parseOrder(index, text, { power: 'germany', phase }), `${text} (${phase})`).toEqual(general(text, 'germany', phase));
        // Same keys in the same order: results are compared as JSON by the editor's re-check.
        expect(JSON.stringify(plain)).toBe(JSON.stringify((general(text, 'germany', phase) as { order: unknown }).order));
      }
    }
  });

  it('leaves every other text to the general reader, or reads it the same', () => {
    for (const text of OTHERS) {
      for (const phase of PHASES) {
        const plain = readPlainOrder(index, text, 'germany', phase);
        const full = parseOrder(index, text, { power: 'germany', phase });
        if (plain !== undefined) expect(full.ok && JSON.stringify(full.order), `${text} (${phase})`).toBe(JSON.stringify(plain));
      }
    }
    expect(readPlainOrder(index, 'A spa nc - por', 'spain', 'movement')).toBeUndefined();
    expect(readPlainOrder(index, 'A ber - xyz', 'germany', 'movement')).toBeUndefined();
  });

  it('reads the orders of random games as the general reader does', () => {
    const board = compileBoard(classic);
    const rules = classic.rules;
    let read = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const rng = mulberry32(seed);
      let position = initialPosition(classic);
      for (let k = 0; k < 40; k++) {
        if (phaseIsEmpty(board, rules, position)) {
          position = adjudicatePhase(board, position, [], rules).next;
          continue;
        }
        const legal = legalOrders(board, position, rules);
        const orders = randomOrders(board, position, rules, rng, { legal });
        for (const o of orders) {
          const text = formatOrder(o);
          const phase = position.phase.kind;
          if (readPlainOrder(index, text, o.power, phase) !== undefined) read++;
          expect(JSON.stringify(parseOrder(index, text, { power: o.power, phase })), text).toBe(JSON.stringify(general(text, o.power, phase)));
        }
        position = adjudicatePhase(board, position, orders, rules).next;
      }
    }
    expect(read).toBeGreaterThan(1000);
  });
});

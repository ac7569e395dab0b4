// The jDip order-parser suite (69 cases), transcribed in fixtures/order-suite.json.
// Every case must give what the suite expects, translated to our notation, except
// the few listed in DIFFERENCES, where our reader deliberately behaves otherwise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNameIndex } from '../src/board/names.js';
import type { VariantConfig } from '../src/config/index.js';
import type { UnitKind } from '../src/game/position.js';
import { formatOrder } from '../src/orders/format.js';
import { parseOrder, type ParseContext } from '../src/orders/parse.js';

interface SuiteUnit {
  power: string;
  kind: UnitKind;
  at: string;
}

interface Suite {
  variant: { base: string; powerAliases: Record<string, string[]> };
  context: { units: SuiteUnit[] };
  cases: { text: string; expect: { order: string } | { fail: true }; jdip: string }[];
}

const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const classic = load('classic.json') as VariantConfig;
const suite = load('order-suite.json') as Suite;

// The suite's variant: the classic map plus the names jDip's map has and ours lacks.
const variant: VariantConfig = {
  ...classic,
  powers: classic.powers.map((p) => ({ ...p, aliases: [...(p.aliases ?? []), ...(suite.variant.powerAliases[p.id] ?? [])] })),
};
const index = buildNameIndex(variant);
const units = new Map(suite.context.units.map((u) => [u.at, u]));
const context: ParseContext = { unitAt: (loc) => units.get(loc) };

/**
 * Our reader does not correct misspellings: a name it does not know is an error
 * with a did-you-mean hint, never a guess. An order sent to the wrong province, or
 * for the wrong power (Iran and Iraq in a variant), is worse than a rejected one,
 * and the game language's users see the hint at once. jDip guesses; these cases
 * expect its guesses.
 */
const MISSPELLING = 'misspelt names are rejected with a did-you-mean hint, not corrected';
const DIFFERENCES: Record<string, { reason: string; code: string; covered: string; hint?: string }> = {
  'britaine: a lon holds': { reason: MISSPELLING, code: 'unknown-power', covered: 'britaine', hint: "did you mean 'england'?" },
  'bretain: a lon holds': { reason: MISSPELLING, code: 'unknown-power', covered: 'bretain', hint: "did you mean 'england'?" },
  'ingland: a lon holds': { reason: MISSPELLING, code: 'unknown-power', covered: 'ingland', hint: "did you mean 'england'?" },
  'a burgandy holds': { reason: MISSPELLING, code: 'unknown-province', covered: 'burgandy', hint: "did you mean 'bur' (Burgundy)?" },
  'a bargandy holds': { reason: MISSPELLING, code: 'unknown-province', covered: 'bargandy', hint: "did you mean 'bur' (Burgundy)?" },
  // Too far from any name for the edit-distance hint.
  'a bergendee holds': { reason: MISSPELLING, code: 'unknown-province', covered: 'bergendee' },
  'a bargdrly holds': { reason: MISSPELLING, code: 'unknown-province', covered: 'bargdrly' },
};

describe('the jDip order-parser suite', () => {
  it('has all 69 cases, and the differences name cases of it', () => {
    expect(suite.cases).toHaveLength(69);
    const texts = new Set(suite.cases.map((c) => c.text));
    for (const text of Object.keys(DIFFERENCES)) expect(texts.has(text)).toBe(true);
    expect(suite.cases.filter((c) => !(c.text in DIFFERENCES))).toHaveLength(62);
  });

  it.each(suite.cases.filter((c) => !(c.text in DIFFERENCES)))('$text', ({ text, expect: expected }) => {
    const result = parseOrder(index, text, context);
    if ('fail' in expected) {
      expect(result.ok).toBe(false);
      return;
    }
    if (!result.ok) throw new Error(`${text}: ${result.message}`);
    expect(formatOrder(result.order, { power: true })).toBe(expected.order);
    // The canonical text reads back to the same order.
    const again = parseOrder(index, expected.order);
    expect(again.ok && again.order).toStrictEqual(result.order);
  });

  it.each(Object.entries(DIFFERENCES))('differs on purpose: %s', (text, difference) => {
    const result = parseOrder(index, text, context);
    if (result.ok) throw new Error(`${text}: expected a failure, got ${formatOrder(result.order, { power: true })}`);
    expect(result.code).toBe(difference.code);
    expect(text.slice(result.start, result.end)).toBe(difference.covered);
    if (difference.hint === undefined) expect(result.message).not.toContain('did you mean');
    else expect(result.message).toContain(difference.hint);
  });
});

// The jDip order-parser suite (69 cases), transcribed in fixtures/order-suite.json.
// Every case must give exactly what the suite expects, translated to our notation:
// the order, or a failure with a clear diagnostic. The misspellings read with a warning.
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
 * The misspellings jDip corrects, and so do we (docs/GAME-LANGUAGE.md, "Misspelt
 * names"), but never silently: each comes with a guessed-name warning over the
 * misspelt word. Every other case reads with no warning.
 */
const GUESSED: Record<string, { covered: string; message: string }> = {
  'britaine: a lon holds': { covered: 'britaine', message: "read 'britaine' as england (England)" },
  'bretain: a lon holds': { covered: 'bretain', message: "read 'bretain' as england (England)" },
  'ingland: a lon holds': { covered: 'ingland', message: "read 'ingland' as england (England)" },
  // by spelling: one or two letters changed in eight
  'a burgandy holds': { covered: 'burgandy', message: "read 'burgandy' as bur (Burgundy)" },
  'a bargandy holds': { covered: 'bargandy', message: "read 'bargandy' as bur (Burgundy)" },
  // by sound: the consonant frame b-r-g-n-d, and b-r-g-d-r-l, which keeps all of it but the n
  'a bergendee holds': { covered: 'bergendee', message: "read 'bergendee' as bur (Burgundy)" },
  'a bargdrly holds': { covered: 'bargdrly', message: "read 'bargdrly' as bur (Burgundy)" },
};

/** The cases the suite expects to fail, and the diagnostic each gets: its code and the words it covers. */
const FAILURES: Record<string, { code: string; covered: string; message: string }> = {
  'fra a burgundy holds': { code: 'unknown-province', covered: 'fra', message: "'fra' names a power (France): a power before an order takes a colon" },
  // too far from every name, by spelling and by sound (b-r-g-l keeps three of Burgundy's five consonants)
  'a brigawly holds': { code: 'unknown-province', covered: 'brigawly', message: "unknown province 'brigawly'" },
  'lvp ---> edi': { code: 'bad-arrow', covered: '--->', message: "'--->' is not a move arrow" },
  'liv -> edi': { code: 'unknown-province', covered: 'liv', message: "unknown province 'liv'" },
};

describe('the jDip order-parser suite', () => {
  it('has all 69 cases, and the tables here name cases of it', () => {
    expect(suite.cases).toHaveLength(69);
    const texts = new Set(suite.cases.map((c) => c.text));
    for (const text of [...Object.keys(GUESSED), ...Object.keys(FAILURES)]) expect(texts.has(text)).toBe(true);
    expect(suite.cases.filter((c) => 'fail' in c.expect).map((c) => c.text)).toEqual(Object.keys(FAILURES));
  });

  it.each(suite.cases)('$text', ({ text, expect: expected }) => {
    const result = parseOrder(index, text, context);
    if ('fail' in expected) {
      if (result.ok) throw new Error(`${text}: expected a failure, got ${formatOrder(result.order, { power: true })}`);
      const failure = FAILURES[text];
      expect(failure).toBeDefined();
      expect(result.code).toBe(failure?.code);
      expect(text.slice(result.start, result.end)).toBe(failure?.covered);
      expect(result.message).toContain(failure?.message);
      return;
    }
    if (!result.ok) throw new Error(`${text}: ${result.message}`);
    expect(formatOrder(result.order, { power: true })).toBe(expected.order);
    const guessed = GUESSED[text];
    if (guessed === undefined) expect(result.warnings).toBeUndefined();
    else {
      expect(result.warnings).toHaveLength(1);
      const [warning] = result.warnings ?? [];
      expect(warning?.code).toBe('guessed-name');
      expect(warning?.message).toBe(guessed.message);
      expect(text.slice(warning?.start, warning?.end)).toBe(guessed.covered);
    }
    // The canonical text reads back to the same order, with no guess.
    const again = parseOrder(index, expected.order);
    expect(again.ok && again.order).toStrictEqual(result.order);
    expect(again.ok && again.warnings).toBeUndefined();
  });

  it('a strict reader (guessNames: false) rejects the misspellings, with a did-you-mean where one is near', () => {
    for (const text of Object.keys(GUESSED)) {
      const result = parseOrder(index, text, { ...context, guessNames: false });
      expect(result).toMatchObject({ ok: false });
      if (result.ok) continue;
      expect(result.code).toBe(text.includes(':') ? 'unknown-power' : 'unknown-province');
      expect(text.slice(result.start, result.end)).toBe(GUESSED[text]?.covered);
    }
    const strict = parseOrder(index, 'a burgandy holds', { ...context, guessNames: false });
    expect(strict.ok === false && strict.message).toBe("unknown province 'burgandy'; did you mean 'bur' (Burgundy)?");
  });
});

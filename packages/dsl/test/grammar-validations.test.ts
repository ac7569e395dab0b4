/**
 * A run of dipforge builds the `.dipmap` grammar without chevrotain's checks of the grammar itself
 * (they cost start-up time and find nothing new); this test builds it with them, so a change to the
 * grammar that makes it ambiguous or left-recursive still fails here.
 */
import { describe, expect, it } from 'vitest';
import { keywordSpellings, mapLexer } from '../src/lexer.js';
import { MapGrammar } from '../src/map/grammar.js';

describe('the .dipmap grammar', () => {
  it('passes chevrotain’s grammar validations', () => {
    // chevrotain throws "Parser Definition Errors detected" when a validation fails.
    expect(() => new MapGrammar({ validate: true })).not.toThrow();
  });
});

describe('the .dipmap lexer’s keywords', () => {
  // The oracle: a keyword is `spelling(?!name character | -name character)` as one expression
  // with Unicode case-insensitive matching, tried on the text as written.
  const nameChar = '[\\p{L}\\p{M}\\p{Nd}_]';
  const oracle = [...keywordSpellings].map(([name, spelling]) => ({
    name,
    re: new RegExp(`^(?:${spelling})(?!${nameChar}|-${nameChar})`, 'iu'),
  }));
  const expected = (word: string): string => oracle.find((k) => k.re.test(word))?.name ?? 'Identifier';

  const pieces = ['supply', 'SUPPLY', 'Sea', 'ſea', 'ſupply', 'K', '\u212a', 'colour', 'COLOR', 'centers', 'centres', 'é', 'x', '_', '1', '-', '-a'];
  function* words(): Generator<string> {
    for (const k of keywordSpellings.keys()) {
      const w = k.slice(3);
      yield w;
      yield w.toUpperCase();
      for (const p of pieces) yield `${w}${p}`;
    }
    for (const a of pieces) for (const b of pieces) if (/^[\p{L}\p{Nd}_]/u.test(a)) yield `${a}${b}`;
  }

  it('lexes the first word of each text as the one-expression oracle does', () => {
    let checked = 0;
    for (const word of words()) {
      const token = mapLexer().tokenize(`${word} ;`).tokens[0];
      expect(token, word).toBeDefined();
      const got = token!.tokenType.name;
      const want = expected(word);
      if (want === 'Identifier') expect(got.startsWith('Kw_'), word).toBe(false);
      else expect(got, word).toBe(want);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});

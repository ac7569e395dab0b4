// Guessing misspelt names (docs/GAME-LANGUAGE.md, "Misspelt names"): what is guessed,
// and above all what never is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consonantFrame, soundClose, spellingClose } from '../src/board/guess.js';
import { buildNameIndex, nameWords } from '../src/board/names.js';
import type { VariantConfig } from '../src/config/index.js';
import { formatOrder } from '../src/orders/format.js';
import { parseOrder, type ParseContext } from '../src/orders/parse.js';
import { Reader } from '../src/orders/reader.js';
import { tokenize } from '../src/orders/tokens.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const index = buildNameIndex(classic);
const france: ParseContext = { power: 'france' };

/** Every name a province or power is known by: id, name, adjective, aliases, localized names. */
function allNames(item: { id: string; name: string; adjective?: string; aliases?: string[]; names?: Record<string, string[]> }): string[] {
  return [item.id, item.name, ...(item.adjective === undefined ? [] : [item.adjective]), ...(item.aliases ?? []), ...Object.values(item.names ?? {}).flat()];
}

describe('the rule', () => {
  it('consonant frames: the first letter, then the consonants, soft letters normalised', () => {
    const frame = (w: string) => consonantFrame(w).join('');
    expect(frame('burgundy')).toBe('brgnd');
    expect(frame('bergendee')).toBe('brgnd');
    expect(frame('bargandy')).toBe('brgnd');
    expect(frame('bargdrly')).toBe('brgdrl');
    expect(frame('brigawly')).toBe('brgl');
    expect(frame('picardie')).toBe('pkrd');
    expect(frame('venice')).toBe('vns');
    expect(frame('philadelphia')).toBe('fldlf');
    expect(frame('holland')).toBe('hlnd');
    expect(frame('ankara')).toBe('ankr');
    expect(frame('')).toBe('');
  });

  it('spelling: one edit for every four letters, none below five', () => {
    expect(spellingClose('burgandy', 'burgundy')).toBe(true);
    expect(spellingClose('bargandy', 'burgundy')).toBe(true);
    expect(spellingClose('ingland', 'england')).toBe(true);
    expect(spellingClose('inglandd', 'england')).toBe(false);
    expect(spellingClose('kiev', 'kiel')).toBe(false);
    expect(spellingClose('bre', 'brest')).toBe(false);
  });

  it('sound: the frame less at most one consonant, at least four, in order, and half the spelling', () => {
    expect(soundClose('bergendee', 'burgundy')).toBe(true);
    expect(soundClose('bargdrly', 'burgundy')).toBe(true);
    expect(soundClose('brigawly', 'burgundy')).toBe(false); // b-r-g: three of five
    expect(soundClose('vergendee', 'burgundy')).toBe(false); // another first letter
    expect(soundClose('bargdrlyxt', 'burgundy')).toBe(false); // two consonants too many
    expect(soundClose('brgnd', 'burgundy')).toBe(true);
    expect(soundClose('brgd', 'burgundy')).toBe(true);
    expect(soundClose('brg', 'burgundy')).toBe(false); // fewer than four
  });
});

describe('no false positives', () => {
  it('every name and alias of every classic province reads as itself, with no warning', () => {
    for (const p of classic.provinces) {
      for (const name of allNames(p)) {
        const result = parseOrder(index, `A ${name} H`, france);
        expect(result.ok && formatOrder(result.order), name).toBe(`A ${p.id} H`);
        expect(result.ok && result.warnings, name).toBeUndefined();
      }
    }
  });

  it('every name and alias of every classic power reads as itself, with no warning', () => {
    for (const p of classic.powers) {
      for (const name of allNames(p)) {
        const result = parseOrder(index, `${name}: A lon H`);
        expect(result.ok && result.order.power, name).toBe(p.id);
        expect(result.ok && result.warnings, name).toBeUndefined();
      }
    }
  });

  it('no name of a classic province is close to a name of another one, nor to a power, and back', () => {
    // So none would be read as another even in a variant that lacked it.
    for (const p of classic.provinces) {
      for (const name of allNames(p)) {
        expect(index.guessProvince(nameWords(name)), name).toEqual([p.id]);
        expect(index.guessPower(nameWords(name)), name).toEqual([]);
      }
    }
    for (const p of classic.powers) {
      for (const name of allNames(p)) {
        expect(index.guessPower(nameWords(name)), name).toEqual([p.id]);
        // Russia is one letter from Prussia, but a power's name is never guessed to be a province.
        expect(index.guessProvince(nameWords(name)), name).toEqual([]);
      }
    }
  });

  // [written, why it must not be guessed]
  const NEAR_MISSES: [string, string][] = [
    ['brigawly', "the suite's: b-r-g-l keeps three of Burgundy's consonants, and it is five letters from any name"],
    ['kiev', 'one letter from Kiel, but names of four letters are never guessed'],
    ['roma', 'one letter from Rome'],
    ['pars', 'one letter from Paris'],
    ['liv', 'three letters'],
    ['lvn s', 'an id and the support word: notation words are never part of a guess'],
    ['russia', "a power's name: one letter from Prussia"],
    ['munchen', 'Munich in German: m-n-k-n against m-n-k'],
    ['moskva', 'Moscow in Russian'],
    ['wien', 'Vienna in German'],
    ['nales', 'as close to Naples as to Wales'],
    ['trest', 'as close to Trieste as to Brest'],
    ['seria', 'as close to Serbia as to Syria'],
    ['folland', 'as close to Finland as to Holland'],
    ['bergin', 'close to Berlin by spelling and to Burgundy by sound'],
    ['estern mediterranean', 'as close to the Eastern as to the Western Mediterranean'],
    ['north see', 'a short word of a name must be exact'],
    ['adriatic', 'one word for a name of two'],
    ['holds', 'an order word'],
    ['support', 'an order word'],
    ['xyzzy', 'nothing near'],
  ];

  it.each(NEAR_MISSES)('%s is not guessed (%s)', (written) => {
    const result = parseOrder(index, `A par - ${written}`, france);
    expect(result.ok && result.warnings).toBeFalsy();
    expect(result.ok).toBe(false);
  });

  it.each([
    ['prussia', "a province's name: one letter from Russia"],
    ['iran', 'four letters'],
    ['itly', 'four letters'],
    ['xyz', 'nothing near'],
  ])('%s: is not guessed as a power (%s)', (written) => {
    expect(parseOrder(index, `${written}: A lon H`)).toMatchObject({ ok: false, code: 'unknown-power' });
  });

  it('random words rarely read as a name', () => {
    let seed = 20240601;
    const next = (n: number): number => {
      // xorshift32
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const pick = (s: string): string => s[next(s.length)] ?? '';
    const letters = (): string => Array.from({ length: 4 + next(7) }, () => pick('abcdefghijklmnopqrstuvwxyz')).join('');
    // Pronounceable words, which share more with names than strings of letters do.
    const syllables = (): string =>
      Array.from({ length: 2 + next(3) }, () => pick('bcdfgklmnprstvz') + pick('aeiou') + (next(2) === 0 ? pick('lnrst') : '')).join('');
    for (const make of [letters, syllables]) {
      let guessed = 0;
      const count = 5000;
      for (let i = 0; i < count; i++) {
        const word = make();
        if (index.provinceWords([word]).length === 0 && index.guessProvince([word]).length === 1) guessed++;
      }
      // Today 0 of the strings of letters, 6 of the pronounceable words (parisu, kales…).
      expect(guessed / count).toBeLessThan(0.005);
    }
  });
});

describe('guessing in orders', () => {
  const read = (text: string, context: ParseContext = france) => {
    const result = parseOrder(index, text, context);
    if (!result.ok) throw new Error(`${text}: ${result.message}`);
    return { order: formatOrder(result.order), warnings: (result.warnings ?? []).map((w) => [w.message, text.slice(w.start, w.end)]) };
  };

  it('reads names of several words word by word, after a filler, before a coast, and says so for each', () => {
    expect(read('F lon - North Atlantc Ocean')).toEqual({
      order: 'F lon - nao',
      warnings: [["read 'North Atlantc Ocean' as nao (North Atlantic Ocean)", 'North Atlantc Ocean']],
    });
    expect(read('A par - Westrn Mediterranean').order).toBe('A par - wes');
    expect(read('A par - the Burgandy').warnings).toEqual([["read 'Burgandy' as bur (Burgundy)", 'Burgandy']]);
    expect(read('F mao - Spainn nc').order).toBe('F mao - spa/nc');
    expect(read('A Pariss S A Picardie - Burgandy').warnings.map(([, covered]) => covered)).toEqual(['Pariss', 'Picardie', 'Burgandy']);
    expect(read('Frence: A par H', {}).warnings).toEqual([["read 'Frence' as france (France)", 'Frence']]);
  });

  it('guessNames: false turns it off', () => {
    expect(parseOrder(index, 'A par - Burgandy', { ...france, guessNames: false })).toMatchObject({ ok: false, code: 'unknown-province' });
    expect(parseOrder(index, 'Frence: A par H', { guessNames: false })).toMatchObject({ ok: false, code: 'unknown-power' });
    expect(parseOrder(index, 'A par - bur', { ...france, guessNames: false })).toMatchObject({ ok: true });
  });

  it('a reading that guesses gives way to one that needs no guess', () => {
    const reader = (): Reader => new Reader('x', tokenize('x'));
    const guessing = (r: Reader) => (): string => {
      r.warn('guessed-name', 'guessed', { start: 0, end: 1 });
      return 'guessed';
    };
    const r = reader();
    expect(r.firstOf(guessing(r), () => 'exact')).toBe('exact');
    expect(r.warnings).toEqual([]);
    const s = reader();
    expect(s.firstOf(guessing(s), () => { throw s.failure('unexpected', 'no', { start: 0, end: 1 }); })).toBe('guessed');
    expect(s.warnings).toHaveLength(1);
  });
});

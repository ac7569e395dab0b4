import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNameIndex, nameKey, nameWords } from '../src/board/names.js';
import type { VariantConfig } from '../src/config/index.js';

const classic = JSON.parse(readFileSync(new URL('./fixtures/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const index = buildNameIndex(classic);

describe('name keys', () => {
  it('ignore case, punctuation, spacing and full-width forms', () => {
    expect(nameKey('St. Petersburg')).toBe('stpetersburg');
    expect(nameKey('st petersburg')).toBe('stpetersburg');
    expect(nameKey('ＳＴ　Ｐｅｔｅｒｓｂｕｒｇ')).toBe('stpetersburg');
    expect(nameKey('Mid-Atlantic Ocean')).toBe('midatlanticocean');
    expect(nameWords('Mid-Atlantic  Ocean')).toEqual(['mid', 'atlantic', 'ocean']);
  });
});

describe('province', () => {
  it.each([
    ['par', 'par'],
    ['PAR', 'par'],
    ['Paris', 'par'],
    ['mao', 'mao'],
    ['mid', 'mao'],
    ['MAT', 'mao'],
    ['Mid-Atlantic Ocean', 'mao'],
    ['mid atlantic ocean', 'mao'],
    ['MidAtlanticOcean', 'mao'],
    ['North Atlantic Ocean', 'nao'],
    ['nat', 'nao'],
    ['nrg', 'nwg'],
    ['gol', 'lyo'],
    ['ech', 'eng'],
    ['English Channel', 'eng'],
    ['gob', 'bot'],
    ['St. Petersburg', 'stp'],
    ['St Petersburg', 'stp'],
    ['st.petersburg', 'stp'],
    ['Pietari', 'stp'],
    ['サン・ペテルスブルグ', 'stp'],
    ['西班牙', 'spa'],
    ['ｓｐａｉｎ', 'spa'],
    ['Lontoo', 'lon'],
  ])('%s → %s', (name, id) => {
    expect(index.province(name)).toBe(id);
  });

  it('is undefined for unknown names and for coasts', () => {
    expect(index.province('Pariss')).toBeUndefined();
    expect(index.province('')).toBeUndefined();
    expect(index.province('spa/nc')).toBeUndefined();
  });

  it('accepts several words only for names of several words', () => {
    expect(index.provinceWords(['north', 'sea'])).toEqual(['nth']);
    expect(index.provinceWords(['northsea'])).toEqual(['nth']);
    expect(index.provinceWords(['mid', 'atlantic', 'ocean'])).toEqual(['mao']);
    expect(index.provinceWords(['midatlantic', 'ocean'])).toEqual(['mao']);
    // "lvp" + "s" is not a name even if some province were keyed "lvps".
    expect(index.provinceWords(['lv', 'p'])).toEqual([]);
    expect(index.provinceWords(['lvp'])).toEqual(['lvp']);
  });

  it('prefers an id over another province’s alias, and reports real ambiguity', () => {
    const config: VariantConfig = {
      ...classic,
      provinces: [
        { id: 'abc', name: 'Alpha', terrain: 'land', supplyCentre: false, aliases: ['xyz'] },
        { id: 'xyz', name: 'Beta', terrain: 'land', supplyCentre: false, aliases: ['both'] },
        { id: 'qqq', name: 'Gamma', terrain: 'land', supplyCentre: false, aliases: ['both'] },
      ],
    };
    const small = buildNameIndex(config);
    expect(small.province('xyz')).toBe('xyz');
    expect(small.province('both')).toBeUndefined();
    expect(small.provinceWords(['both'])).toEqual(['xyz', 'qqq']);
  });
});

describe('location', () => {
  it.each([
    ['spa', 'spa'],
    ['spa/nc', 'spa/nc'],
    ['SPA/NC', 'spa/nc'],
    ['spa(nc)', 'spa/nc'],
    ['spa (sc)', 'spa/sc'],
    ['spa nc', 'spa/nc'],
    ['spa north coast', 'spa/nc'],
    ['Spain (North Coast)', 'spa/nc'],
    ['Spain North Coast', 'spa/nc'],
    ['St. Petersburg (South Coast)', 'stp/sc'],
    ['stp/sc', 'stp/sc'],
    ['bul/ec', 'bul/ec'],
    ['Bulgaria East Coast', 'bul/ec'],
    ['ｓｐａ／ｎｃ', 'spa/nc'],
    ['西班牙(北岸)', 'spa/nc'],
    ['Mid-Atlantic Ocean', 'mao'],
  ])('%s → %s', (text, loc) => {
    expect(index.location(text)).toBe(loc);
  });

  it('is undefined for unknown provinces and coasts', () => {
    expect(index.location('spa/wc')).toBeUndefined();
    expect(index.location('bre/nc')).toBeUndefined();
    expect(index.location('xyz/nc')).toBeUndefined();
    expect(index.location('')).toBeUndefined();
  });

  it('knows which provinces have coasts', () => {
    expect(index.hasCoasts('spa')).toBe(true);
    expect(index.hasCoasts('bre')).toBe(false);
    expect(index.coast('stp', 'South Coast')).toBe('sc');
    expect(index.coast('stp', '西岸')).toBe('sc');
    expect(index.coastWords('bul', ['east', 'coast'])).toBe('ec');
    expect(index.coastWords('bul', ['e', 'c'])).toBe('ec');
  });
});

describe('power', () => {
  it.each([
    ['england', 'england'],
    ['England', 'england'],
    ['English', 'england'],
    ['engl', 'england'],
    ['英国', 'england'],
    ['イギリス', 'england'],
    ['fra', 'france'],
    ['French', 'france'],
    ['Venäjä', 'russia'],
    ['TURKISH', 'turkey'],
    // Unique prefixes: the colon prefix of orders ("f:", "e:", "eng:").
    ['f', 'france'],
    ['e', 'england'],
    ['eng', 'england'],
    ['aust', 'austria'],
    ['g', 'germany'],
  ])('%s → %s', (name, id) => {
    expect(index.power(name)).toBe(id);
  });

  it('rejects unknown names and prefixes shared by two powers', () => {
    expect(index.power('atlantis')).toBeUndefined();
    expect(index.power('')).toBeUndefined();
    const config: VariantConfig = {
      ...classic,
      powers: [
        { id: 'iran', name: 'Iran', home: [], units: [], centres: [] },
        { id: 'iraq', name: 'Iraq', home: [], units: [], centres: [] },
      ],
    };
    const small = buildNameIndex(config);
    expect(small.power('ira')).toBeUndefined();
    expect(small.power('iraq')).toBe('iraq');
    expect(small.power('i')).toBeUndefined();
  });

  it('matches exact names only for words in an order', () => {
    expect(index.powerWords(['turkish'])).toEqual(['turkey']);
    expect(index.powerWords(['tu'])).toEqual([]);
  });
});

describe('suggest', () => {
  it('offers the closest provinces with their display names', () => {
    // A key pressed twice is half an edit (rankSuggestions).
    expect(index.suggest('Pariss')[0]).toEqual({ id: 'par', name: 'Paris', distance: 0.5, fits: false });
    expect(index.suggest('burgandy').map((s) => s.id)).toEqual(['bur']);
    expect(index.suggest('North Atlantc Ocean')[0]?.id).toBe('nao');
    expect(index.suggest('qqqqqqqq')).toEqual([]);
  });

  it('considers only names of several words for several words', () => {
    expect(index.suggest(['fra', 'a', 'burgundy'])).toEqual([]);
    expect(index.suggest(['north', 'atlantc', 'ocean']).map((s) => s.id)[0]).toBe('nao');
  });

  it('offers the closest powers', () => {
    expect(index.suggestPower('ingland').map((s) => s.id)).toEqual(['england']);
    expect(index.suggestPower('zzzzzz')).toEqual([]);
  });
});

describe('name keys of plain ASCII', () => {
  it('are what NFKC, lower case and letters, marks and digits give', () => {
    const slow = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `a${ch}b`, `${ch}${ch}Z9`]) expect(nameKey(text), JSON.stringify(text)).toBe(slow(text));
    }
    let seed = 3;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      for (let n = (i % 9) + 1; n > 0; n--) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        text += String.fromCharCode(32 + (seed % 95));
      }
      expect(nameKey(text), JSON.stringify(text)).toBe(slow(text));
    }
    expect(nameKey('Nörd-See')).toBe(slow('Nörd-See'));
  });
});

describe('look-ups of written words', () => {
  /** Every way to cut `key` into two or three non-empty pieces. */
  function cuts(key: string): string[][] {
    const out: string[][] = [];
    for (let i = 1; i < key.length; i++) {
      out.push([key.slice(0, i), key.slice(i)]);
      for (let j = i + 1; j < key.length; j++) out.push([key.slice(0, i), key.slice(i, j), key.slice(j)]);
    }
    return out;
  }
  const localized = (names: Record<string, string[]> | undefined): string[] => Object.values(names ?? {}).flat();

  // A name of several words is found by any words that join to its key ("nort hsea"), so the
  // look-up may pass over words only when no key begins with what they join to so far.
  it('find a name of several words however its key is cut into words, within a longer list too', () => {
    const provinceNames = classic.provinces.flatMap((p) => [p.name, ...(p.aliases ?? []), ...localized(p.names)]);
    const powerNames = classic.powers.flatMap((p) => [p.name, p.adjective ?? '', ...(p.aliases ?? []), ...localized(p.names)]);
    let several = 0;
    for (const [names, look] of [
      [provinceNames, index.provinceWords],
      [powerNames, index.powerWords],
    ] as const) {
      for (const name of names) {
        if (nameWords(name).length < 2) continue;
        const key = nameKey(name);
        const ids = look([key]);
        for (const words of cuts(key)) {
          expect(look(words), words.join(' ')).toEqual(ids);
          expect(look(['x', ...words, 'sea'], 1, words.length + 1), words.join(' ')).toEqual(ids);
          several++;
        }
      }
    }
    expect(several).toBeGreaterThan(1000);
  });

  it('find a name of one word only as one word, and nothing for a list of no name', () => {
    for (const p of classic.provinces) {
      expect(index.provinceWords(['y', p.id, 'y'], 1, 2)).toEqual(index.provinceWords([p.id]));
      for (const words of cuts(p.id)) expect(index.provinceWords(words), words.join(' ')).toEqual([]);
    }
    expect(index.provinceWords(['north', 'sea', 'x'])).toEqual([]);
    expect(index.provinceWords(['north', 'sea'], 1)).toEqual([]);
    expect(index.provinceWords(['north', 'sea'], 1, 1)).toEqual([]);
  });

  it('find a coast by any words that join to one of its names', () => {
    let read = 0;
    for (const p of classic.provinces) {
      for (const c of p.coasts ?? []) {
        for (const name of [c.id, c.name, ...localized(c.names)]) {
          const key = nameKey(name);
          const coast = index.coastWords(p.id, [key]);
          expect(coast, name).toBe(c.id);
          for (const words of cuts(key)) {
            expect(index.coastWords(p.id, words), words.join(' ')).toBe(coast);
            expect(index.coastWords(p.id, ['x', ...words, 'h'], 1, words.length + 1), words.join(' ')).toBe(coast);
            read++;
          }
        }
      }
    }
    expect(read).toBeGreaterThan(100);
    expect(index.coastWords('spa', ['north', 'coast', 'h'])).toBeUndefined();
  });
});

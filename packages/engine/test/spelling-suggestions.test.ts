/**
 * Did-you-mean across spellings (`spellingSuggestions`) and the names an order in another
 * language holds (`placeSpans`), on the built-in classic map with every spelling it gives.
 * The property: for every province and every name of it in each language, a one-character typo
 * (a character changed, left out or added) that is no name of the map suggests the province
 * among the first three; each suggestion is written as the order's language writes the province.
 * `npm test` tries one typo in six of each language (spread over every name), and the spellings of
 * one province in three, the slow run every one (test/helpers/depth.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileBoard } from '../src/board/board.js';
import type { VariantConfig } from '../src/config/variant-config.js';
import { formatLocalizedOrder, placeSpans, spellingSuggestions } from '../src/orders/localized/index.js';
import type { Order } from '../src/orders/order.js';
import { depthSample } from '../../../test/helpers/depth.js';

const classic = JSON.parse(readFileSync(new URL('../builtin/classic.json', import.meta.url), 'utf8')) as VariantConfig;
const board = compileBoard(classic);
const LANGUAGES = ['en', 'zh', 'ja', 'fi'] as const;

/** The names a language gives a province: its own names; in English the display name and aliases. */
function namesIn(p: VariantConfig['provinces'][number], language: string): string[] {
  if (language === 'en') return [p.name, ...(p.aliases ?? [])];
  return Object.entries(p.names ?? {}).filter(([tag]) => tag.split('-')[0] === language).flatMap(([, list]) => list);
}

/** Every name of the map, lower case: a typo that is itself a name is no typo. */
const known = new Set(classic.provinces.flatMap((p) => [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()].map((n) => n.toLowerCase())));

/** A character of the same script that no name has and that is on no key next to another: a full slip. */
function stranger(c: string): string {
  if (/\p{Script=Han}/u.test(c)) return '丂';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c)) return 'ヰ';
  return 'þ';
}

/**
 * One-character typos of a name: each character changed; a character left out and one added at
 * the start, the middle and the end (where the ranking differs most).
 */
function typos(name: string): string[] {
  const chars = Array.from(name);
  const out: string[] = [];
  chars.forEach((c, i) => out.push([...chars.slice(0, i), stranger(c), ...chars.slice(i + 1)].join('')));
  for (const i of new Set([0, Math.floor(chars.length / 2), chars.length - 1])) {
    out.push([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
    out.push([...chars.slice(0, i), stranger(chars[i] as string), ...chars.slice(i)].join(''));
  }
  return out.filter((t) => t.trim() !== '' && !known.has(t.toLowerCase()));
}

describe('did-you-mean across spellings', () => {
  for (const language of LANGUAGES) {
    it(`${language}: a one-character typo of any name of any province suggests it among the first three`, () => {
      const cases = classic.provinces.flatMap((p) => namesIn(p, language).flatMap((name) => typos(name).map((typo) => ({ p, name, typo }))));
      const tried = depthSample(cases, 6);
      const missed: string[] = [];
      for (const { p, name, typo } of tried) {
        const found = spellingSuggestions(board, language, typo);
        expect(found.length).toBeLessThanOrEqual(3);
        if (!found.some((s) => s.id === p.id)) missed.push(`${typo} (${name}, ${p.id}): ${found.map((s) => s.id).join(', ')}`);
      }
      expect(cases.length).toBeGreaterThan(100);
      expect(tried.length).toBeGreaterThan(cases.length / 7);
      expect(missed).toEqual([]);
    });
  }

  it('suggestions are written in the order\'s language, whichever language the misspelt name was in', () => {
    for (const p of depthSample(classic.provinces, 3)) {
      for (const language of ['zh', 'ja', 'fi']) {
        const own = namesIn(p, language);
        if (own.length === 0) continue;
        for (const other of LANGUAGES) {
          for (const name of namesIn(p, other)) {
            const [typo] = typos(name);
            if (typo === undefined) continue;
            for (const s of spellingSuggestions(board, language, typo)) {
              const province = classic.provinces.find((x) => x.id === s.id)!;
              const spellings = namesIn(province, language);
              // Finnish suggestions may be in a case (`Burgundiaan`): they begin with the stem of a name.
              const written = spellings.length === 0 ? [province.name] : spellings;
              expect(written.some((n) => s.spelling === n || (language === 'fi' && s.spelling.toLowerCase().startsWith(n.toLowerCase().slice(0, Math.max(2, n.length - 2)))))).toBe(true);
            }
          }
        }
      }
    }
  });

  it('the closest spelling of the order\'s language: 伯甘第 → 伯干第, 勃艮地 → 勃艮第 (both Burgundy)', () => {
    expect(spellingSuggestions(board, 'zh', '伯甘第')[0]).toMatchObject({ id: 'bur', spelling: '伯干第' });
    expect(spellingSuggestions(board, 'zh', '勃艮地')[0]).toMatchObject({ id: 'bur', spelling: '勃艮第' });
    expect(spellingSuggestions(board, 'ja', '巴里')[0]).toMatchObject({ id: 'par', spelling: 'パリ' });
    expect(spellingSuggestions(board, 'fi', 'Burgundy')[0]).toMatchObject({ id: 'bur' });
    // In the standard notation, the id.
    expect(spellingSuggestions(board, 'en', '勃艮地')[0]).toMatchObject({ id: 'bur', spelling: 'bur' });
  });

  it('the order does not depend on the order of the provinces', () => {
    const reversed = compileBoard({ ...classic, provinces: [...classic.provinces].reverse() });
    for (const [language, typo] of [['zh', '马寨'], ['en', 'vne'], ['ja', 'パル'], ['fi', 'Bxrgxndiaan']] as const) {
      expect(spellingSuggestions(reversed, language, typo)).toEqual(spellingSuggestions(board, language, typo));
    }
  });
});

describe('the names an order in another language holds', () => {
  const order = (text: string): Order => {
    const [unit, to] = text.split(' - ') as [string, string];
    const [kind, at] = unit.split(' ') as [string, string];
    return { type: 'move', power: 'france', unit: { kind: kind === 'A' ? 'army' : 'fleet', at }, to, viaConvoy: false };
  };
  for (const language of ['zh', 'ja', 'fi']) {
    it(`${language}: every move the printer writes names its two provinces, in order, at the places they are written`, () => {
      const moves: Order[] = [];
      for (const [from, to] of [['par', 'bur'], ['mar', 'pie'], ['mun', 'bur'], ['kie', 'hol'], ['stp', 'mos'], ['ber', 'sil']]) moves.push(order(`A ${from} - ${to}`));
      for (const o of moves) {
        const text = formatLocalizedOrder(board, language, o);
        const spans = placeSpans(board, language, text).filter((s) => s.kind === 'province');
        expect(spans.map((s) => s.id), text).toEqual([(o as { unit: { at: string } }).unit.at, (o as { to: string }).to]);
        for (const s of spans) expect(s.start < s.end && s.end <= text.length).toBe(true);
      }
    });
  }
  it('nothing in a text without names, and no vocabulary no names', () => {
    expect(placeSpans(board, 'zh', '陆军防守')).toEqual([]);
    expect(placeSpans(board, 'xx', '巴黎陆军防守')).toEqual([]);
    // A line longer than the reader reads names nothing; one just within it names every place.
    expect(placeSpans(board, 'zh', '巴黎陆军防守'.repeat(200))).toEqual([]);
    expect(placeSpans(board, 'zh', '巴黎陆军防守'.repeat(100)).length).toBe(100);
  });
});

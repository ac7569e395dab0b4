/**
 * Name resolution for a compiled variant: the names people write for provinces,
 * coasts and powers, mapped to ids. Built once per variant; every lookup is a map
 * access on a normalised key.
 *
 * A name's key is its NFKC form, lower-cased, with everything but letters, marks
 * and digits removed, so "St. Petersburg", "St Petersburg" and "ｓｔ ｐｅｔｅｒｓｂｕｒｇ"
 * are one key. Readers that see a name as separate words (the order parser) use
 * `*Words` lookups, which accept several words only for names that have several
 * words: "lvp s" must not match a province whose key happens to be "lvps".
 */
import type { LocalizedNames, VariantConfig } from '../config/variant-config.js';
import { rankSuggestions, type SuggestionCandidate } from '../config/suggest.js';
import { wordShape, wordsClose, type WordShape } from './guess.js';

/** The lookup key of a name: NFKC, lower case, letters, marks and digits only. */
export function nameKey(text: string): string {
  return asciiKey(text) ?? text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
}

/**
 * `nameKey` of a plain ASCII text, or undefined for any other: NFKC leaves
 * ASCII as it is, and its letters and digits are the only ASCII characters
 * kept. Most names written are ASCII ids and lower case, given back as they are.
 */
function asciiKey(text: string): string | undefined {
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return undefined;
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) plain = false;
  }
  if (plain) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) out += text[i];
    else if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
  }
  return out;
}

/** The words of a name, normalised as `nameKey` normalises them. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A did-you-mean candidate: the id, its display name, how far the written name was (`spellingCost`) and whether it fits the place. */
export interface Suggestion {
  id: string;
  name: string;
  distance: number;
  fits: boolean;
}

export interface NameIndex {
  /** Province id for an id, name, alias or localized name; undefined when unknown or ambiguous. */
  province(name: string): string | undefined;
  /**
   * Provinces named by these consecutive words (several: the name is ambiguous);
   * given `from` and `to`, by the words from `from` up to `to` only.
   */
  provinceWords(words: readonly string[], from?: number, to?: number): readonly string[];
  /** Coast id of `province` for a coast id or (localized) name. */
  coast(province: string, name: string): string | undefined;
  /** Coast named by these consecutive words (`nc`, `north coast`, `n c`); `from` and `to` as in `provinceWords`. */
  coastWords(province: string, words: readonly string[], from?: number, to?: number): string | undefined;
  /** Whether the province has named coasts. */
  hasCoasts(province: string): boolean;
  /** Location for `spa`, `spa/nc`, `spa(nc)`, `spa nc`, `Spain (North Coast)`; undefined when unknown. */
  location(text: string): string | undefined;
  /** Power id for an id, name, adjective, alias, localized name, or a prefix of one that fits one power. */
  power(name: string): string | undefined;
  /** Powers named exactly (no prefixes) by these consecutive words; `from` and `to` as in `provinceWords`. */
  powerWords(words: readonly string[], from?: number, to?: number): readonly string[];
  /** Display names, for messages. */
  provinceName(id: string): string | undefined;
  powerName(id: string): string | undefined;
  /**
   * Provinces whose names are close to `name`, best first (at most three, ranked by
   * `rankSuggestions`: those that `fits` says fit the place first). Given several
   * words, only names of several words are considered, as in `provinceWords`.
   */
  suggest(name: string | readonly string[], fits?: (id: string) => boolean): Suggestion[];
  /** Powers whose names are close to `name`, best first (at most three). */
  suggestPower(name: string, fits?: (id: string) => boolean): Suggestion[];
  /**
   * Provinces that written words naming no province may be a misspelling of
   * (`./guess.ts`): one id is a guess, several make it ambiguous, none no guess.
   * Words that name a power are never guessed to be a province.
   */
  guessProvince(words: readonly string[]): readonly string[];
  /** Powers that written words naming no power may be a misspelling of; never for a province's name. */
  guessPower(words: readonly string[]): readonly string[];
  /** The most words any province name has, so readers know how far to look ahead. */
  readonly maxProvinceWords: number;
  readonly maxPowerWords: number;
}

interface Entry {
  tier: number;
  ids: string[];
}

/** What a look-up of a name nobody has gives. */
const NONE: readonly string[] = Object.freeze([]);

/** Every prefix of every key, the empty one included. */
function prefixesOf(keys: Iterable<string>): Set<string> {
  const out = new Set<string>(['']);
  for (const key of keys) for (let n = 1; n <= key.length; n++) out.add(key.slice(0, n));
  return out;
}

/**
 * Key → ids. A key claimed at a better (lower) tier hides worse ones, so an id
 * always wins over someone else's alias; ids sharing a key at one tier are ambiguous.
 */
class NameTable {
  private readonly entries = new Map<string, Entry>();
  /** Keys of names of two or more words: the only keys several written words may form. */
  private readonly multiWord = new Set<string>();
  /** The words of each key's name, as first added. */
  private readonly wordsOf = new Map<string, string[]>();
  /** The same, ready for guessing; worked out at the first guess. */
  private shapes: Map<string, WordShape[]> | undefined;
  /**
   * The prefixes of the keys several words may form, and of all keys: words
   * whose first keys already fit no key need not be joined. Worked out at the
   * first look-up of several words.
   */
  private multiPrefixes: Set<string> | undefined;
  private keyPrefixes: Set<string> | undefined;
  maxWords = 1;

  add(name: string, id: string, tier: number): void {
    const key = nameKey(name);
    if (key === '') return;
    this.shapes = undefined;
    this.multiPrefixes = undefined;
    this.keyPrefixes = undefined;
    const list = nameWords(name);
    const words = list.length;
    if (words > 1) this.multiWord.add(key);
    if (!this.wordsOf.has(key)) this.wordsOf.set(key, list);
    this.maxWords = Math.max(this.maxWords, words);
    const entry = this.entries.get(key);
    if (entry === undefined || tier < entry.tier) this.entries.set(key, { tier, ids: [id] });
    else if (tier === entry.tier && !entry.ids.includes(id)) entry.ids.push(id);
  }

  get(name: string): readonly string[] {
    return this.entries.get(nameKey(name))?.ids ?? [];
  }

  /**
   * Ids named by `words[from]` to `words[to - 1]` joined. Only names of several
   * words may be formed by several words, unless `anySpan`. Readers call this for
   * each span at the cursor, so it builds no string when no key can match.
   */
  getWords(words: readonly string[], anySpan = false, from = 0, to = words.length): readonly string[] {
    if (to <= from) return NONE;
    let key = nameKey(words[from] as string);
    if (to - from === 1) return this.entries.get(key)?.ids ?? NONE;
    const prefixes = anySpan ? (this.keyPrefixes ??= prefixesOf(this.entries.keys())) : (this.multiPrefixes ??= prefixesOf(this.multiWord));
    for (let i = from + 1; i < to; i++) {
      if (!prefixes.has(key)) return NONE;
      key += nameKey(words[i] as string);
    }
    if (!anySpan && !this.multiWord.has(key)) return NONE;
    return this.entries.get(key)?.ids ?? NONE;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Ids close to `name`, best first, by the one ranking of suggestions (`rankSuggestions`). */
  suggest(name: string | readonly string[], fits?: (id: string) => boolean): { id: string; distance: number; fits: boolean }[] {
    const several = typeof name !== 'string' && name.length > 1;
    const key = typeof name === 'string' ? nameKey(name) : name.map(nameKey).join('');
    if (key === '') return [];
    const candidates: SuggestionCandidate<string>[] = [];
    for (const k of several ? this.multiWord : this.keys()) {
      for (const id of this.get(k)) candidates.push(fits === undefined ? { item: id, text: k } : { item: id, text: k, fits: fits(id) });
    }
    return rankSuggestions(key, candidates).map((s) => ({ id: s.item, distance: s.cost, fits: s.fits }));
  }

  /** Ids with a name the written words are close to (`wordsClose`), in table order. */
  guess(words: readonly string[]): string[] {
    const keys = words.map(nameKey);
    if (keys.length === 0 || keys.some((w) => w === '')) return [];
    this.shapes ??= new Map([...this.entries.keys()].map((key) => [key, (this.wordsOf.get(key) ?? [key]).map(wordShape)]));
    // No word of a name is close to a word twice as long as it (guess.ts allows far less), so a
    // longer word, however long, is not shaped letter by letter.
    let longest = 0;
    for (const list of this.shapes.values()) for (const s of list) longest = Math.max(longest, s.word.length);
    if (keys.some((w) => w.length > 2 * longest)) return [];
    const written = keys.map(wordShape);
    const ids = new Set<string>();
    for (const [key, entry] of this.entries) {
      if (wordsClose(written, this.shapes.get(key) ?? [])) for (const id of entry.ids) ids.add(id);
    }
    return [...ids];
  }
}

const ID_TIER = 0;
const NAME_TIER = 1;
const LOCALIZED_TIER = 2;

function addLocalized(table: NameTable, names: LocalizedNames | undefined, id: string): void {
  for (const list of Object.values(names ?? {})) for (const n of list) table.add(n, id, LOCALIZED_TIER);
}

export function buildNameIndex(config: VariantConfig): NameIndex {
  const provinces = new NameTable();
  const coasts = new Map<string, NameTable>();
  const provinceNames = new Map<string, string>();
  for (const p of config.provinces) {
    provinceNames.set(p.id, p.name);
    provinces.add(p.id, p.id, ID_TIER);
    provinces.add(p.name, p.id, NAME_TIER);
    for (const a of p.aliases ?? []) provinces.add(a, p.id, NAME_TIER);
    addLocalized(provinces, p.names, p.id);
    if (p.coasts !== undefined && p.coasts.length > 0) {
      const table = new NameTable();
      for (const c of p.coasts) {
        table.add(c.id, c.id, ID_TIER);
        table.add(c.name, c.id, NAME_TIER);
        addLocalized(table, c.names, c.id);
      }
      coasts.set(p.id, table);
    }
  }

  const powers = new NameTable();
  const powerNames = new Map<string, string>();
  for (const p of config.powers) {
    powerNames.set(p.id, p.name);
    powers.add(p.id, p.id, ID_TIER);
    powers.add(p.name, p.id, NAME_TIER);
    if (p.adjective !== undefined) powers.add(p.adjective, p.id, NAME_TIER);
    for (const a of p.aliases ?? []) powers.add(a, p.id, NAME_TIER);
    addLocalized(powers, p.names, p.id);
  }
  const powerPrefixes = uniquePrefixes(powers);

  const unique = (ids: readonly string[]): string | undefined => (ids.length === 1 ? ids[0] : undefined);

  const coast = (province: string, name: string): string | undefined => unique(coasts.get(province)?.get(name) ?? []);

  const withCoast = (province: string | undefined, coastName: string): string | undefined => {
    if (province === undefined) return undefined;
    const c = coast(province, coastName);
    return c === undefined ? undefined : `${province}/${c}`;
  };

  const province = (name: string): string | undefined => unique(provinces.get(name));

  const location = (text: string): string | undefined => {
    const t = text.normalize('NFKC').trim();
    const whole = province(t);
    if (whole !== undefined) return whole;
    const slash = /^([^/]+)\/([^/]+)$/u.exec(t);
    if (slash) return withCoast(province(slash[1] ?? ''), slash[2] ?? '');
    const paren = /^([^()]+)\(([^()]+)\)$/u.exec(t);
    if (paren) return withCoast(province(paren[1] ?? ''), paren[2] ?? '');
    // "spa nc", "Spain North Coast": the longest leading run of words that names a province.
    const words = t.split(/\s+/u);
    for (let k = words.length - 1; k >= 1; k--) {
      const loc = withCoast(province(words.slice(0, k).join(' ')), words.slice(k).join(' '));
      if (loc !== undefined) return loc;
    }
    return undefined;
  };

  const named = (names: Map<string, string>) => (list: { id: string; distance: number; fits: boolean }[]): Suggestion[] =>
    list.map(({ id, distance, fits }) => ({ id, name: names.get(id) ?? id, distance, fits }));

  return {
    province,
    provinceWords: (words, from, to) => provinces.getWords(words, false, from, to),
    coast,
    coastWords: (p, words, from, to) => unique(coasts.get(p)?.getWords(words, true, from, to) ?? NONE),
    hasCoasts: (p) => coasts.has(p),
    location,
    power: (name) => unique(powers.get(name)) ?? powerPrefixes.get(nameKey(name)),
    powerWords: (words, from, to) => powers.getWords(words, false, from, to),
    provinceName: (id) => provinceNames.get(id),
    powerName: (id) => powerNames.get(id),
    suggest: (name, fits) => named(provinceNames)(provinces.suggest(name, fits)),
    suggestPower: (name, fits) => named(powerNames)(powers.suggest(name, fits)),
    guessProvince: (words) => (powers.getWords(words, true).length > 0 ? [] : provinces.guess(words)),
    guessPower: (words) => (provinces.getWords(words, true).length > 0 ? [] : powers.guess(words)),
    maxProvinceWords: provinces.maxWords,
    maxPowerWords: powers.maxWords,
  };
}

/**
 * Prefix → power, for prefixes that fit exactly one power (`f` → france, `eng` →
 * england in the classic map). Powers are few, so all prefixes are precomputed.
 */
function uniquePrefixes(powers: NameTable): Map<string, string> {
  const owners = new Map<string, Set<string>>();
  for (const key of powers.keys()) {
    const ids = powers.get(key);
    const chars = Array.from(key); // by code point, so a prefix never splits a surrogate pair
    for (let n = 1; n < chars.length; n++) {
      const prefix = chars.slice(0, n).join('');
      let set = owners.get(prefix);
      if (set === undefined) owners.set(prefix, (set = new Set()));
      for (const id of ids) set.add(id);
    }
  }
  const result = new Map<string, string>();
  for (const [prefix, set] of owners) {
    const [only] = set;
    if (set.size === 1 && only !== undefined) result.set(prefix, only);
  }
  return result;
}

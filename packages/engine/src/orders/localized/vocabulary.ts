/**
 * The shape of an order vocabulary: everything a language contributes to the
 * localized order reader and printer, as data. One generic reader works from
 * it (`./read.ts`), so a new language is a new data module, never a new code path.
 * Words are written as people write them; the reader compares them after the
 * language's character folding (`fold`), NFKC and lower case (`./text.ts`).
 */
import type { UnitKind } from '../../game/position.js';

/** What a word of the vocabulary means in an order. */
export type Meaning =
  /** A unit kind (`陆军`, `海軍`, `armeija`). */
  | 'army'
  | 'fleet'
  /** A unit of a kind the word does not say (`军`, `部队`): filled in from the position if known. */
  | 'unit'
  | 'hold'
  /** Move, attack, enter; also "to" when it says where (`到`, `へ`). */
  | 'move'
  | 'support'
  | 'convoy'
  /** "Via" before a convoy route or a way of going (`经`, `経由`, `kautta`). */
  | 'via'
  /** Words that together with a move say "by convoy" (`via convoy`, `海运`). */
  | 'via-convoy'
  | 'retreat'
  /** A retreat priority list follows (`优先撤退到`, 000 §10). */
  | 'retreat-list'
  | 'build'
  | 'disband'
  | 'waive'
  /** A build priority list follows (`优先建造`, 000 §11). */
  | 'build-list'
  /** A disband priority list follows (`优先解散`, 000 §11). */
  | 'disband-list'
  /** "And" between the items of a list (`和`, `与`, `ja`). */
  | 'and'
  /** Words that carry no meaning of their own in an order and may be left out (`的`, `の`, `uusi`, `在`). */
  | 'filler';

/** A coast word: the coast id it names on any province that has such a coast (`北岸` → `nc`). */
export interface CoastWord {
  word: string;
  coast: string;
}

/** The punctuation of a language, by role; every mark is one character after folding. */
export interface Punctuation {
  /** Between the items of a list (`、`, `，`, `,`). */
  list: string;
  /** After a power that begins the order (`イギリス:`). */
  colon: string;
  /** Brackets around a coast or a second name of the same place (`（南岸）`, `(北海)`). */
  open: string;
  close: string;
  /** A move written as a dash (`North Sea-Norway`, `－`). */
  dash: string;
  /** Marks that may end an order (`。`, `.`). */
  end: string;
  /** Marks that separate orders written on one line (`；`, `;`). */
  separator: string;
  /** Marks that may stand inside a name and are not part of its key (`St.Petersburg`, `サン・ペテルスブルグ`). */
  inName: string;
}

/**
 * A grammatical case of the inflection table and what it may say in an order:
 * `to` for the cases that say where a unit goes (so the move verb may be left
 * out: `Yorkshiren Norjaan`), `at` for where a unit is, `of` for the genitive.
 */
export interface CaseInfo {
  role: 'to' | 'at' | 'from' | 'of';
  /** Which stem the case is built on: `strong` (illative, partitive) or `weak` (the others). */
  grade: 'strong' | 'weak';
  /**
   * Endings added to the stem. `A` is a or ä by vowel harmony, `V` the last vowel
   * of the stem, doubled as the illative doubles it.
   */
  endings: string[];
}

/**
 * One rule of a stem table: a nominative ending with the strong and weak stems
 * it gives (consonant gradation: `Hollanti` → strong `Hollanti-`, weak `Hollanni-`)
 * and, where the class differs, its own endings for some cases.
 */
export interface StemRule {
  /** The nominative's ending this rule applies to; the longest matching rule wins; `''` matches any. */
  ending: string;
  /** What the ending becomes in the strong and the weak stem. */
  strong: string;
  weak: string;
  /** Endings that replace the case table's for this class (long vowels: `Lontoo` → `Lontooseen`). */
  cases?: Record<string, string[]>;
  /** The harmony of the ending's word in a compound, which decides it (`Norjanmeri` → `Norjanmereltä`). */
  harmony?: 'back' | 'front';
}

/** How place names inflect, for languages that inflect them (Finnish). */
export interface Inflection {
  /** Vowels of the back and front harmony; a name with a back vowel takes back endings. */
  backVowels: string;
  frontVowels: string;
  cases: Record<string, CaseInfo>;
  stems: StemRule[];
  /** Which names are inflected: names of these languages (`fi`) and, with `display`, the variant's own names. */
  nameLanguages: string[];
  display: boolean;
}

/** Templates for printing an order (`./print.ts`); `{unit}`, `{place}`, `{to}`… are filled in. */
export interface Templates {
  /** A unit: `{kind}` and `{place}`, in the language's order (`{place}{kind}`, `{kind} {place}`). */
  unit: string;
  /** A unit with its power (supports and convoys of another power's unit). */
  foreignUnit: string;
  /** A place with a coast (`{place}{coast}`, `{place}({coast})`). */
  coastPlace: string;
  hold: string;
  move: string;
  moveViaConvoy: string;
  /** A move along a written convoy route: `{path}` is the route's places joined by `pathJoin`. */
  movePath: string;
  /** One place of a convoy route (`经{place}`, `{place} kautta`) and what joins them. */
  pathItem: string;
  pathJoin: string;
  supportHold: string;
  supportMove: string;
  convoy: string;
  retreat: string;
  disband: string;
  build: string;
  /** A build that names no unit kind. */
  buildPlace: string;
  waive: string;
  buildList: string;
  disbandList: string;
  /** A build list's entry. */
  buildEntry: string;
  /** A retreat priority list after a movement order: `{places}`, and `retreatDisband` for its `disband` end. */
  retreatList: string;
  retreatDisband: string;
  /** Joins list items (`、`, `, `). */
  listJoin: string;
  /** Before the order when the power is printed (`{power}:`). */
  power: string;
  /**
   * The case a place takes in each slot, for inflecting languages (`to` →
   * `illative`); only names in the language are inflected, others print as they are.
   */
  placeCase?: Partial<Record<'to' | 'army' | 'build' | 'path', string>>;
  /** Whether the printed order begins with a capital letter. */
  capitalize?: boolean;
}

export interface Vocabulary {
  /** BCP-47 tag, as the variant's `name` items use it (`zh`, `ja`, `fi`). */
  language: string;
  /** Its name in English, for messages and docs. */
  englishName: string;
  /** Words and their meanings; a word may have several (it then reads several ways). */
  words: Record<string, Meaning[]>;
  coasts: CoastWord[];
  punctuation: Punctuation;
  /**
   * Character folding applied before matching, as pairs `from` → `to` of single
   * characters: traditional to simplified Chinese, so `陸軍` reads as `陆军`.
   */
  fold?: string;
  /**
   * Whether words need spaces around them. Without (`false`: Chinese, Japanese)
   * the text is segmented by the longest names and words that make an order.
   */
  spaced: boolean;
  /**
   * How many characters a name or word in a script written without spaces (Han, kana) must
   * have before one edit is allowed; Latin-script names follow the English reader (five letters).
   */
  minTypoLength: number;
  inflection?: Inflection;
  /** Names printed for a province or power the variant has no name for in this language: the display name. */
  print: Templates;
  /** How a unit kind is printed. */
  kinds: Record<UnitKind, string>;
  /** How a coast id is printed when the variant gives no name in this language (`nc` → `北岸`). */
  coastNames: Record<string, string>;
}

/**
 * "Did you mean" hints: one ranking for every suggestion dipforge makes (the
 * checker, the game runner, the order reader, the command line and the
 * editor's quick fixes all call `rankSuggestions`).
 *
 * A candidate is ranked by three things, in this order:
 * 1. whether it fits the place (a province the unit can reach, for a move's
 *    destination): a candidate that fits always comes before one that does not;
 * 2. its spelling cost (`spellingCost`): the slips people make when typing cost
 *    less than other changes: a key next to the right one on a QWERTY keyboard,
 *    two letters swapped, a key pressed twice;
 * 3. its text, so that the order never depends on the order of the candidates.
 *
 * Only candidates within reach are suggested (about one slip for every three
 * letters written), and at most three, best first.
 */
import { quoted } from './echo.js';

/** At most this many suggestions are given. */
export const MAX_SUGGESTIONS = 3;

/** Plain edit distance (Levenshtein): letters added, dropped or changed, each 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

/** A letter added or dropped, or changed for one that is not next to it. */
const EDIT = 1;
/** A letter changed for one on a neighbouring key. */
const NEIGHBOUR_KEY = 0.5;
/** Two neighbouring letters swapped. */
const SWAP = 0.75;
/** A key pressed twice, or a double letter pressed once. */
const DOUBLED = 0.5;

/** The keys of a QWERTY keyboard by row; each row sits about half a key to the right of the row above. */
const ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const KEY_AT = new Map<string, { row: number; column: number }>();
ROWS.forEach((keys, row) => Array.from(keys).forEach((key, column) => KEY_AT.set(key, { row, column })));

/** Whether two characters are on neighbouring keys of a QWERTY keyboard (same row, or the row above or below). */
export function keyboardNeighbours(a: string, b: string): boolean {
  const p = KEY_AT.get(a.toLowerCase());
  const q = KEY_AT.get(b.toLowerCase());
  if (p === undefined || q === undefined || p === q) return false;
  if (p.row === q.row) return Math.abs(p.column - q.column) === 1;
  if (Math.abs(p.row - q.row) !== 1) return false;
  const [upper, lower] = p.row < q.row ? [p, q] : [q, p];
  // With the lower row shifted right, a key touches the two keys above it: the same column and the next.
  return lower.column === upper.column || lower.column === upper.column - 1;
}

/**
 * How far `written` is from `known` as typing slips go: an optimal string
 * alignment distance (edits, and swaps of neighbouring letters) where a
 * neighbouring key, a swap and a doubled key cost less than other edits.
 * Compared by code point and without regard to case.
 */
export function spellingCost(written: string, known: string): number {
  const a = Array.from(written.toLowerCase());
  const b = Array.from(known.toLowerCase());
  if (a.length === b.length && a.every((c, i) => c === b[i])) return 0;
  const width = b.length + 1;
  const d = new Float64Array((a.length + 1) * width);
  for (let i = 0; i <= a.length; i++) d[i * width] = i * EDIT;
  for (let j = 0; j <= b.length; j++) d[j] = j * EDIT;
  for (let i = 1; i <= a.length; i++) {
    const x = a[i - 1] as string;
    for (let j = 1; j <= b.length; j++) {
      const y = b[j - 1] as string;
      // A written letter too many: cheaper when it repeats the letter before it (`lonndon`).
      const extra = i > 1 && a[i - 2] === x ? DOUBLED : EDIT;
      // A letter left out: cheaper when it is the second of a double letter (`marseiles`).
      const missing = j > 1 && b[j - 2] === y ? DOUBLED : EDIT;
      const change = x === y ? 0 : keyboardNeighbours(x, y) ? NEIGHBOUR_KEY : EDIT;
      let best = Math.min(d[(i - 1) * width + j]! + extra, d[i * width + j - 1]! + missing, d[(i - 1) * width + j - 1]! + change);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y && x !== y) best = Math.min(best, d[(i - 2) * width + j - 2]! + SWAP);
      d[i * width + j] = best;
    }
  }
  return d[a.length * width + b.length]!;
}

/** The most a suggestion may cost for a written word: about one slip for every three letters, at least one. */
export function suggestionReach(written: string): number {
  return Math.max(1, Math.floor(Array.from(written).length / 3));
}

/** Something that may be suggested: what it stands for, the text compared, and whether it fits the place. */
export interface SuggestionCandidate<T> {
  readonly item: T;
  readonly text: string;
  readonly fits?: boolean;
}

export interface RankedSuggestion<T> {
  readonly item: T;
  /** The candidate text that came closest for this item. */
  readonly text: string;
  readonly cost: number;
  readonly fits: boolean;
}

/** Whether `a` ranks before `b`. */
function before<T>(a: RankedSuggestion<T>, b: RankedSuggestion<T>): boolean {
  if (a.fits !== b.fits) return a.fits;
  if (a.cost !== b.cost) return a.cost < b.cost;
  return a.text < b.text;
}

/**
 * The candidates within reach of `written`, best first (see the top of the
 * file), each item once (its best text), at most `limit`.
 */
export function rankSuggestions<T>(written: string, candidates: Iterable<SuggestionCandidate<T>>, limit: number = MAX_SUGGESTIONS): RankedSuggestion<T>[] {
  const reach = suggestionReach(written);
  const length = Array.from(written).length;
  const best = new Map<T, RankedSuggestion<T>>();
  for (const c of candidates) {
    // Every letter more or fewer costs at least a doubled key: a word far longer or shorter is not compared letter by letter.
    if (Math.abs(Array.from(c.text).length - length) * DOUBLED > reach) continue;
    const cost = spellingCost(written, c.text);
    if (cost > reach) continue;
    const ranked: RankedSuggestion<T> = { item: c.item, text: c.text, cost, fits: c.fits === true };
    const old = best.get(c.item);
    if (old === undefined || before(ranked, old)) best.set(c.item, ranked);
  }
  return [...best.values()].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, Math.max(0, limit));
}

/** Up to three known names close to `name`, best first (`rankSuggestions` with nothing known of the place). */
export function closest(name: string, known: Iterable<string>): string[] {
  const candidates: SuggestionCandidate<string>[] = [];
  for (const k of known) candidates.push({ item: k, text: k });
  return rankSuggestions(name, candidates).map((s) => s.item);
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** `; did you mean 'x' or 'y'?` for suggestions already ranked, or nothing when there are none. */
export function didYouMeanOf(list: readonly string[]): string {
  return list.length === 0 ? '' : `; did you mean ${orList(list.map((k) => quoted(k)))}?`;
}

/** `; did you mean 'x' or 'y'?`, or nothing when no name is close. */
export function didYouMean(name: string, known: Iterable<string>): string {
  return didYouMeanOf(closest(name, known));
}

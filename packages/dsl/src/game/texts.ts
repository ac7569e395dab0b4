/**
 * Order texts as strings of their own, one string per distinct text. A game
 * writes the same order texts many times (a unit holding where it stands, the
 * same support year after year: in a long random game about three lines in
 * five repeat an earlier text), so the parser takes each plain order's text
 * from here instead of cutting it out of the file: a repeated text costs no
 * string, and the order reader (orders.ts), which keeps its readings by text,
 * finds it as the very string it keeps, with its hash already worked out.
 *
 * A text is found by a hash of its characters in the file, worked out by the
 * parser as it reads the line, and compared character by character. The
 * strings are strings of their own (see `ownString`), never views
 * into a file's text, which they would keep alive. The table starts afresh
 * past `MAX_TEXTS` texts (an editor session types many passing texts) and
 * when the order readings are forgotten (`GameWorkspace.forgetOrderReadings`).
 */

/** Texts kept past this many start the table afresh. */
const MAX_TEXTS = 50_000;
const FIRST_SIZE = 1 << 12;

let keys: (string | undefined)[] = new Array<string | undefined>(FIRST_SIZE).fill(undefined);
let hashes = new Int32Array(FIRST_SIZE);
let count = 0;

/** The hash of a text so far, `h`, with one more character code `c` (start with TEXT_HASH). */
export function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 16777619);
}

export const TEXT_HASH = -2128831035;

/** Forgets every text: the next parse cuts each text out again, as the first parse did. */
export function forgetTexts(): void {
  keys = new Array<string | undefined>(FIRST_SIZE).fill(undefined);
  hashes = new Int32Array(FIRST_SIZE);
  count = 0;
}

/**
 * `text.slice(start, end)` as the string kept for it (a string of its own);
 * `hash` is the hash of the characters from `start` to `end` that are not a
 * space or a tab (hashStep from TEXT_HASH), as the parser has worked it out.
 */
export function textOf(text: string, start: number, end: number, hash: number): string {
  const length = end - start;
  const mask = keys.length - 1;
  let i = hash & mask;
  for (;;) {
    const key = keys[i];
    if (key === undefined) break;
    if (hashes[i] === hash && key.length === length && sameChars(key, text, start)) return key;
    i = (i + 1) & mask;
  }
  const own = ownString(text.slice(start, end));
  if (count >= MAX_TEXTS) {
    forgetTexts();
    insert(own, hash);
  } else {
    keys[i] = own;
    hashes[i] = hash;
    count++;
    if (count * 2 > keys.length) grow();
  }
  return own;
}

/** `text.slice(start, end)` as the string kept for it, its hash worked out here (a game writes the same names thousands of times). */
export function keptText(text: string, start: number, end: number): string {
  return textOf(text, start, end, hashOf(text, start, end));
}

/**
 * `text` as a string of its own (a key kept past the run): the very string
 * when it is the one kept here for its text (the parser's order texts), else
 * a copy (`ownString`).
 */
export function ownText(text: string): string {
  const hash = hashOf(text, 0, text.length);
  const mask = keys.length - 1;
  for (let i = hash & mask; ; i = (i + 1) & mask) {
    const key = keys[i];
    if (key === undefined) return ownString(text);
    if (key === text) return key;
  }
}

/** The hash of the characters from `start` to `end` that are not a space or a tab. */
export function hashOf(text: string, start: number, end: number): number {
  let hash = TEXT_HASH;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9) hash = hashStep(hash, c);
  }
  return hash;
}

function sameChars(key: string, text: string, start: number): boolean {
  for (let k = 0; k < key.length; k++) if (key.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

function insert(key: string, hash: number): void {
  const mask = keys.length - 1;
  let i = hash & mask;
  while (keys[i] !== undefined) i = (i + 1) & mask;
  keys[i] = key;
  hashes[i] = hash;
  count++;
}

/**
 * Makes room for `n` more texts: a file's reader asks before its lines are read, so that the
 * table grows then, not in the middle of them. Code that runs for the first time inside the
 * optimized line readers (`textOf` is built into them) makes V8 give them up and build them again,
 * which costs more than the reading; the growth in `textOf` stays for a file that holds more.
 */
export function reserveTexts(n: number): void {
  const wanted = Math.min(count + n, MAX_TEXTS);
  let size = keys.length;
  while (wanted * 2 > size) size *= 2;
  if (size > keys.length) grow(size);
}

function grow(size = keys.length * 2): void {
  const oldKeys = keys;
  const oldHashes = hashes;
  keys = new Array<string | undefined>(size).fill(undefined);
  hashes = new Int32Array(size);
  count = 0;
  for (let i = 0; i < oldKeys.length; i++) {
    const key = oldKeys[i];
    if (key !== undefined) insert(key, oldHashes[i] as number);
  }
}

/**
 * The text as a string of its own: V8 keeps a longer substring as a view into
 * the string it was cut from, so a kept one would keep the whole text of the
 * file it was read in alive. Slicing a concatenation first makes the
 * concatenation a flat string of its own, one character longer than the text
 * (several times cheaper than a JSON round trip).
 */
function ownString(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * Guessing misspelt names (docs/GAME-LANGUAGE.md, "Misspelt names"). A written word
 * that is no known name may still be read as a name it is clearly close to, by its
 * spelling or by its sound; the reader then says so with a warning. Words are name
 * keys (`nameKey`): lower case, letters, marks and digits only.
 *
 * - Spelling: at most one edit (a letter added, dropped or changed) for every four
 *   letters of the shorter of the two words, and none when it has fewer than five
 *   letters: `burgandy`, `bargandy`, `ingland`, `britaine`; never `kiev` for `kiel`.
 * - Sound: the two words begin alike and have the same consonant frame, give or take
 *   a consonant (`consonantFrame`), and are still spelt at least half alike:
 *   `bergendee` and `bargdrly` for `burgundy`, `picardie` for `picardy`.
 *
 * A name of several words is close when written with as many words, each close to
 * its word of the name (so `Westrn Mediterranean` is not also close to Eastern).
 */
import { editDistance } from '../config/suggest.js';

/** Letters a frame leaves out after the first letter: the vowels, and h and w, which are often silent. */
const SILENT = new Set(['a', 'e', 'i', 'o', 'u', 'y', 'h', 'w']);

/** How many letters the shorter word must have before any edit is allowed. */
const MIN_SPELLING_LENGTH = 5;
/** One edit allowed for every this many letters. */
const LETTERS_PER_EDIT = 4;
/** How many consonants of the name's frame must be found, in order, in the word's. */
const MIN_FRAME_MATCH = 4;

/**
 * The consonant frame of a word, how it sounds with the vowels left out: letters
 * without accents, `ph` read as f, `c` as s before e, i or y and as k otherwise;
 * then the first letter, followed by the other letters but a e i o u y h w, a letter
 * written twice in a row kept once. burgundy, bargandy and bergendee are all
 * b-r-g-n-d; bargdrly is b-r-g-d-r-l; brigawly is b-r-g-l.
 */
export function consonantFrame(word: string): string[] {
  const spelled = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ph/gu, 'f')
    .replace(/c(?=[eiy])/gu, 's')
    .replace(/c/gu, 'k');
  const [first, ...rest] = Array.from(spelled);
  if (first === undefined) return [];
  const frame = [first];
  let previous: string | undefined = first;
  for (const ch of rest) {
    if (SILENT.has(ch)) {
      previous = undefined;
      continue;
    }
    if (ch !== previous) frame.push(ch);
    previous = ch;
  }
  return frame;
}

/** The length of the longest common subsequence. */
function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const cur = [0];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = x === b[j - 1] ? (prev[j - 1] as number) + 1 : Math.max(prev[j] as number, cur[j - 1] as number);
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

/** A word ready to be compared: its letters and its consonant frame, worked out once. */
export interface WordShape {
  word: string;
  length: number;
  frame: string[];
}

export function wordShape(word: string): WordShape {
  return { word, length: Array.from(word).length, frame: consonantFrame(word) };
}

function spelling(written: WordShape, name: WordShape): boolean {
  const shorter = Math.min(written.length, name.length);
  if (shorter < MIN_SPELLING_LENGTH) return false;
  const limit = Math.floor(shorter / LETTERS_PER_EDIT);
  return Math.abs(written.length - name.length) <= limit && editDistance(written.word, name.word) <= limit;
}

function sound(written: WordShape, name: WordShape): boolean {
  const w = written.frame;
  const n = name.frame;
  if (w[0] === undefined || w[0] !== n[0] || w.length > n.length + 1 || w.length < MIN_FRAME_MATCH) return false;
  if (Math.abs(written.length - name.length) * 2 > name.length) return false;
  const common = commonSubsequence(w, n);
  if (common < MIN_FRAME_MATCH || common < n.length - 1) return false;
  return editDistance(written.word, name.word) * 2 <= name.length;
}

/** Close by spelling: one edit for every four letters of the shorter word, which has five or more. */
export function spellingClose(written: string, name: string): boolean {
  return spelling(wordShape(written), wordShape(name));
}

/**
 * Close by sound: the frames begin with the same letter; all of the name's frame
 * but at most one consonant, and at least four consonants, are found in order in
 * the word's frame, which is at most one consonant longer; and the words are at
 * most one edit for every two letters of the name apart.
 */
export function soundClose(written: string, name: string): boolean {
  return sound(wordShape(written), wordShape(name));
}

/** Whether a written word may be read as the word of a name. */
export function wordClose(written: WordShape, name: WordShape): boolean {
  return written.word === name.word || spelling(written, name) || sound(written, name);
}

/** Whether written words may be read as a name's words: as many words, each close. */
export function wordsClose(written: readonly WordShape[], name: readonly WordShape[]): boolean {
  return written.length === name.length && written.every((w, i) => {
    const n = name[i];
    return n !== undefined && wordClose(w, n);
  });
}

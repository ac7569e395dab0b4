/**
 * Character classes of the game language's fast paths: the ASCII characters its words and
 * blanks are made of, tested by code without a regular expression.
 */

export function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Spaces and tabs, the blanks the tokenizer skips without its regular expression. */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * Whether `word` (lower-case ASCII letters) is written at `at`, in any case:
 * compared code by code (a character outside ASCII never matches a letter).
 */
export function hasAsciiWord(text: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(at + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/** Codes of ASCII letters, digits and `_`: the ASCII characters of WORD. */
export function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * The end of a word of ASCII word characters starting at `i`, or `i` when there
 * is none or when WORD could read further (a character outside ASCII, or a
 * hyphen that may join another word): then the regular expression decides.
 */
export function asciiWord(text: string, i: number, end: number): number {
  let j = i;
  while (j < end && isAsciiWordChar(text.charCodeAt(j))) j++;
  if (j === i) return i;
  if (j < end) {
    const c = text.charCodeAt(j);
    if (c >= 128 || c === 45) return i;
  }
  return j;
}

export function isDigits(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

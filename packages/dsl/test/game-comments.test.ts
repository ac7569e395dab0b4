/**
 * Where a line's `//` comment starts (`commentStart`): outside strings only, wherever the slashes
 * are on the line, and the same for a line read in the middle of a range of text.
 */
import { describe, expect, it } from 'vitest';
import { commentStart } from '../src/game/tokens.js';

/** Each line with where its comment starts, `|` marking it (none: the line has no comment). */
const LINES = [
  '|// a comment',
  '  |// indented',
  'variant classic |// the map',
  'A ber - kie|//no space',
  'F stp/sc - bot',
  'F stp/sc - bot |// a coast, then a comment',
  '/ / not a comment',
  'a|///b',
  'a/ |//b',
  'player england "Ann // Bo"',
  'player england "Ann // Bo" |// after the string',
  'variant "a\\"//b.dipmap"',
  'variant "a\\\\" |// an escaped backslash ends the string',
  'variant "not closed // inside',
  '',
  '/',
  '|//',
];

describe('commentStart', () => {
  for (const marked of LINES) {
    const at = marked.indexOf('|');
    const line = marked.replace('|', '');
    it(JSON.stringify(line), () => {
      expect(commentStart(line, 0, line.length)).toBe(at < 0 ? line.length : at);
      // The same line within a longer text, and a range that ends before the second slash.
      const text = `x // before\n${line}\nafter // too`;
      const from = 12;
      expect(commentStart(text, from, from + line.length)).toBe(from + (at < 0 ? line.length : at));
      if (at >= 0) expect(commentStart(text, from, from + at + 1)).toBe(from + at + 1);
    });
  }
});

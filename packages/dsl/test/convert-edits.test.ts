/**
 * The text edits a conversion is written as: applied in text order (edits at
 * one place in the order made), their notes placed in the new text, offsets of
 * the old text followed into the new.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits, mapOffset, type TextEdit } from '../src/game/convert/edits.js';

describe('convert/edits', () => {
  const text = 'A mun H\nA ber H\n';

  it('applies edits in text order, keeping the order of edits at one place, and places their notes', () => {
    const edits: TextEdit[] = [
      { start: 16, end: 16, text: 'Build A kie\n', notes: [{ code: 'convertResolved', message: 'm', from: 0, to: 11 }] },
      { start: 7, end: 7, text: ' retreat ber' },
      { start: 16, end: 16, text: 'Waive\n' },
    ];
    const out = applyEdits(text, edits);
    expect(out.text).toBe('A mun H retreat ber\nA ber H\nBuild A kie\nWaive\n');
    const note = out.notes[0]!;
    expect(out.text.slice(note.start, note.end)).toBe('Build A kie');
  });

  it('follows an offset of the old text into the new one', () => {
    const edits: TextEdit[] = [
      { start: 0, end: 0, text: '// x\n' },
      { start: 8, end: 16, text: '' },
    ];
    expect(mapOffset(edits, 2)).toBe(7); // `mun`, after the comment line
    expect(mapOffset(edits, 10)).toBe(13); // inside the removed line: where it was
    expect(applyEdits(text, edits).text.slice(mapOffset(edits, 2), mapOffset(edits, 5))).toBe('mun');
  });

  it('refuses overlapping edits (a bug of the converter, never silent)', () => {
    expect(() => applyEdits(text, [{ start: 0, end: 5, text: '' }, { start: 3, end: 6, text: '' }])).toThrow(/overlapping/u);
  });
});

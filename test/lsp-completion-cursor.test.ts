/**
 * Completion answered from the cursor's phase: after an edit, the language
 * server plays the game only as far as the phase section of the cursor
 * (`Workspace.docAt`), re-using the last check's phases before the edit, or,
 * on an order line of the section the edit is in, playing nothing (the last
 * check's run of that section stands for it). For random edits and cursors in
 * the phases of a 100-phase game, its items equal those of a fresh workspace
 * that played the whole text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { depth } from './helpers/depth.js';
import { completion, Workspace, type GameDoc } from '@dipforge/lsp';
import { fileUri, put, RANDOM_100, rng, workspace } from '../packages/lsp/test/util.js';

describe('completion from the cursor\'s phase', () => {
  // `npm test` makes the first 20 edits, the slow run all 50.
  const edits = depth(20, 50);
  it(`equals completion on the whole game, for ${edits} random edits and cursors`, () => {
    const ws = workspace();
    const uri = fileUri(RANDOM_100);
    let lines = readFileSync(RANDOM_100, 'utf8').split('\n');
    put(ws, RANDOM_100, lines.join('\n'));
    const r = rng(1919);
    const orderLines = (): number[] => lines.flatMap((l, i) => (/^\s+[AF] \S/.test(l) ? [i] : []));
    let partial = 0;
    let unplayed = 0;
    let answered = 0;
    let version = 1000;
    for (let n = 0; n < edits; n++) {
      const candidates = orderLines();
      const i = candidates[candidates.length - 1 - r(Math.floor(candidates.length / 2))]!;
      const line = lines[i]!;
      // The order cut after its unit, after a verb, or in its last word, as a person types it; or made a hold.
      const words = line.trim().split(/\s+/);
      const indent = line.length - line.trimStart().length;
      const kept = 2 + r(words.length - 1);
      let edited = ' '.repeat(indent) + words.slice(0, kept).join(' ');
      if (r(3) === 0) edited += ' ';
      else if (r(4) === 0) edited = ' '.repeat(indent) + `${words.slice(0, 2).join(' ')} H`;
      else if (kept < words.length) edited += ` ${words[kept]!.slice(0, 1 + r(2))}`;
      lines[i] = edited;
      const text = lines.join('\n');
      ws.changeDocument(uri, text, ++version);
      // The cursor: at the end of the edited line, or on another order line of a later phase.
      const at = r(3) === 0 ? candidates[r(candidates.length)]! : i;
      const position = { line: at, character: lines[at]!.length };
      const doc = ws.docAt(uri, position) as GameDoc;
      if (doc.text.length < text.length) partial++;
      // On an order line of the section the change is in, nothing is played: the last check's run stands for the section.
      if (doc.text.length < text.length && doc.adjudicated === 0 && doc.reused === 0) unplayed++;
      const got = completion(ws, doc, position);
      const fresh = new Workspace();
      const whole = put(fresh, RANDOM_100, text) as GameDoc;
      expect(got, `edit ${n}, line ${at}: ${lines[at]}`).toEqual(completion(fresh, whole, position));
      if (got.length > 0) answered++;
      // Now and then the whole game is checked again (the diagnostics), and the next edit re-uses it.
      if (r(2) === 0) ws.docByUri(uri);
    }
    // Over a quarter of the completions answered from a part of the game, over a tenth of them (fewer
    // than those) on an order line of the section being edited, playing nothing; over half with items.
    expect(partial).toBeGreaterThan(edits / 4);
    expect(unplayed).toBeGreaterThan(edits / 10);
    expect(unplayed).toBeLessThan(partial);
    expect(answered).toBeGreaterThan(edits / 2);
  }, 300_000);

  it('plays the sections after an edit that keeps the text\'s length, for a cursor in a later section', () => {
    // A move made a hold padded to the same length: every later section starts where it did, but the army stays.
    const ws = workspace();
    const uri = fileUri(RANDOM_100);
    const lines = readFileSync(RANDOM_100, 'utf8').split('\n');
    const fresh = (text: string, position: { line: number; character: number }) => {
      const other = new Workspace();
      return completion(other, put(other, RANDOM_100, text) as GameDoc, position);
    };
    let checked = 0;
    for (let i = Math.floor(lines.length / 2); i < lines.length && checked < 3; i++) {
      const m = /^(\s+A \S+) - (\S+)$/.exec(lines[i]!);
      if (!m) continue;
      // The moved army's line in the next section, emptied: completion there offers the power's units where they stand.
      const next = lines.findIndex((l, j) => j > i && /^phase /.test(l));
      const later = next < 0 ? -1 : lines.findIndex((l, j) => j > next && l.trimStart().startsWith(`A ${m[2]!} `));
      if (later < 0 || lines.slice(next + 1, later).some((l) => /^phase /.test(l))) continue;
      const moved = [...lines];
      const indent = lines[later]!.length - lines[later]!.trimStart().length;
      moved[later] = ' '.repeat(indent);
      const held = [...moved];
      held[i] = `${m[1]!} H`.padEnd(lines[i]!.length, ' ');
      const position = { line: later, character: indent };
      const want = fresh(held.join('\n'), position);
      // Only where the hold changes what stands there.
      if (JSON.stringify(want) === JSON.stringify(fresh(moved.join('\n'), position))) continue;
      put(ws, RANDOM_100, moved.join('\n'));
      ws.changeDocument(uri, held.join('\n'), 5000 + i);
      expect(completion(ws, ws.docAt(uri, position) as GameDoc, position), `line ${i} held, cursor on line ${later}`).toEqual(want);
      checked++;
    }
    expect(checked).toBe(3);
  }, 300_000);
});

/**
 * Completion answered from the cursor's phase: after an edit, the language
 * server plays the game only as far as the phase section of the cursor
 * (`Workspace.docAt`), re-using the last check's phases before the edit. For
 * random edits and cursors in the phases of a 100-phase game, its items equal
 * those of a fresh workspace that played the whole text.
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
      const got = completion(ws, doc, position);
      const fresh = new Workspace();
      const whole = put(fresh, RANDOM_100, text) as GameDoc;
      expect(got, `edit ${n}, line ${at}: ${lines[at]}`).toEqual(completion(fresh, whole, position));
      if (got.length > 0) answered++;
      // Now and then the whole game is checked again (the diagnostics), and the next edit re-uses it.
      if (r(2) === 0) ws.docByUri(uri);
    }
    // Over a quarter of the completions answered from a part of the game, over half with items.
    expect(partial).toBeGreaterThan(edits / 4);
    expect(answered).toBeGreaterThan(edits / 2);
  }, 300_000);
});

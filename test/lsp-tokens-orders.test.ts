/**
 * The tokens of order texts (`orderTokens`, token-orders.ts), read once per distinct text by its
 * own scanner, against what `scanRelative` finds in the same text (the names walk every other
 * feature reads) and the arrows its tokens hold: the same names, coasts, powers, order words and
 * arrows, in the order of the text, on every order text of the repository's games and on random
 * texts made of their words, of names of several words, of coasts written every way, of arrows,
 * brackets, blanks and letters past ASCII, in the variants of those games.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NameIndex } from '@dipforge/engine';
import { Workspace } from '../packages/lsp/src/workspace.js';
import { tokenDoc } from '../packages/lsp/src/features/token-game.js';
import { orderTokens, tokensOf } from '../packages/lsp/src/features/token-orders.js';
import { TYPE } from '../packages/lsp/src/features/token-spans.js';
import { scanRelative, tokens as wordTokens } from '../packages/lsp/src/name-scan.js';
import { ROOT } from '../packages/lsp/test/harness.js';
import { fileUri, rng } from '../packages/lsp/test/util.js';

/** The games: every variant's examples and the imported real ones. */
const GAMES = [
  ...readdirSync(join(ROOT, 'variants'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = join(ROOT, 'variants', d.name, 'examples');
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.dipgame')).map((f) => join(dir, f));
      } catch {
        return [];
      }
    }),
  ...readdirSync(join(ROOT, 'test/games')).filter((f) => f.endsWith('.dipgame')).map((f) => join(ROOT, 'test/games', f)),
];

/** What `scanRelative` finds with order words, and the arrows (punctuation of `-` and `=` with at most a last `>`), as `orderTokens` gives them: start, end and type, by start. */
function expected(text: string, index: NameIndex): number[] {
  const { occ, words } = scanRelative(text, index, true);
  const all = [
    ...occ.map((o) => [o.start, o.end, o.kind === 'province' ? TYPE.variable : o.kind === 'coast' ? TYPE.property : TYPE.type]),
    ...words.map((w) => [w.start, w.end, TYPE.keyword]),
    ...wordTokens(text)
      .filter((t) => t.kind === 'punct' && /^[-=]+>?$/u.test(t.text))
      .map((t) => [t.start, t.end, TYPE.operator]),
  ];
  return all.sort((a, b) => a[0]! - b[0]!).flat();
}

/** Each game's name index and its order texts, one entry per variant. */
function variants(): Map<NameIndex, Set<string>> {
  const out = new Map<NameIndex, Set<string>>();
  for (const file of GAMES) {
    const ws = new Workspace();
    const uri = fileUri(file);
    ws.openDocument(uri, readFileSync(file, 'utf8'), 1);
    const doc = tokenDoc(ws, uri);
    if (doc?.kind !== 'game' || !doc.index) continue;
    let texts = out.get(doc.index);
    if (!texts) out.set(doc.index, (texts = new Set()));
    for (const s of doc.parsed.ast.phases) for (const o of s.orders) texts.add(o.text.text);
  }
  return out;
}

/** Pieces random texts are made of besides the games' own words: names of several words, coasts every way, arrows, brackets, blanks, letters past ASCII. */
const PIECES = [
  'North Sea', 'north  sea', 'St Petersburg', 'st. petersburg', 'Mid-Atlantic Ocean', 'mid-atlantic', 'Gulf of Lyon', 'gulf of bothnia', 'English Channel',
  'spa/nc', 'spa/sc', 'stp/sc', 'bul/ec', 'spa(nc)', 'spa (nc)', 'spa (north coast)', 'spa nc', 'stp north coast', '(sc)', '(nc', 'nc)', '/', '(', ')', 'nc', 'sc', 'ec',
  '-', '->', '=>', '--', '-=>', '>', '=', '->>', '-', 'x-', '-x', '_', '1', 'a1', ',', '.', ':', '?', '!',
  'A', 'F', 'S', 'C', 'H', 'R', 'D', 'B', 'via', 'convoy', 'supports', 'hold', 'army', 'fleet', 'the', 'to', 'by',
  'England', 'english', 'France', 'Russia', 'Turkey', 'Austria-Hungary', 'austria hungary',
  'München', 'Münchenistä', 'ü', '北海', 'é', '\t', '  ', '\u00a0',
];

describe('the tokens of order texts', () => {
  const byIndex = variants();

  it('the games hold order texts of several variants', () => {
    expect(byIndex.size).toBeGreaterThan(5);
    expect([...byIndex.values()].reduce((n, t) => n + t.size, 0)).toBeGreaterThan(1000);
  });

  it("every order text of the games: what scanRelative finds in it", () => {
    for (const [index, texts] of byIndex) for (const text of texts) expect(tokensOf(orderTokens(text, index)), text).toEqual(expected(text, index));
  });

  it('random texts of the games\' words and of tricky pieces, 3,000 per variant: what scanRelative finds in them', () => {
    const r = rng(1931);
    for (const [index, texts] of byIndex) {
      const words = [...new Set([...texts].flatMap((t) => t.split(/\s+/u)).filter(Boolean)), ...PIECES];
      for (let k = 0; k < 3000; k++) {
        const parts: string[] = [];
        const n = 1 + r(8);
        for (let p = 0; p < n; p++) parts.push(r(3) === 0 ? (PIECES[r(PIECES.length)] as string) : (words[r(words.length)] as string));
        // Mostly one space between pieces, sometimes none or other blanks.
        const text = parts.reduce((s, p) => s + [' ', ' ', ' ', '', '  ', '\t'][r(6)] + p);
        expect(tokensOf(orderTokens(text, index)), JSON.stringify(text)).toEqual(expected(text, index));
      }
    }
  });

  it('a text read again gives the tokens kept for it', () => {
    const [index, texts] = [...byIndex][0]!;
    const text = [...texts][0]!;
    expect(orderTokens(text, index)).toBe(orderTokens(text, index));
  });
});

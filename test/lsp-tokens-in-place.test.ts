/**
 * A game's semantic tokens written in place (token-lines.ts: each order text's tokens, kept per
 * distinct text, written among the other spans as their line comes) against the same game's
 * tokens built the general way: every order text read by `scanRelative` (the names walk every
 * other feature reads) with its arrows, all of them spans of one list put in order and encoded.
 * On the repository's games (every variant's examples, the imported and random ones, games in
 * other languages), each also written with Windows line breaks, with comments after its order
 * lines, with other indentation and with blank lines between them; the whole document and random
 * ranges of lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workspace } from '../packages/lsp/src/workspace.js';
import { gameSpans, type Window } from '../packages/lsp/src/features/game-tokens.js';
import { arrowsOf } from '../packages/lsp/src/features/token-arrows.js';
import { tokenDoc, type TokenGame } from '../packages/lsp/src/features/token-game.js';
import { gameTokens } from '../packages/lsp/src/features/token-lines.js';
import { TYPE } from '../packages/lsp/src/features/token-spans.js';
import { TokenWriter } from '../packages/lsp/src/features/token-write.js';
import { orderTokens } from '../packages/lsp/src/features/token-orders.js';
import { semanticTokens } from '../packages/lsp/src/features/tokens.js';
import { scanRelative } from '../packages/lsp/src/name-scan.js';
import { ROOT } from '../packages/lsp/test/harness.js';
import { DECLARE, EXAMPLE, POSTAL, RANDOM_100, fileUri, rng } from '../packages/lsp/test/util.js';

const inFolder = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.dipgame')).map((f) => join(dir, f));
const GAMES = [
  ...readdirSync(join(ROOT, 'variants'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      try {
        return inFolder(join(ROOT, 'variants', d.name, 'examples'));
      } catch {
        return [];
      }
    }),
  ...inFolder(join(ROOT, 'test/games')),
  ...inFolder(join(ROOT, 'test/editor-languages')),
  RANDOM_100,
  DECLARE,
  POSTAL,
  EXAMPLE,
];

/** The game's text written other ways: each order line (indented deeper than its power) changed by `line`. */
function rewritten(text: string, line: (l: string, k: number) => string): string {
  let k = 0;
  return text
    .split('\n')
    .map((l) => (/^\s{3,}\S/u.test(l) && !/^\s*(\/\/|units|dislodged|owners|winner|draw|score|result)/u.test(l) ? line(l, k++) : l))
    .join('\n');
}

const WAYS: [string, (text: string) => string][] = [
  ['as written', (t) => t],
  ['with Windows line breaks', (t) => t.replace(/\n/gu, '\r\n')],
  ['with comments after order lines', (t) => rewritten(t, (l, k) => (k % 3 === 0 ? `${l} // note ${k}` : l))],
  ['with other indentation', (t) => rewritten(t, (l, k) => (k % 2 === 0 ? `\t${l.trimStart()}` : `  ${l}`))],
  ['with blank lines between order lines', (t) => rewritten(t, (l, k) => (k % 4 === 0 ? `\n${l}` : l))],
];

/** The tokens the general way: the order texts' names, order words and arrows as spans among the others, all put in order. */
function general(doc: TokenGame, window?: Window): number[] {
  const { spans, texts } = gameSpans(doc, window);
  const index = doc.index!;
  for (const t of texts) {
    const base = t.range.start.offset;
    const { occ, words } = scanRelative(t.text, index, true);
    for (const o of occ) spans.push(base + o.start, base + o.end, o.kind === 'province' ? TYPE.variable : o.kind === 'coast' ? TYPE.property : TYPE.type);
    for (const w of words) spans.push(base + w.start, base + w.end, TYPE.keyword);
    const arrows = arrowsOf(t.text);
    for (let k = 0; k < arrows.length; k += 2) spans.push(base + arrows[k]!, base + arrows[k + 1]!, TYPE.operator);
  }
  return window ? spans.encode(doc.lines, window.from, window.to) : spans.encode(doc.lines);
}

function open(file: string, text: string): TokenGame {
  const ws = new Workspace();
  const uri = fileUri(file);
  ws.openDocument(uri, text, 1);
  const doc = tokenDoc(ws, uri);
  if (doc?.kind !== 'game') throw new Error(`${file}: no game`);
  return doc;
}

describe('a game\'s tokens written in place', () => {
  it('the games have names to read and order lines in other languages', () => {
    const docs = GAMES.map((f) => open(f, readFileSync(f, 'utf8')));
    expect(docs.every((d) => d.index)).toBe(true);
    expect(docs.reduce((n, d) => n + gameSpans(d).texts.length, 0)).toBeGreaterThan(3000);
    expect(docs.some((d) => d.run.languages)).toBe(true);
  });

  for (const [way, write] of WAYS) {
    it(`the whole document, ${way}: the tokens built the general way`, () => {
      for (const f of GAMES) {
        const doc = open(f, write(readFileSync(f, 'utf8')));
        const want = general(doc);
        expect(want.length, f).toBeGreaterThan(50);
        expect(semanticTokens(doc).data, f).toEqual(want);
      }
    });
  }

  it('20 random ranges of each game, each way: the tokens built the general way on those lines', () => {
    const r = rng(4111);
    for (const [, write] of WAYS) {
      for (const f of GAMES) {
        const doc = open(f, write(readFileSync(f, 'utf8')));
        for (let k = 0; k < 20; k++) {
          const from = r(doc.lines.count);
          const window = { from, to: from + r(120) };
          expect(gameTokens(doc, window), `${f} ${from}..${window.to}`).toEqual(general(doc, window));
        }
      }
    }
  });

  it('the tokens of an order text are refused, and nothing written, where a span before them overlaps them or they end past their line', () => {
    const lines = { starts: [0, 15], text: 'ab A par - bur\nF bre H' };
    const kept = orderTokens('A par - bur', open(RANDOM_100, readFileSync(RANDOM_100, 'utf8')).index!);
    const w = new TokenWriter(lines);
    w.span(0, 2, TYPE.comment << 2);
    expect(w.orderText(kept, 1)).toBe(false);
    expect(w.orderText(kept, 10)).toBe(false);
    expect(w.orderText(kept, 3)).toBe(true);
    expect(w.finish()).toEqual([0, 0, 2, TYPE.comment, 0, 0, 3, 1, TYPE.keyword, 0, 0, 2, 3, TYPE.variable, 0, 0, 4, 1, TYPE.operator, 0, 0, 2, 3, TYPE.variable, 0]);
  });
});

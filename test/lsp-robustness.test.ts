/**
 * Robustness, in process: thousands of random edits (inserts, deletes, pastes
 * of random text and of pieces of real files) to real game and map files, each
 * followed by every feature at a random place. Nothing may throw, and every
 * answer must be well-formed: finite, non-negative positions, ranges in order.
 * `npm test` runs the first twentieth of each file's edits, the slow run all of them
 * (test/helpers/depth.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeAction, CodeLens, Diagnostic, DocumentSymbol, FoldingRange, Hover, InlayHint, Location, TextEdit } from 'vscode-languageserver-protocol';
import {
  codeActions,
  codeLenses,
  completion,
  definition,
  diagnostics,
  documentSymbols,
  foldingRanges,
  format,
  hover,
  inlayHints,
  references,
  semanticTokens,
  signatureHelp,
  type Doc,
  type Workspace,
} from '@dipforge/lsp';
import { isCompletionItem, isSignatureInformation } from '../packages/lsp/test/shapes.js';
import { EXAMPLE, put, RANDOM_100, rng, workspace, WS } from '../packages/lsp/test/util.js';
import { ROOT } from '../packages/lsp/test/harness.js';
import { depth } from './helpers/depth.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz ABCDEFS-/:\n\r\t"[](){},;#*→伯💥0123456789';

function randomText(r: (n: number) => number, len: number): string {
  let s = '';
  for (let i = 0; i < len; i++) s += ALPHABET[r(ALPHABET.length)];
  return s;
}

/** Runs every feature at a random position and checks the answers' shapes. */
function exercise(ws: Workspace, doc: Doc, r: (n: number) => number): void {
  const lines = doc.lines.count;
  const pos = { line: r(lines + 1), character: r(40) };
  const range = { start: { line: r(lines), character: 0 }, end: { line: r(lines) + 5, character: r(10) } };
  if (range.end.line < range.start.line) range.end.line = range.start.line;
  for (const d of diagnostics(doc)) expect(Diagnostic.is(d), JSON.stringify(d)).toBe(true);
  for (const c of completion(ws, doc, pos)) expect(isCompletionItem(c), JSON.stringify(c)).toBe(true);
  const h = hover(ws, doc, pos);
  expect(h === null || Hover.is(h)).toBe(true);
  const def = definition(ws, doc, pos);
  expect(def === null || Location.is(def)).toBe(true);
  for (const s of documentSymbols(doc)) expect(DocumentSymbol.is(s)).toBe(true);
  for (const f of foldingRanges(doc)) expect(FoldingRange.is(f) && f.endLine >= f.startLine).toBe(true);
  for (const a of codeActions(ws, doc, range)) expect(CodeAction.is(a)).toBe(true);
  const data = semanticTokens(doc).data;
  expect(data.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  if (doc.kind === 'game') {
    for (const l of codeLenses(doc)) expect(CodeLens.is(l)).toBe(true);
    for (const i of inlayHints(doc, range)) expect(InlayHint.is(i)).toBe(true);
    const sig = signatureHelp(doc, pos);
    for (const s of sig?.signatures ?? []) expect(isSignatureInformation(s)).toBe(true);
  }
}

function edit(text: string, r: (n: number) => number, paste: string): string {
  const at = r(text.length + 1);
  switch (r(4)) {
    case 0:
      return text.slice(0, at) + randomText(r, 1 + r(6)) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + r(30)));
    case 2: {
      const from = r(paste.length);
      return text.slice(0, at) + paste.slice(from, from + 1 + r(80)) + text.slice(at);
    }
    default:
      return text.slice(0, at) + randomText(r, r(3)) + text.slice(Math.min(text.length, at + r(5)));
  }
}

describe('robustness under random edits', () => {
  const files = [
    { path: EXAMPLE, edits: 1500 },
    { path: join(WS, 'tiny.dipmap'), edits: 1500 },
    { path: join(ROOT, 'variants/editions/2000.dipmap'), edits: 300 },
    { path: RANDOM_100, edits: 200 },
  ];
  for (const { path, edits } of files) {
    // `npm test` takes the first twentieth of the edits (the seed is the full run's), the slow run all.
    const steps = depth(edits / 20, edits);
    it(`${path.split('/').pop()}: ${steps} edits, every answer well-formed`, async () => {
      const ws = workspace();
      const original = readFileSync(path, 'utf8');
      const paste = readFileSync(EXAMPLE, 'utf8') + readFileSync(join(WS, 'tiny.dipmap'), 'utf8');
      const r = rng(edits * 7 + path.length);
      let text = original;
      for (let i = 0; i < steps; i++) {
        text = edit(text, r, paste);
        if (r(50) === 0) text = original;
        const doc = put(ws, path, text);
        exercise(ws, doc, r);
        if (i % 100 === 0) {
          for (const e of format(doc)) expect(TextEdit.is(e)).toBe(true);
          const refs = await references(ws, doc, { line: r(doc.lines.count), character: r(20) }, true);
          for (const l of refs) expect(Location.is(l)).toBe(true);
        }
      }
    }, 300_000);
  }
});

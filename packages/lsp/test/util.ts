/** Helpers for the in-process tests: positions by text, a workspace on the fixtures. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Workspace, type Doc } from '@dipforge/lsp';
import { ROOT } from './harness.js';

export const FIXTURES = join(ROOT, 'packages/lsp/test/fixtures');
export const WS = join(FIXTURES, 'ws');
export const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');
export const RANDOM_100 = join(FIXTURES, 'random-100.dipgame');
/** Every kind of declaration, and the winner, draw, score and result expectations (classic). */
export const DECLARE = join(FIXTURES, 'declare.dipgame');
/** The old rules: a retreat list, build and disband lists (classic, edition old-rules). */
export const POSTAL = join(FIXTURES, 'postal.dipgame');

export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

/** The position `delta` characters after the first occurrence of `needle` (the end of it by default). */
export function at(text: string, needle: string, delta = needle.length): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`'${needle}' is not in the text`);
  const before = text.slice(0, i + delta).split('\n');
  return { line: before.length - 1, character: (before[before.length - 1] as string).length };
}

let version = 1;
/** Opens (or replaces) a document's text and returns its state. */
export function put(ws: Workspace, path: string, text: string): Doc {
  const uri = fileUri(path);
  if (ws.open.has(uri)) ws.changeDocument(uri, text, ++version);
  else ws.openDocument(uri, text, ++version);
  const doc = ws.docByUri(uri);
  if (!doc) throw new Error(`no document for ${path}`);
  return doc;
}

export function workspace(): Workspace {
  const ws = new Workspace();
  ws.scan([WS]);
  return ws;
}

/** A text with LSP text edits (in its positions, not overlapping) applied, as an editor applies one workspace edit. */
export function applyTextEdits(text: string, edits: readonly { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: { line: number; character: number }): number => (starts[p.line] ?? text.length) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

/** A seeded generator of integers below `n` (mulberry32), for random edits and requests. */
export function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % Math.max(1, n);
  };
}

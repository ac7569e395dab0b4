/**
 * The `.dipmap` grammar takes its lookahead paths and follow sets from tables written ahead of time
 * (grammar-tables-data.ts). These tests check the tables are what chevrotain works out for the
 * grammar as it is now, and that a grammar built from them parses every text exactly as a grammar
 * left wholly to chevrotain's own code does: the same concrete syntax tree, the same recovered
 * tokens, the same errors — on every .dipmap file of the project and on damaged copies of them,
 * which is where recovery (and so the follow sets) is at work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CstElement, CstNode, IRecognitionException, IToken } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { mapLexer } from '../src/lexer.js';
import { MapGrammar } from '../src/map/grammar.js';
import { MAP_GRAMMAR_TABLES } from '../src/map/grammar-tables-data.js';

const root = join(import.meta.dirname, '..', '..', '..');

function dipmapFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? dipmapFiles(path) : e.name.endsWith('.dipmap') ? [path] : [];
  });
}

const tokenText = (t: IToken): string => `${t.tokenType.name}@${t.startOffset}${t.isInsertedInRecovery ? '+inserted' : ''}`;

/** A syntax tree as plain data: rule names, labels, token types and offsets, recovery marks. */
function plain(node: CstElement): unknown {
  if (!('children' in node)) return tokenText(node);
  const n = node as CstNode;
  const children = Object.keys(n.children)
    .sort()
    .map((key) => [key, n.children[key]!.map(plain)]);
  return { name: n.name, recovered: n.recoveredNode === true, location: n.location, children };
}

function plainErrors(errors: readonly IRecognitionException[]): unknown[] {
  return errors.map((e) => ({
    name: e.name,
    message: e.message,
    token: tokenText(e.token),
    resynced: e.resyncedTokens.map(tokenText),
    rules: e.context.ruleStack,
    occurrences: e.context.ruleOccurrenceStack,
  }));
}

/** The parse as JSON text: compared as strings, which is quick over whole files. */
function parseWith(grammar: MapGrammar, text: string): string {
  grammar.input = mapLexer().tokenize(text).tokens;
  const cst = grammar.file();
  return JSON.stringify({ cst: plain(cst), errors: plainErrors(grammar.errors) }, null, 1);
}

/** A small seeded generator (mulberry32), so a failing damage is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOISE = ['{', '}', ';', ':', ',', '->', 'province', 'power', 'adjacency', 'rules', 'xyzzy', '"s"', '12', 'land', 'sea', 'units', 'nmae', '/'];

/** `text` with a few of its tokens deleted, repeated, swapped, or with noise put in. */
function damaged(text: string, next: () => number): string {
  const tokens = mapLexer().tokenize(text).tokens;
  if (tokens.length === 0) return text;
  let out = text;
  // From the end backwards, so the offsets of the tokens still to change stay right.
  const picks = Array.from({ length: 1 + Math.floor(next() * 4) }, () => Math.floor(next() * tokens.length)).sort((a, b) => b - a);
  for (const i of picks) {
    const t = tokens[i]!;
    const before = out.slice(0, t.startOffset);
    const after = out.slice(t.endOffset! + 1);
    const kind = Math.floor(next() * 4);
    if (kind === 0) out = before + after;
    else if (kind === 1) out = before + t.image + ' ' + t.image + after;
    else if (kind === 2) out = before + NOISE[Math.floor(next() * NOISE.length)]! + ' ' + t.image + after;
    else out = before + NOISE[Math.floor(next() * NOISE.length)]! + after;
  }
  return out;
}

describe('the .dipmap grammar’s tables', () => {
  const files = [...dipmapFiles(join(root, 'variants')), ...dipmapFiles(join(root, 'test'))];
  const withTables = new MapGrammar();
  const chevrotainOwn = new MapGrammar({ plain: true });

  it('are what chevrotain works out for the grammar as it is (else: node scripts/map-grammar-tables.mjs)', () => {
    expect(new MapGrammar({ tables: null }).tables()).toEqual(MAP_GRAMMAR_TABLES);
  });

  it('are read from the project’s files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('parse every .dipmap file of the project as chevrotain’s own lookahead and recovery do', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(parseWith(withTables, text), file).toBe(parseWith(chevrotainOwn, text));
    }
  });

  it('parse damaged copies of them the same way, errors and recovery included', () => {
    const next = random(19);
    let withErrors = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (let round = 0; round < 3; round++) {
        const broken = damaged(text, next);
        const expected = parseWith(chevrotainOwn, broken);
        if (!expected.endsWith('"errors": []\n}')) withErrors++;
        expect(parseWith(withTables, broken), `${file}, damage ${round}`).toBe(expected);
      }
    }
    // The damage must reach recovery, or this test would not check the follow sets.
    expect(withErrors).toBeGreaterThan(files.length);
  });

  it('stale tables cost time, never a different parse: a wrong fingerprint works everything out afresh', () => {
    const stale = new MapGrammar({ tables: { ...MAP_GRAMMAR_TABLES, fingerprint: 'stale', follows: {}, lookahead: {} } });
    const next = random(7);
    for (const file of files.slice(0, 5)) {
      const broken = damaged(readFileSync(file, 'utf8'), next);
      expect(parseWith(stale, broken), file).toBe(parseWith(chevrotainOwn, broken));
    }
  });
});

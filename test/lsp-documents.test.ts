/**
 * The server's copy of an open document stays the client's, whatever ranges
 * the client's changes name. The protocol library read a range past the last
 * line as the end of the text but kept its line table by the range's own line
 * numbers, so the next change landed in the wrong place (the text below came
 * out with its first line twice). Found by the language-server fuzzer; the
 * server now brings each range onto the document first (documents.ts).
 */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent as Change } from 'vscode-languageserver';
import { serverTextDocuments } from '@dipforge/lsp';
import { startStdio } from '../packages/lsp/test/harness.js';

const PAST_THE_END: Change[] = [
  { range: { start: { line: 4, character: 1 }, end: { line: 3, character: 2 } }, text: '\n' },
  { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'zzz' },
];
const START = 'variant classic\r\n';
const CLIENT_TEXT = 'variant classic\r\n\nzzz';

describe("the server's copy of a document", () => {
  it('a change past the last line, then one on a line it made: the text the client has', () => {
    const doc = serverTextDocuments.create('file:///a.dipgame', 'dipgame', 1, START);
    PAST_THE_END.forEach((c, i) => serverTextDocuments.update(doc, [c], i + 2));
    expect(doc.getText()).toBe(CLIENT_TEXT);
    expect(doc.lineCount).toBe(3);
    // What the library alone makes of it (why the server does not hand it such ranges).
    const bare = TextDocument.create('file:///a.dipgame', 'dipgame', 1, START);
    PAST_THE_END.forEach((c, i) => TextDocument.update(bare, [c], i + 2));
    expect(bare.getText()).not.toBe(CLIENT_TEXT);
  });

  it('several changes in one notification, each read against the text the one before left', () => {
    const doc = serverTextDocuments.create('file:///a.dipgame', 'dipgame', 1, START);
    serverTextDocuments.update(doc, PAST_THE_END, 2);
    expect(doc.getText()).toBe(CLIENT_TEXT);
  });

  it('positions that are no integers are read as integers on the document', () => {
    const doc = serverTextDocuments.create('file:///a.dipgame', 'dipgame', 1, 'ab\ncd');
    const odd = { start: { line: 1.7, character: Number.NaN }, end: { line: -3, character: 1e9 } };
    serverTextDocuments.update(doc, [{ range: odd, text: 'X' }], 2);
    expect(doc.getText()).toBe('Xcd');
  });

  it('equals a fresh reading of the text after 4,000 random changes, CR, LF and out-of-range ones among them', () => {
    // A fresh library document reads one change right: only its table of line starts, kept from
    // change to change (and counting the lines), went wrong.
    let seed = 3;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pieces = ['', 'a', '\n', '\r\n', '\r', 'xy\r', '\nz', '伯', '😀', 'words ', '\r\n\r\n'];
    for (let d = 0; d < 20; d++) {
      const start = ['', 'a\r\nb\r\n', 'a\rb\r', 'x\ny\n\n'][d % 4] as string;
      const doc = serverTextDocuments.create('file:///a', 'dipgame', 1, start);
      for (let v = 2; v < 202; v++) {
        const at = (): { line: number; character: number } => ({ line: next(doc.lineCount + 3) - 1, character: next(6) });
        const change: Change = { range: { start: at(), end: at() }, text: pieces[next(pieces.length)] as string };
        const fresh = TextDocument.create('file:///a', 'dipgame', v - 1, doc.getText());
        serverTextDocuments.update(doc, [change], v);
        TextDocument.update(fresh, [change], v);
        expect(doc.getText()).toBe(fresh.getText());
        expect(doc.lineCount).toBe(TextDocument.create('file:///a', 'dipgame', v, doc.getText()).lineCount);
      }
    }
  });

  it('over stdio: the diagnostics after such changes are those of the text the client has', async () => {
    const client = await startStdio();
    try {
      await client.open('untitled:edited', START, 'dipgame');
      const edited = await client.change('untitled:edited', PAST_THE_END);
      const fresh = await client.open('untitled:fresh', CLIENT_TEXT, 'dipgame');
      expect(fresh.diagnostics.length).toBeGreaterThan(0);
      expect(edited.diagnostics).toEqual(fresh.diagnostics);
    } finally {
      await client.close();
    }
  }, 120_000);
});

/**
 * The fuzzers' parts, each against what it must agree with: the client's copy
 * of a document against the protocol library's text document (the server's),
 * the answer checker against answers right and wrong, the formatting check,
 * the minimizer, and the mutations (deterministic, varied, bytes kept).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { answerProblems, formatProblems, lineLengths, loadCorpus, makeInput, minimize, Mirror, OPERATORS, Rng, setEditionProblems, type Change } from '@dipforge/fuzz';
import { ROOT } from '../packages/lsp/test/harness.js';

describe('the client copy of a document', () => {
  // Against a fresh library document at each step: the library's own table of line starts goes wrong
  // after a range past the last line (test/lsp-documents.test.ts), its reading of positions does not.
  it('applies changes as the protocol text document reads them, out-of-range and reversed ones included', () => {
    const rng = new Rng(11);
    const pieces = ['', 'a', '\n', '\r\n', '\r', 'xy\r', '\nz', '伯', '😀', 'long line of text ', '\r\n\r\n'];
    for (let doc = 0; doc < 20; doc++) {
      let text = readFileSync(join(ROOT, 'test/datc/v2.4/6.A.01.dipgame'), 'utf8').slice(0, 200 + doc * 13);
      if (doc % 3 === 1) text = text.replace(/\n/g, '\r\n');
      if (doc % 3 === 2) text = text.replace(/\n/g, '\r');
      const mirror = new Mirror('file:///a', 'dipgame', text);
      let real = TextDocument.create('file:///a', 'dipgame', 1, text);
      for (let v = 2; v < 200; v++) {
        const at = (): { line: number; character: number } => {
          const r = rng.int(10);
          if (r === 0) return { line: mirror.lineCount + rng.int(3), character: rng.int(5) };
          if (r === 1) return { line: -1, character: rng.int(3) };
          const line = rng.int(mirror.lineCount);
          return { line, character: r === 2 ? 1000 : rng.int(mirror.lineLength(line) + 2) };
        };
        const change: Change = rng.chance(0.05) ? { text: rng.pick(pieces) } : { range: { start: at(), end: at() }, text: rng.pick(pieces) };
        real = TextDocument.create('file:///a', 'dipgame', v - 1, mirror.text);
        mirror.apply([change], v);
        TextDocument.update(real, [change], v);
        expect(mirror.text).toBe(real.getText());
      }
      expect(mirror.lineCount).toBe(real.lineCount);
      for (let o = 0; o <= mirror.text.length; o += 7) expect(mirror.positionAt(o)).toEqual(real.positionAt(o));
      expect(mirror.textAt(199)).toBe(mirror.text);
    }
  });
});

describe('the answer checker', () => {
  const uri = 'file:///a.dipgame';
  const lines = lineLengths('abcd\nef\r\n\rxyz');
  const check = (method: string, value: unknown): string[] => answerProblems(method, value, uri, (u) => (u === uri ? lines : undefined));
  const r = (a: number, b: number, c: number, d: number) => ({ start: { line: a, character: b }, end: { line: c, character: d } });

  it('counts lines as the protocol does (\\n, \\r\\n, a lone \\r)', () => {
    expect(lines).toEqual([4, 2, 0, 3]);
  });

  it('accepts well-formed answers, positions at a line end included', () => {
    expect(check('textDocument/hover', { contents: 'x', range: r(0, 0, 0, 4) })).toEqual([]);
    expect(check('textDocument/documentSymbol', [{ name: 'x', kind: 1, range: r(0, 0, 3, 3), selectionRange: r(1, 0, 1, 2) }])).toEqual([]);
    expect(check('textDocument/foldingRange', [{ startLine: 0, endLine: 3 }])).toEqual([]);
    expect(check('textDocument/semanticTokens/full', { data: [0, 1, 3, 0, 0, 3, 0, 3, 1, 0] })).toEqual([]);
    expect(check('textDocument/inlayHint', [{ position: { line: 3, character: 3 }, label: 'x' }])).toEqual([]);
    // A location in a document the checker does not know: only the numbers are checked.
    expect(check('textDocument/definition', { uri: 'file:///other.dipmap', range: r(900, 0, 900, 3) })).toEqual([]);
  });

  it('finds every kind of bad position, wherever it stands', () => {
    const bad: [string, unknown, string][] = [
      ['textDocument/hover', { contents: 'x', range: r(0, 3, 0, 1) }, 'ends before it starts'],
      ['textDocument/hover', { contents: 'x', range: r(0, -1, 0, 1) }, 'not two non-negative integers'],
      ['textDocument/hover', { contents: 'x', range: r(0, 0.5, 0, 1) }, 'not two non-negative integers'],
      ['textDocument/hover', { contents: 'x', range: r(0, 0, 4, 0) }, 'line 4 beyond the last line (3)'],
      ['textDocument/hover', { contents: 'x', range: r(1, 0, 1, 3) }, 'character 3 beyond the end of line 1 (2)'],
      ['textDocument/completion', [{ label: 'a', textEdit: { range: r(2, 1, 2, 1), newText: 'a' } }], 'character 1 beyond the end of line 2 (0)'],
      ['textDocument/inlayHint', [{ position: { line: 7, character: 0 }, label: 'x' }], 'line 7 beyond the last line'],
      ['textDocument/documentSymbol', [{ name: 'x', kind: 1, range: r(1, 0, 1, 1), selectionRange: r(0, 0, 0, 1) }], 'is not inside range'],
      ['textDocument/codeAction', [{ title: 't', edit: { changes: { [uri]: [{ range: r(9, 0, 9, 0), newText: '' }] } } }], 'line 9 beyond the last line'],
      ['textDocument/foldingRange', [{ startLine: 2, endLine: 1 }], 'folding lines 2…1'],
      ['textDocument/foldingRange', [{ startLine: 0, endLine: 4 }], 'beyond the last line'],
      ['textDocument/semanticTokens/full', { data: [0, 0, 5, 0, 0] }, '0+5 beyond the end of line 0 (4)'],
      ['textDocument/semanticTokens/full', { data: [4, 0, 1, 0, 0] }, 'line 4 beyond the last line'],
      ['textDocument/semanticTokens/full', { data: [0, 0, 1, 0] }, 'not a multiple of 5'],
    ];
    for (const [method, value, expected] of bad) expect(check(method, value).join(' | '), `${method} ${JSON.stringify(value)}`).toContain(expected);
  });

  it("reads dipforge/setEdition's warnings in the converted text's positions, its edits in the document's", () => {
    const text = 'ab\ncd\n';
    const linesOfText = (u: string) => (u === uri ? lineLengths(text) : undefined);
    // The edit makes line 1 longer; a warning on it stands past the end of the document's line 1.
    const answer = (warningEnd: number) => ({
      edits: [{ range: r(1, 0, 1, 2), newText: 'cdefgh' }],
      warnings: [{ range: r(1, 0, 1, warningEnd), message: 'w' }],
    });
    expect(setEditionProblems(answer(6), uri, text, linesOfText)).toEqual([]);
    expect(answerProblems('dipforge/setEdition', answer(6), uri, linesOfText).join(' | ')).toContain('character 6 beyond the end of line 1 (2)');
    expect(setEditionProblems(answer(7), uri, text, linesOfText).join(' | ')).toContain('dipforge/setEdition.warnings[0].range.end: character 7 beyond the end of line 1 (6)');
    expect(setEditionProblems({ edits: [{ range: r(5, 0, 5, 0), newText: 'x' }], warnings: [] }, uri, text, linesOfText).join(' | ')).toContain('line 5 beyond the last line');
    expect(setEditionProblems({ edits: [{ range: r(0, 0, 1, 1), newText: '' }, { range: r(0, 1, 0, 2), newText: '' }], warnings: [] }, uri, text, linesOfText)).toEqual(['dipforge/setEdition.edits overlap']);
  });
});

describe('the formatting check', () => {
  const text = 'phase spring 1901 movement\n england:\n  A par H\n';
  const edit = (a: number, b: number, c: number, d: number, newText: string) => ({ range: { start: { line: a, character: b }, end: { line: c, character: d } }, newText });

  it('applies whitespace edits and says whether they change the text', () => {
    const f = formatProblems(text, [edit(1, 0, 1, 1, '  '), edit(2, 0, 2, 2, '    ')]);
    expect(f.problem).toBeUndefined();
    expect(f.formatted).toBe('phase spring 1901 movement\n  england:\n    A par H\n');
    expect(f.changed).toContain('first change at offset 28');
    expect(formatProblems(text, []).changed).toBeUndefined();
  });

  it('finds edits that overlap, and edits that change more than whitespace', () => {
    expect(formatProblems(text, [edit(1, 0, 1, 3, ''), edit(1, 1, 1, 2, 'x')]).problem).toBe('overlapping edits');
    expect(formatProblems(text, [edit(2, 2, 2, 3, 'F')]).problem).toBe('changes more than whitespace');
  });
});

describe('the minimizer', () => {
  it('keeps only the bytes the failure needs', async () => {
    const input = Buffer.from(Array.from({ length: 60 }, (_, i) => (i === 41 ? 'a line with BOOM in it\n' : `line ${i}\n`)).join(''));
    const small = await minimize(input, async (c) => Buffer.from(c).includes('BOOM'), { attempts: 10_000, deadline: Infinity });
    expect(Buffer.from(small).toString()).toBe('BOOM');
  });

  it('stops at its budget with a candidate that still fails', async () => {
    const input = Buffer.from('x\n'.repeat(500) + 'BOOM\n');
    let calls = 0;
    const small = await minimize(input, async (c) => (calls++, Buffer.from(c).includes('BOOM')), { attempts: 5, deadline: Infinity });
    expect(calls).toBe(5);
    expect(Buffer.from(small).includes('BOOM')).toBe(true);
    expect(small.length).toBeLessThan(input.length);
  });
});

describe('the mutations', () => {
  const corpus = loadCorpus(ROOT);

  it('the corpus holds the variants, the DATC, the rule cases and the games', () => {
    const folders = new Set(corpus.files.map((f) => f.rel.split('/').slice(0, 2).join('/')));
    for (const f of ['variants/classic', 'variants/editions', 'test/datc', 'test/rules', 'test/games']) expect(folders.has(f), f).toBe(true);
    expect(corpus.gamesOf('variants/classic/classic.dipmap').length).toBeGreaterThan(300);
  });

  it('are deterministic per seed and input, varied, and use every operator', () => {
    expect(makeInput(corpus, 3, 17)).toEqual(makeInput(corpus, 3, 17));
    const inputs = Array.from({ length: 300 }, (_, n) => makeInput(corpus, 3, n));
    const distinct = new Set(inputs.map((i) => i.bytes.toString('base64')));
    expect(distinct.size).toBeGreaterThan(290);
    expect(new Set(inputs.flatMap((i) => i.how))).toEqual(new Set(OPERATORS));
    // A map mutant is played by a game that plays that map.
    for (const i of inputs.filter((x) => x.kind === 'map')) expect(corpus.gamesOf(i.rel)).toContain(i.game);
  });

  it('keep invalid UTF-8 as bytes', () => {
    const inputs = Array.from({ length: 200 }, (_, n) => makeInput(corpus, 5, n, ['invalid-utf8']));
    expect(inputs.every((i) => !Buffer.from(i.bytes.toString('utf8'), 'utf8').equals(i.bytes))).toBe(true);
  });
});

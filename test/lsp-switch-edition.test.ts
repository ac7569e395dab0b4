/**
 * Switch Edition through the language server, in process: `dipforge/setEdition`
 * on the example game converts it (the same text as `convertGame`, sent as the
 * lines that change), old-rules and back; the question the extension asks
 * first; the line differences the edit is made of. A game whose edition line
 * says old-rules but that has a winter adjustment phase: the same code and
 * severity in `dipforge check` and the server, hover and the board saying why
 * the phase is not played, and the code action that converts it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { convertGame, GameWorkspace, runGameText } from '@dipforge/dsl';
import { main } from '@dipforge/cli';
import { boardAt, codeActions, diagnostics, hover, lineEdits, setEdition, Workspace, type GameDoc } from '@dipforge/lsp';
import { switchConfirmation } from '../extension/src/switch.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyTextEdits as apply } from '../packages/lsp/test/util.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE = readFileSync(join(ROOT, 'variants/classic/examples/1901.dipgame'), 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'dipforge-switch-lsp-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let version = 0;
function game(ws: Workspace, name: string, text: string): GameDoc {
  const uri = pathToFileURL(join(tmp, name)).href;
  if (ws.open.has(uri)) ws.changeDocument(uri, text, ++version);
  else ws.openDocument(uri, text, ++version);
  const doc = ws.docByUri(uri);
  if (doc?.kind !== 'game') throw new Error(`no game for ${name}`);
  return doc;
}

function errors(text: string, name: string): string[] {
  const run = runGameText(text, join(tmp, name), new GameWorkspace());
  return run.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`);
}

/** The lines of the phase section that starts with `phase NAME`, up to the next section. */
function section(text: string, name: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf(`phase ${name}`);
  if (from < 0) return [];
  const to = lines.findIndex((l, i) => i > from && /^(phase|expect|position|declare)\b/u.test(l));
  return lines.slice(from + 1, to < 0 ? undefined : to).filter((l) => l.trim() !== '');
}

describe('dipforge/setEdition converts a game', () => {
  const ws = new Workspace();

  it('to old-rules: the winter builds become build lists in the fall, and the result checks with no errors', () => {
    const doc = game(ws, 'to-old.dipgame', EXAMPLE);
    const r = setEdition(ws, doc, 'old-rules');
    const converted = apply(EXAMPLE, r.edits);
    const direct = convertGame(EXAMPLE, doc.path, 'old-rules', new GameWorkspace());
    if (!direct.ok) throw new Error('the example does not convert');
    expect(converted).toBe(direct.text);
    expect(r.converted).toBe(true);
    expect(r.confirm).toBe(true);
    expect(r.summary).toMatchObject({ from: '2023', to: 'old-rules', fromForm: 'separate', toForm: 'postal', ordersMoved: 6, phasesRemoved: 1, phasesInserted: 0 });
    expect(r.summaryText).toContain('Phases removed: 1');
    expect(r.warnings).toEqual([]);
    // The changed lines only: the spring phase is not touched.
    expect(r.edits.length).toBeGreaterThan(1);
    expect(r.edits.every((e) => e.range.start.line >= 3)).toBe(true);
    expect(errors(converted, 'to-old-check.dipgame')).toEqual([]);
    expect(converted).toMatch(/^edition old-rules$/mu);
    expect(converted).not.toContain('phase winter 1901 adjustment');
    const fall = section(converted, 'fall 1901 movement');
    expect(fall.filter((l) => /^\s+Build /u.test(l)).map((l) => l.trim()).sort()).toEqual(['Build A mun, A ber', 'Build A par', 'Build A vie', 'Build F lon', 'Build F nap']);
  });

  it('and back to 2023: the winter adjustment phase comes back with the builds', () => {
    const doc = game(ws, 'to-old.dipgame', EXAMPLE);
    const postal = apply(EXAMPLE, setEdition(ws, doc, 'old-rules').edits);
    const back = game(ws, 'back.dipgame', postal);
    const r = setEdition(ws, back, '2023');
    const text = apply(postal, r.edits);
    expect(r.converted).toBe(true);
    expect(r.summary).toMatchObject({ from: 'old-rules', to: '2023', phasesInserted: 1 });
    expect(errors(text, 'back-check.dipgame')).toEqual([]);
    const winter = section(text, 'winter 1901 adjustment').map((l) => l.trim());
    expect(winter.filter((l) => l.startsWith('Build')).sort()).toEqual(['Build A ber', 'Build A mun', 'Build A par', 'Build A vie', 'Build F lon', 'Build F nap']);
    expect(section(text, 'fall 1901 movement').some((l) => /Build/u.test(l))).toBe(false);
  });

  it('between two separate-phase editions of the example, changes the edition line alone and asks nothing', () => {
    const doc = game(ws, 'to-2000.dipgame', EXAMPLE);
    const r = setEdition(ws, doc, '2000');
    expect(r.converted).toBe(true);
    expect(r.confirm).toBe(false);
    expect(apply(EXAMPLE, r.edits)).toBe(EXAMPLE.replace('edition 2023', 'edition 2000'));
    expect(switchConfirmation(r, '2000', '1901.dipgame')).toBeUndefined();
  });

  it('a game with errors is not converted: the edition line alone, with the reason, for the editor to offer', () => {
    const broken = EXAMPLE.replace('A vie - gal', 'A vie - nowhere');
    const doc = game(ws, 'broken.dipgame', broken);
    const r = setEdition(ws, doc, 'old-rules');
    expect(r.converted).toBe(false);
    expect(r.confirm).toBe(true);
    expect(r.message).toMatch(/^The game has 1 error, so it cannot be played to be converted \(line 8: .*\[DF2001\]\)$/u);
    expect(apply(broken, r.edits)).toBe(broken.replace('edition 2023', 'edition old-rules'));
    const ask = switchConfirmation(r, 'old-rules', 'broken.dipgame');
    expect(ask?.action).toBe('Change the Edition Line');
    expect(ask?.detail).toContain(r.message);
  });

  it('the question before a conversion shows the summary and the warnings', () => {
    const doc = game(ws, 'to-old.dipgame', EXAMPLE);
    const r = setEdition(ws, doc, 'old-rules');
    const warned = { ...r, warnings: [{ range: { start: { line: 41, character: 4 }, end: { line: 41, character: 9 } }, message: 'a list', code: 'DF8062' }] };
    const ask = switchConfirmation(warned, 'old-rules', '1901.dipgame');
    expect(ask?.message).toBe('dipforge: convert 1901.dipgame to old-rules?');
    expect(ask?.action).toBe('Convert');
    expect(ask?.detail).toBe(`${r.summaryText}\n\nline 42: a list [DF8062]\n\nOne edit: Undo takes it back.`);
  });
});

describe('a game written in separate phases whose edition line says old-rules', () => {
  const ws = new Workspace();
  const text = EXAMPLE.replace('edition 2023', 'edition old-rules');
  const lines = text.split('\n');
  const winter = lines.indexOf('phase winter 1901 adjustment');
  const build = lines.indexOf('    Build F lon');

  it('gets the same code, severity and message from `dipforge check`, `dipforge adjudicate [--edition old-rules]` and the language server, naming the fix', async () => {
    const path = join(tmp, 'winter-old.dipgame');
    writeFileSync(path, text);
    let err = '';
    const code = await main(['check', path], { out: () => undefined, err: (t) => (err += t), cwd: tmp });
    expect(code).toBe(1);
    const cli = err.split('\n').filter((l) => l.includes('[DF'));
    expect(cli).toHaveLength(1);
    const m = /^.*?:(\d+):(\d+): (error|warning|info): (.*) \[(DF\d+)\]$/u.exec(cli[0]!);
    expect(m?.slice(1)).toEqual([String(winter + 1), '7', 'error', expect.stringContaining('convert the game to old-rules'), 'DF6005']);
    // `adjudicate`, with or without --edition naming the file's own edition, says the same.
    for (const args of [['adjudicate', path], ['adjudicate', path, '--edition', 'old-rules']]) {
      let said = '';
      expect(await main(args, { out: () => undefined, err: (t) => (said += t), cwd: tmp })).toBe(1);
      expect(said.split('\n').filter((l) => l.includes('[DF')), args.join(' ')).toEqual(cli);
    }
    const doc = game(ws, 'winter-old.dipgame', text);
    const server = diagnostics(doc).filter((d) => d.range.start.line === winter);
    expect(server.map((d) => ({ code: d.code, severity: d.severity, message: d.message, character: d.range.start.character }))).toEqual([
      { code: 'DF6005', severity: 1, message: m?.[4], character: 6 },
    ]);
  });

  it('hover on an order of that phase and the board there say why it is not played, not that the order cannot be read', () => {
    const doc = game(ws, 'winter-old.dipgame', text);
    const h = hover(ws, doc, { line: build, character: 6 });
    const value = (h?.contents as { value: string }).value;
    expect(value).toContain(`Not adjudicated: error DF6005 on its phase line: The year of Classic under these rules has no winter adjustment phase`);
    expect(value).not.toContain('could not be read');
    const board = boardAt(ws, doc, { line: build, character: 4 });
    expect(board.message).toMatch(/^Not adjudicated: error DF6005 on its phase line: .*convert the game to old-rules/u);
    expect(boardAt(ws, doc, { line: 8, character: 4 }).message).toBeUndefined();
  });

  it('has the code action "Convert the game to old-rules" on the phase line and its orders, whose edit is the conversion', () => {
    const doc = game(ws, 'winter-old.dipgame', text);
    const expected = convertGame(EXAMPLE, doc.path, 'old-rules', new GameWorkspace());
    if (!expected.ok) throw new Error('the example does not convert');
    for (const line of [winter, build]) {
      const actions = codeActions(ws, doc, { start: { line, character: 0 }, end: { line, character: 0 } });
      const convert = actions.filter((a) => a.title === 'Convert the game to old-rules');
      expect(convert, `line ${line + 1}`).toHaveLength(1);
      expect(convert[0]?.kind).toBe('quickfix');
      expect(convert[0]?.diagnostics?.[0]?.code).toBe('DF6005');
      const converted = apply(text, convert[0]?.edit?.changes?.[doc.uri] ?? []);
      expect(converted).toBe(expected.text);
      expect(errors(converted, 'winter-fixed.dipgame')).toEqual([]);
    }
    // Switch Edition to the edition the file already names does the same.
    const r = setEdition(ws, doc, 'old-rules');
    expect(apply(text, r.edits)).toBe(expected.text);
    expect(r.summaryText).toContain("the file's edition line says old-rules, but its phases are those of 2023's year");
    // Not on a movement phase of the same file, nor on the example under its own edition.
    expect(codeActions(ws, doc, { start: { line: 8, character: 0 }, end: { line: 8, character: 0 } }).some((a) => a.title.startsWith('Convert the game'))).toBe(false);
    const own = game(ws, 'winter-2023.dipgame', EXAMPLE);
    expect(codeActions(ws, own, { start: { line: winter, character: 0 }, end: { line: winter, character: 0 } }).some((a) => a.title.startsWith('Convert the game'))).toBe(false);
  });
});

describe('lineEdits', () => {
  /** A small seeded generator, so that a failure can be replayed. */
  function prng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  it('turns one text into the other, touching only lines that differ', () => {
    const rand = prng(7);
    const words = ['A mun H', 'F kie - den', '', 'phase spring 1901 movement', '  germany:', '// note'];
    for (let n = 0; n < 300; n++) {
      const a = Array.from({ length: Math.floor(rand() * 30) }, () => words[Math.floor(rand() * words.length)]!);
      const b = a.filter(() => rand() > 0.2).flatMap((l) => (rand() < 0.2 ? [l, words[Math.floor(rand() * words.length)]!] : [l]));
      // Lines end in \n, \r\n or a lone \r (all three are line breaks to the protocol), the last line with or without one.
      const eol = (): string => ['\n', '\n', '\r\n', '\r'][Math.floor(rand() * 4)]!;
      const end = (lines: string[]): string => lines.map((l, i) => l + (i < lines.length - 1 || rand() < 0.5 ? eol() : '')).join('');
      const before = end(a);
      const after = end(b);
      const edits = lineEdits(before, after);
      const doc = TextDocument.create('file:///t', 'dipgame', 1, before);
      for (const e of edits) {
        // Every position stands on the text: a line it has, a character within that line.
        for (const p of [e.range.start, e.range.end]) expect(doc.positionAt(doc.offsetAt(p)), `case ${n}: ${JSON.stringify(p)} in ${JSON.stringify(before)}`).toEqual(p);
      }
      expect(TextDocument.applyEdits(doc, edits), `case ${n}`).toBe(after);
      for (let i = 1; i < edits.length; i++) {
        const p = edits[i - 1]!.range.end;
        const q = edits[i]!.range.start;
        expect(p.line < q.line || (p.line === q.line && p.character <= q.character)).toBe(true);
      }
    }
    expect(lineEdits('a\nb\nc\n', 'a\nB\nc\n')).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: 'B\n' }]);
    expect(lineEdits('same', 'same')).toEqual([]);
  });
});

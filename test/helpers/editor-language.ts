/**
 * The editor in a game's language, driven over stdio (`dipforge lsp --stdio`):
 * open a game of `test/editor-languages/`, hover at a piece of its text, the
 * diagnostics a changed line gets and the quick fixes offered for them.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { CodeActionRequest, CodeLensRequest, HoverRequest, InlayHintRequest, type CodeAction, type Command, type Diagnostic } from 'vscode-languageserver-protocol';
import { ROOT, read, startStdio, uri, type StdioClient } from '../../packages/lsp/test/harness.js';
import { at } from '../../packages/lsp/test/util.js';

export const EDITOR_GAMES = join(ROOT, 'test/editor-languages');

export interface EditorGame {
  text: string;
  uri: string;
  /** The hover's text at `delta` characters into the first `needle` of the text (its middle by default), and the text its range covers. */
  hover(needle: string, delta?: number): Promise<{ value: string; covers: string }>;
  /** The diagnostics after `line` is replaced by `replacement` (the text given back after). */
  diagnosticsWith(line: string, replacement: string): Promise<Diagnostic[]>;
  /** The titles of the code lenses. */
  lensTitles(): Promise<string[]>;
  /** The inlay hints' labels, by the text of the line each ends. */
  hints(): Promise<Map<string, string>>;
  /** The text as it stands after the last change. */
  current(): string;
  /** The quick fixes offered for a diagnostic, as their titles and the text each writes. */
  fixes(d: Diagnostic): Promise<{ title: string; newText: string }[]>;
}

export async function openEditorGame(client: StdioClient, file: string): Promise<EditorGame> {
  const path = join(EDITOR_GAMES, file);
  const text = read(path);
  const u = uri(path);
  await client.open(u, text);
  let current = text;
  const slice = (t: string, r: { start: { line: number; character: number }; end: { line: number; character: number } }): string => {
    const lines = t.split('\n');
    if (r.start.line !== r.end.line) return lines.slice(r.start.line, r.end.line + 1).join('\n');
    return (lines[r.start.line] ?? '').slice(r.start.character, r.end.character);
  };
  return {
    text,
    uri: u,
    async hover(needle, delta) {
      const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: u }, position: at(current, needle, delta ?? Math.floor(needle.length / 2)) });
      const contents = h?.contents;
      const value = contents && typeof contents === 'object' && 'value' in contents ? contents.value : '';
      return { value, covers: h?.range ? slice(current, h.range) : '' };
    },
    async diagnosticsWith(line, replacement) {
      const next = text.replace(line, replacement);
      if (next === text) throw new Error(`'${line}' is not in the game`);
      current = next;
      const published = await client.change(u, [{ text: next }]);
      return published.diagnostics;
    },
    current: () => current,
    async lensTitles() {
      const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: u } })) ?? [];
      return lenses.map((l) => l.command?.title ?? '');
    },
    async hints() {
      const lines = current.split('\n');
      const range = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      const list = (await client.connection.sendRequest(InlayHintRequest.type, { textDocument: { uri: u }, range })) ?? [];
      return new Map(list.map((h) => [(lines[h.position.line] ?? '').trim(), typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')]));
    },
    async fixes(d) {
      const list = (await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: u }, range: d.range, context: { diagnostics: [d] } })) ?? [];
      return list
        .filter((a): a is CodeAction => 'kind' in a && (a as CodeAction | Command).title !== undefined && (a as CodeAction).kind === 'quickfix')
        .map((a) => ({ title: a.title, newText: a.edit?.changes?.[u]?.[0]?.newText ?? '' }));
    },
  };
}

/** The text a diagnostic's range covers in `text`. */
export function covered(text: string, d: Diagnostic): string {
  const lines = text.split('\n');
  return (lines[d.range.start.line] ?? '').slice(d.range.start.character, d.range.end.character);
}

export { startStdio };

/** Whether a text holds Chinese or Japanese characters (English hover holds none). */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The standard-notation twin of the language games: hover answers in English, with ids,
 * exactly as before the editor spoke other languages.
 */
export async function englishHovers(client: StdioClient): Promise<Record<'order' | 'illegal' | 'province' | 'phase' | 'lens', string>> {
  const g = await openEditorGame(client, 'en-hover-and-spellings.dipgame');
  return {
    order: (await g.hover('A par - bur', 6)).value,
    illegal: (await g.hover('F bre - mun', 6)).value,
    province: (await g.hover('A mun - bur', 9)).value,
    phase: (await g.hover('phase spring', 2)).value,
    lens: (await g.lensTitles()).join(', '),
  };
}

/** What `englishHovers` must give. */
export const ENGLISH_HOVERS = {
  order: '**A par - bur**\n\nRead as `A par - bur` (france)\n\nResult: succeeds\n\nExpected: succeeds',
  illegal: 'Result: illegal: a fleet cannot enter Munich (inland)',
  province: '**Burgundy** (`bur`): inland\n\nIn the home country of France (`france`)',
  phase: '**spring 1901 movement**: 5 orders; 3 succeed, 1 fail, 1 illegal',
  lens: 'Show board, Show board',
};

/** Asserts that the English twin of the game answers as English games always have (and in none of the other languages' words). */
export async function expectEnglishTwin(client: StdioClient): Promise<void> {
  const en = await englishHovers(client);
  expect(en.order).toBe(ENGLISH_HOVERS.order);
  expect(en.illegal).toContain(ENGLISH_HOVERS.illegal);
  expect(en.province.startsWith(ENGLISH_HOVERS.province)).toBe(true);
  expect(en.phase).toBe(ENGLISH_HOVERS.phase);
  expect(en.lens).toBe(ENGLISH_HOVERS.lens);
  for (const v of Object.values(en)) expect(v).not.toMatch(/onnistuu|käsky|Näytä/u);
  for (const v of [en.order, en.illegal, en.phase, en.lens]) expect(v).not.toMatch(CJK);
}

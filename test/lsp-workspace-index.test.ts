/**
 * The workspace index: files over the size limit are never read (a 50 MB map
 * in the workspace folder does not hold up workspace/symbol or references;
 * opened, such a file gets one diagnostic instead of being parsed); the index
 * follows watched-file events, or walks the folders again before each request
 * over the workspace when the client watches nothing; a file whose time and
 * size did not change is not read again; and a pass over the workspace gives
 * way to other requests and stops when cancelled. `npm test` writes a 5 MB map and a 1.6 MB game
 * (both over the 1 MB limit), the slow run 50 MB and 3 MB (test/helpers/depth.ts).
 */
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CancellationTokenSource,
  DidChangeWatchedFilesNotification,
  DocumentSymbolRequest,
  FileChangeType,
  HoverRequest,
  LSPErrorCodes,
  ReferencesRequest,
  ResponseError,
  WorkspaceSymbolRequest,
} from 'vscode-languageserver-protocol';
import { Codes } from '@dipforge/dsl';
import { MAX_FILE_BYTES, Workspace, workspaceSymbols } from '@dipforge/lsp';
import { read, startStdio, type StartOptions, type StdioClient } from '../packages/lsp/test/harness.js';
import { at, fileUri, RANDOM_100, WS } from '../packages/lsp/test/util.js';
import { depth } from './helpers/depth.js';

/** A map of `bytes` or more: provinces and nothing else, every line well-formed (a parse of it would take minutes). */
function bigMap(bytes: number, prefix = 'big'): string {
  const lines: string[] = ['variant big "Big" {\n  start 1901 spring movement\n}\n'];
  let size = lines[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const line = `province ${prefix}${i} "Generated province ${i}" land supply { alias ${prefix}alias${i} }\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/** A temporary workspace folder with the tiny variant's map and two games, and what `fill` writes. */
function tempFolder(fill: (dir: string) => void = () => undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-index-'));
  for (const f of ['tiny.dipmap', 'a.dipgame', 'b.dipgame']) copyFileSync(join(WS, f), join(dir, f));
  fill(dir);
  return dir;
}

/** Runs `fn` with a server on a temporary workspace folder; the server is ended and the folder removed after it. */
async function inWorkspace(fill: (dir: string) => void, options: StartOptions, fn: (client: StdioClient, dir: string) => Promise<void>): Promise<void> {
  const dir = tempFolder(fill);
  const client = await startStdio([dir], options);
  try {
    await fn(client, dir);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long a request takes to be answered, and its answer. */
async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await request();
  return { ms: performance.now() - start, result };
}

/** The names of the workspace symbols a query finds. */
async function symbolNames(client: StdioClient, query: string): Promise<string[]> {
  return ((await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query })) ?? []).map((s) => s.name);
}

describe('files over the size limit', () => {
  const MAP_MB = depth(5, 50);
  const GAME_LINES = depth(150_000, 300_000);
  it(`with a ${MAP_MB} MB map and a ${((GAME_LINES * 11) / 1e6).toFixed(1)} MB game in the workspace folder, workspace/symbol and references answer within a second, and nothing of the large files is in them`, async () => {
    const fill = (dir: string): void => {
      writeFileSync(join(dir, 'huge.dipmap'), bigMap(MAP_MB * 1024 * 1024));
      writeFileSync(join(dir, 'huge.dipgame'), `variant "huge.dipmap"\n${'// padding\n'.repeat(GAME_LINES)}`);
    };
    await inWorkspace(fill, {}, async (client, dir) => {
      const a = read(join(dir, 'a.dipgame'));
      const uri = fileUri(join(dir, 'a.dipgame'));
      await client.open(uri, a);
      const symbols = await timed(() => client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: '' }));
      expect(symbols.ms, `workspace/symbol took ${Math.round(symbols.ms)} ms`).toBeLessThan(1000);
      expect((symbols.result ?? []).map((s) => s.name)).toEqual(['hom', 'mid', 'spl', 'far', 'ins', 'out', 'red', 'blue']);
      const refs = await timed(() => client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(a, 'A hom', 3), context: { includeDeclaration: true } }));
      expect(refs.ms, `references took ${Math.round(refs.ms)} ms`).toBeLessThan(1000);
      expect((refs.result ?? []).map((r) => r.uri.split('/').pop()).sort()).toEqual(['a.dipgame', 'b.dipgame', 'tiny.dipmap', 'tiny.dipmap', 'tiny.dipmap', 'tiny.dipmap']);
    });
  }, 120_000);

  it('a file over the size limit, opened, gets one diagnostic saying it is too large to check, is not parsed, and is checked again once it is small enough', async () => {
    await inWorkspace(() => undefined, {}, async (client, dir) => {
      const uri = fileUri(join(dir, 'opened.dipmap'));
      const text = bigMap(MAX_FILE_BYTES + 200_000, 'op');
      const opened = await client.open(uri, text);
      expect(opened.diagnostics).toHaveLength(1);
      const d = opened.diagnostics[0]!;
      expect([d.code, d.severity, d.range]).toEqual([Codes.fileTooLarge.code, 2, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }]);
      expect(d.message).toBe('This file is too large to check: 1.2 MB, over the 1.0 MB the language server reads. It is not parsed, so nothing in it is checked, completed or found.');
      // Not parsed: no symbols, no hover, and nothing of it in the workspace's symbols.
      expect(await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })).toEqual([]);
      expect(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 5, character: 10 } })).toBeNull();
      expect(await symbolNames(client, 'op1')).toEqual([]);
      // Cut down below the limit, it is checked like any map.
      const small = 'variant small "Small" {\n  start 1901 spring movement\n}\nprovince sma "Small" land\nprovince smb "Smaller" land\n';
      const after = await client.change(uri, [{ text: small }]);
      expect(after.diagnostics.map((x) => x.code)).not.toContain(Codes.fileTooLarge.code);
      expect(await symbolNames(client, 'sm')).toEqual(['sma', 'smb']);
    });
  }, 60_000);
});

describe('changes to the workspace files', () => {
  it('with watched files: a created file is found from its event, one grown over the limit or deleted is dropped', async () => {
    await inWorkspace(() => undefined, {}, async (client, dir) => {
      const extra = join(dir, 'extra.dipmap');
      const event = (type: FileChangeType) => client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: fileUri(extra), type }] });
      expect(await symbolNames(client, 'zzq')).toEqual([]);
      writeFileSync(extra, 'province zzq "Zed Queue" land\n');
      await event(FileChangeType.Created);
      expect(await symbolNames(client, 'zzq')).toEqual(['zzq']);
      appendFileSync(extra, bigMap(MAX_FILE_BYTES, 'grown'));
      await event(FileChangeType.Changed);
      expect(await symbolNames(client, 'zzq')).toEqual([]);
      writeFileSync(extra, 'province zzq "Zed Queue" land\n');
      await event(FileChangeType.Changed);
      expect(await symbolNames(client, 'zzq')).toEqual(['zzq']);
      unlinkSync(extra);
      await event(FileChangeType.Deleted);
      expect(await symbolNames(client, 'zzq')).toEqual([]);
    });
  }, 60_000);

  it('without watched files: the folders are walked again before a request over the workspace, so a new file is found without an event', async () => {
    await inWorkspace(() => undefined, { watchFiles: false }, async (client, dir) => {
      expect(await symbolNames(client, 'zzq')).toEqual([]);
      writeFileSync(join(dir, 'new.dipmap'), 'province zzq "Zed Queue" land\n');
      expect(await symbolNames(client, 'zzq')).toEqual(['zzq']);
    });
  }, 60_000);

  it('in process: a file is read again only when its time or size changed; files over the limit are set aside', async () => {
    const dir = tempFolder();
    try {
      for (const n of [1, 2, 3]) writeFileSync(join(dir, `m${n}.dipmap`), `province m${n}a "M${n} A" land\n`);
      writeFileSync(join(dir, 'over.dipmap'), bigMap(MAX_FILE_BYTES + 1000, 'ov'));
      const ws = new Workspace();
      ws.scan([dir]);
      expect(ws.index.paths('map').map((p) => p.split('/').pop())).toEqual(['m1.dipmap', 'm2.dipmap', 'm3.dipmap', 'tiny.dipmap']);
      expect(ws.index.skipped().map((p) => p.split('/').pop())).toEqual(['over.dipmap']);
      const names = async () => (await workspaceSymbols(ws, 'm')).map((s) => s.name).filter((n) => /^m\d/.test(n));
      expect(await names()).toEqual(['m1a', 'm2a', 'm3a']);
      expect(ws.host.diskReads).toBe(4);
      const changes = ws.index.changes;
      await ws.walk();
      expect(await names()).toEqual(['m1a', 'm2a', 'm3a']);
      expect([ws.host.diskReads, ws.index.changes]).toEqual([4, changes]);
      appendFileSync(join(dir, 'm2.dipmap'), 'province m2b "M2 B" land\n');
      await ws.walk();
      expect(ws.index.changes).toBe(changes + 1);
      expect(await names()).toEqual(['m1a', 'm2a', 'm2b', 'm3a']);
      expect(ws.host.diskReads).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a pass over the workspace', () => {
  it('a long pass over the workspace gives way to other requests, stops when cancelled, and when let run finds every file', async () => {
    const COPIES = 120;
    const game = read(RANDOM_100);
    const fill = (dir: string): void => {
      for (let i = 0; i < COPIES; i++) writeFileSync(join(dir, `g${String(i).padStart(3, '0')}.dipgame`), game);
    };
    await inWorkspace(fill, {}, async (client, dir) => {
      const uri = fileUri(join(dir, 'g000.dipgame'));
      await client.open(uri, game);
      const params = { textDocument: { uri }, position: at(game, 'F tri - adr', 3), context: { includeDeclaration: false } };
      const source = new CancellationTokenSource();
      let settled = false;
      const refs = client.connection.sendRequest(ReferencesRequest.type, params, source.token).then(
        (r) => ((settled = true), r),
        (e: unknown) => ((settled = true), e),
      );
      // Asked after it, a hover is answered while the pass over the 120 games is still going.
      const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(game, 'F tri - adr', 3) });
      expect(hover).not.toBeNull();
      expect(settled).toBe(false);
      source.cancel();
      const outcome = await refs;
      expect(outcome).toBeInstanceOf(ResponseError);
      expect((outcome as ResponseError<unknown>).code).toBe(LSPErrorCodes.RequestCancelled);
      // Let run, it finds tri in every copy (and in the classic map, where it is declared).
      const all = await client.connection.sendRequest(ReferencesRequest.type, params);
      const files = new Set((all ?? []).map((r) => r.uri.split('/').pop()));
      expect(files.size).toBe(COPIES + 1);
      expect(files.has('classic.dipmap')).toBe(true);
    });
  }, 180_000);
});

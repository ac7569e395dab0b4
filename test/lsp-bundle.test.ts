/**
 * The language server's one-file bundle (scripts/lsp-bundle.mjs, which `dipforge lsp --stdio`
 * starts while it is current) written afresh with its code cache into a temporary folder and
 * started from them (V8 taking the cache) beside the server's own modules: over stdio, the same
 * diagnostics for a game with mistakes and for a map, and go-to-definition from a province in an
 * order into the built-in map, as from the modules.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  DefinitionRequest,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'dipforge-lsp-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GAME = join(ROOT, 'test', 'lsp-bundle-game.dipgame');
const GAME_TEXT = ['variant classic', '', 'phase spring 1901 movement', '  england:', '    F lon - nth', '    A lvp - yrkk', '    F edi - nwg', '  frnace:', '    A par - bur', ''].join('\n');
const MAP = join(ROOT, 'variants', 'pure', 'pure.dipmap');

interface Answers {
  game: PublishDiagnosticsParams;
  map: PublishDiagnosticsParams;
  definition: unknown;
}

/** Starts a server with `code` (an ES module's text that starts it), asks it the same things, and stops it. */
async function answers(code: string): Promise<Answers> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map<string, (p: PublishDiagnosticsParams) => void>();
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => published.get(p.uri)?.(p));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const diagnosticsOf = (uri: string): Promise<PublishDiagnosticsParams> => new Promise((res) => published.set(uri, res));
  try {
    await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: {} });
    await connection.sendNotification(InitializedNotification.type, {});
    const gameUri = pathToFileURL(GAME).href;
    const mapUri = pathToFileURL(MAP).href;
    const game = diagnosticsOf(gameUri);
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: gameUri, languageId: 'dipgame', version: 1, text: GAME_TEXT } });
    const map = diagnosticsOf(mapUri);
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: mapUri, languageId: 'dipmap', version: 1, text: readFileSync(MAP, 'utf8') } });
    const definition = await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: gameUri }, position: { line: 4, character: 7 } });
    const result = { game: await game, map: await map, definition };
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    return result;
  } finally {
    connection.dispose();
    child.kill();
  }
}

describe('the language server bundle', () => {
  it('answers as the server from its modules', async () => {
    const { bundleServer } = (await import(pathToFileURL(join(ROOT, 'scripts', 'lsp-bundle.mjs')).href)) as { bundleServer: (out: string) => Promise<void> };
    const bundle = join(tmp, 'lsp-bundle.js');
    await bundleServer(bundle);
    // Loaded as `dipforge lsp` loads it: a script compiled with its code cache (packages/cli/src/bundled.ts).
    const bundled = pathToFileURL(join(ROOT, 'packages', 'cli', 'dist', 'bundled.js')).href;
    const cache = bundle.replace(/\.js$/, '.cache');
    const fromBundle = await answers(
      `import { readFileSync } from 'node:fs'; const { loadBundle } = await import(${JSON.stringify(bundled)}); ` +
        `const { exports, script } = loadBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), readFileSync(${JSON.stringify(cache)})); ` +
        `if (script.cachedDataRejected) throw new Error('code cache rejected'); exports.startServer();`,
    );
    const fromModules = await answers(`const m = await import('@dipforge/lsp'); m.startServer();`);
    expect(fromBundle).toEqual(fromModules);
    // They said something: the game's two misspellings, and the way into classic.dipmap.
    expect(fromModules.game.diagnostics.filter((d) => d.severity === 1).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(fromModules.definition)).toContain('classic.dipmap');
  }, 180_000);
});

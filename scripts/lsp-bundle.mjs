// Writes packages/cli/dist/lsp-bundle.js: the language server (packages/lsp with the languages,
// the engine, vscode-languageserver, chevrotain) as one script for `dipforge lsp --stdio`, and
// beside it its V8 code caches: lsp-bundle.cache for a process started with no flags, and
// lsp-flags-bundle.cache, written by a process started with the server's own Node flags
// (SERVER_NODE_FLAGS, packages/lsp/src/launch.ts), for a server started so (V8 takes a cache only
// in a process started with the flags of the one that wrote it). A server started from its some three hundred
// modules spends most of its start resolving, reading and compiling them one by one; one file is
// read once, and the code cache spares compiling what a session runs: the bytecode of every
// function reached by a session run here in process (initialize, a game opened and checked,
// completion, hover, tokens, lenses, hints; a map opened and checked). The script's form and how
// V8 takes or refuses a cache are those of the command line's bundles (scripts/cli-bundle.mjs);
// packages/cli/src/bundled.ts loads it.
//   node scripts/lsp-bundle.mjs [OUTFILE]    after `tsc -b` (reads the packages' dist/)
// `npm run build` runs it. The command uses the bundle only while it is newer than the builds of
// the packages it holds (packages/cli/src/commands/lsp.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scriptBundle } from './cli-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LSP_BUNDLE_FILE = join(root, 'packages/cli/dist/lsp-bundle.js');

/** The files the session opens: a shipped game, a long real one where the repository has the tests, and the classic map. */
const SESSION_FILES = [
  join(root, 'variants/classic/examples/1901.dipgame'),
  join(root, 'test/games/diplomacy-network-1.dipgame'),
  join(root, 'variants/classic/classic.dipmap'),
].filter((f) => existsSync(f));

/**
 * A session with the server in this process, over streams: what an editor asks of a file it
 * opens, for each session file, each answer awaited. Nothing is written to the disk.
 */
async function session(server) {
  const { LspClient } = await import(pathToFileURL(join(root, 'packages/cli/dist/lsp-client.js')).href);
  const input = new PassThrough();
  const output = new PassThrough();
  const connection = server.createLspConnection({ input, output });
  server.createServer(connection);
  connection.listen();
  const client = new LspClient(input, output);
  await client.request('initialize', { processId: null, rootUri: null, workspaceFolders: null, capabilities: {} });
  client.notify('initialized', {});
  for (const file of SESSION_FILES) {
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, 'utf8');
    const published = client.diagnostics(uri, 1);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.dipmap') ? 'dipmap' : 'dipgame', version: 1, text } });
    await published;
    const lines = text.split('\n');
    // The last order line (or the last line): where completion and hover are asked.
    let line = lines.length - 1;
    for (let i = lines.length - 1; i >= 0; i--) {
      if (/^\s+[AF] \S+/.test(lines[i])) {
        line = i;
        break;
      }
    }
    const at = { textDocument: { uri }, position: { line, character: lines[line].length } };
    const whole = { textDocument: { uri } };
    const range = { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } } };
    await client.request('textDocument/semanticTokens/full', whole);
    await client.request('textDocument/codeLens', whole);
    await client.request('textDocument/inlayHint', range);
    await client.request('textDocument/documentSymbol', whole);
    await client.request('textDocument/foldingRange', whole);
    await client.request('textDocument/hover', { ...at, position: { line, character: lines[line].search(/\S/) + 2 } });
    // A keystroke at the end of that line, its completion and its diagnostics.
    const edited = client.diagnostics(uri, 2);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: at.position, end: at.position }, text: ' ' }] });
    await client.request('textDocument/completion', { ...at, position: { line, character: lines[line].length + 1 } });
    await edited;
  }
  await client.request('shutdown', null);
  connection.dispose();
}

/** The code cache of the bundle `outfile` after a session, written to `cachefile`. */
async function writeCache(outfile, cachefile) {
  const { loadBundle } = await import(pathToFileURL(join(root, 'packages/cli/dist/bundled.js')).href);
  const { exports, script } = loadBundle(pathToFileURL(outfile), undefined);
  await session(exports);
  writeFileSync(cachefile, script.createCachedData());
}

/** Where the code cache of a server started with `SERVER_NODE_FLAGS` is kept, beside the bundle (`dipforge lsp` reads it by this name). */
export const flagsCacheOf = (outfile) => join(dirname(outfile), 'lsp-flags-bundle.cache');

/**
 * Writes the bundle to `outfile` and its code caches beside it: `.cache` for `.js`, written here,
 * and `flagsCacheOf(outfile)`, written by this script run again with the server's flags.
 */
export async function bundleServer(outfile = LSP_BUNDLE_FILE) {
  await scriptBundle(join(root, 'packages/lsp/dist/index.js'), outfile);
  await writeCache(outfile, outfile.replace(/\.js$/, '.cache'));
  const { SERVER_NODE_FLAGS } = await import(pathToFileURL(join(root, 'packages/lsp/dist/launch.js')).href);
  execFileSync(process.execPath, [...SERVER_NODE_FLAGS, fileURLToPath(import.meta.url), '--cache-only', outfile], { stdio: 'inherit' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--cache-only') await writeCache(process.argv[3], flagsCacheOf(process.argv[3]));
  else await bundleServer(process.argv[2]);
}

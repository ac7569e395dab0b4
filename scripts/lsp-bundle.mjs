// Writes packages/cli/dist/lsp-bundle.js: the language server (packages/lsp with the languages,
// the engine, vscode-languageserver, chevrotain) as one script for `dipforge lsp --stdio`, and
// beside it its V8 code cache (lsp-bundle.cache). A server started from its some three hundred
// modules spends most of its start resolving, reading and compiling them one by one; one file is
// read once, and the code cache spares compiling what a session runs: the bytecode of every
// function reached by a session run here in process (initialize, a game opened and checked,
// completion, hover, tokens, lenses, hints; a map opened and checked). The script's form and how
// V8 takes or refuses a cache are those of the command line's bundles (scripts/cli-bundle.mjs);
// packages/cli/src/bundled.ts loads it.
//   node scripts/lsp-bundle.mjs [OUTFILE]    after `tsc -b` (reads the packages' dist/)
// `npm run build` runs it. The command uses the bundle only while it is newer than the builds of
// the packages it holds (packages/cli/src/commands/lsp.ts).
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
  const input = new PassThrough();
  const output = new PassThrough();
  const connection = server.createLspConnection({ input, output });
  server.createServer(connection);
  connection.listen();
  const waiting = new Map();
  let buffer = Buffer.alloc(0);
  output.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const head = buffer.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, head).toString('ascii'))?.[1]);
      if (buffer.length < head + 4 + length) return;
      const m = JSON.parse(buffer.subarray(head + 4, head + 4 + length).toString('utf8'));
      buffer = buffer.subarray(head + 4 + length);
      const key = m.method === 'textDocument/publishDiagnostics' ? m.params.uri : m.method === undefined ? m.id : undefined;
      waiting.get(key)?.(m);
      if (m.id !== undefined && m.method !== undefined) send({ id: m.id, result: null });
    }
  });
  const send = (m) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...m });
    input.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
  };
  const answer = (key) => new Promise((resolve) => waiting.set(key, resolve));
  let id = 0;
  const request = (method, params) => {
    const reply = answer(++id);
    send({ id, method, params });
    return reply;
  };
  await request('initialize', { processId: null, rootUri: null, workspaceFolders: null, capabilities: {} });
  send({ method: 'initialized', params: {} });
  for (const file of SESSION_FILES) {
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, 'utf8');
    const published = answer(uri);
    send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: file.endsWith('.dipmap') ? 'dipmap' : 'dipgame', version: 1, text } } });
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
    await request('textDocument/semanticTokens/full', whole);
    await request('textDocument/codeLens', whole);
    await request('textDocument/inlayHint', range);
    await request('textDocument/documentSymbol', whole);
    await request('textDocument/foldingRange', whole);
    await request('textDocument/hover', { ...at, position: { line, character: lines[line].search(/\S/) + 2 } });
    // A keystroke at the end of that line, its completion and its diagnostics.
    const edited = answer(uri);
    send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: at.position, end: at.position }, text: ' ' }] } });
    await request('textDocument/completion', { ...at, position: { line, character: lines[line].length + 1 } });
    await edited;
  }
  await request('shutdown', null);
  connection.dispose();
}

/** Writes the bundle to `outfile` and its code cache beside it (`.cache` for `.js`). */
export async function bundleServer(outfile = LSP_BUNDLE_FILE) {
  await scriptBundle(join(root, 'packages/lsp/dist/index.js'), outfile);
  const { loadBundle } = await import(pathToFileURL(join(root, 'packages/cli/dist/bundled.js')).href);
  const { exports, script } = loadBundle(pathToFileURL(outfile), undefined);
  await session(exports);
  writeFileSync(outfile.replace(/\.js$/, '.cache'), script.createCachedData());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleServer(process.argv[2]);

/**
 * The packaged VS Code extension (the vsce step of `npm run package -w extension`, after the
 * root build and the extension's type-check that `npm test` runs): what the .vsix holds, its manifest
 * (the grammars and language configurations it holds are the repository's, which
 * test/extension-languages.test.ts runs), the bundled server started from a copy outside
 * the repository (stdio: initialize, diagnostics, the custom requests), and the
 * bundled client activated against a stand-in `vscode` module (it registers
 * every command the manifest lists and starts the bundled server over IPC).
 * The board page in a real browser is test/e2e/board-page.test.ts.
 * Real editors are the end-to-end tests' business (test/e2e/).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  Diagnostic,
  StreamMessageReader,
  StreamMessageWriter,
  TextEdit,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { GameWorkspace, runGameFile, runGameText } from '@dipforge/dsl';
import { fakeVscode } from './helpers/fake-vscode.js';
import { zipEntries, zipRead, type ZipEntry } from './helpers/zip.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXT = join(ROOT, 'extension');
const VSIX = join(EXT, 'dipforge.vsix');
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');

let zip: Buffer;
let entries: Map<string, ZipEntry>;
let manifest: Record<string, any>;
/** The .vsix's `extension/` folder, unpacked outside the repository. */
let unpacked: string;
const file = (name: string): string => zipRead(zip, entries.get(name) as ZipEntry).toString('utf8');

beforeAll(() => {
  rmSync(VSIX, { force: true });
  // The package script is the extension's type-check, which `npm test` has run, then vsce: the
  // test runs that vsce command as the script writes it, with vsce's own script, in the extension's folder.
  const script = (JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['package']!;
  const [vsce, ...args] = script.split(' && ').at(-1)!.split(' ');
  expect(vsce).toBe('vsce');
  execFileSync(process.execPath, [join(ROOT, 'node_modules', '.bin', 'vsce'), ...args], { cwd: EXT, stdio: 'pipe', encoding: 'utf8' });
  zip = readFileSync(VSIX);
  entries = zipEntries(zip);
  manifest = JSON.parse(file('extension/package.json'));
  unpacked = mkdtempSync(join(tmpdir(), 'dipforge-vsix-'));
  for (const [name, e] of entries) {
    if (!name.startsWith('extension/') || name.endsWith('/')) continue;
    const to = join(unpacked, name.slice('extension/'.length));
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, zipRead(zip, e));
  }
}, 240_000);

afterAll(() => {
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

describe('npm run package', () => {
  it('builds a .vsix with the bundles, grammars, configurations, icons, variants and schema', () => {
    const names = [...entries.keys()];
    for (const f of [
      'extension.vsixmanifest',
      'extension/package.json',
      'extension/readme.md',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/syntaxes/dipmap.tmLanguage.json',
      'extension/syntaxes/dipgame.tmLanguage.json',
      'extension/dipmap.language-configuration.json',
      'extension/dipgame.language-configuration.json',
      'extension/icons/dipmap.svg',
      'extension/icons/dipgame.svg',
      'extension/icons/dipforge.png',
      'extension/dist/variants/classic/classic.dipmap',
      'extension/dist/schema/variant-config.schema.json',
    ]) {
      expect(names, f).toContain(f);
    }
    const editions = names.filter((n) => n.startsWith('extension/dist/variants/editions/')).map((n) => n.split('/').pop()).sort();
    expect(editions).toEqual(['1971.dipmap', '1982.dipmap', '2000.dipmap', '2023.dipmap', 'old-rules.dipmap', 'online-5.dipmap']);
    // The copies are the repository's files.
    expect(file('extension/dist/variants/classic/classic.dipmap')).toBe(readFileSync(join(ROOT, 'variants/classic/classic.dipmap'), 'utf8'));
    expect(file('extension/dist/schema/variant-config.schema.json')).toBe(readFileSync(join(ROOT, 'packages/engine/schema/variant-config.schema.json'), 'utf8'));
    for (const f of ['syntaxes/dipmap.tmLanguage.json', 'syntaxes/dipgame.tmLanguage.json', 'dipmap.language-configuration.json', 'dipgame.language-configuration.json']) {
      expect(file(`extension/${f}`), f).toBe(readFileSync(join(EXT, f), 'utf8'));
    }
  });

  it('has a client bundle with the request names and none of the server', () => {
    const client = file('extension/dist/extension.js');
    for (const name of ['dipforge/board', 'dipforge/status', 'dipforge/nextPhase', 'dipforge/editions', 'dipforge/setEdition', 'dipforge/diff']) expect(client, name).toContain(`"${name}"`);
    // Names the production build keeps: the engine's adjudicator and the game parser are the server's alone.
    expect(client).not.toContain('adjudicatePhase');
    expect(client).not.toContain('parseGame');
    expect(file('extension/dist/server.js')).toContain('adjudicatePhase');
  });

  it('leaves out sources, maps, modules and build scripts', () => {
    const names = [...entries.keys()];
    expect(names.filter((n) => /\.(ts|map)$|node_modules|\/src\/|esbuild\.mjs|tsconfig|\.vsix$|\/scripts\//.test(n))).toEqual([]);
    expect(zip.length).toBeLessThan(2_000_000);
  });

  it('is what docs/EXTENSION.md says: its file names and, within a fifth, its sizes', () => {
    const doc = readFileSync(join(ROOT, 'docs/EXTENSION.md'), 'utf8');
    const start = doc.indexOf('The package is about');
    expect(start, 'the paragraph on the package').toBeGreaterThan(-1);
    const paragraph = doc.slice(start, doc.indexOf('\n\n', start));
    const kb = (text: string): number => Number(text.replace(/,/g, ''));
    const near = (documented: number, bytes: number, what: string): void => {
      const actual = bytes / 1024;
      expect(Math.abs(documented - actual) / actual, `${what}: documented ${documented} KB, built ${actual.toFixed(0)} KB`).toBeLessThan(0.2);
    };
    near(kb(/^The package is about ([\d,]+) KB/.exec(paragraph)![1]!), zip.length, 'the .vsix');
    near(kb(/`dist\/extension\.js` \(the client, about ([\d,]+) KB\)/.exec(paragraph)![1]!), entries.get('extension/dist/extension.js')!.size, 'the client');
    near(kb(/`dist\/server\.js` \(the server, about ([\d,]+) KB\)/.exec(paragraph)![1]!), entries.get('extension/dist/server.js')!.size, 'the server');
    // Every name in backquotes: the zip's own files, then globs inside extension/ (`*` is one path segment's part).
    const names = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const own = names.filter((n) => !n.includes('/') && !n.includes('*') && [...entries.keys()].includes(n));
    expect(own.sort()).toEqual([...entries.keys()].filter((n) => !n.startsWith('extension/')).sort());
    const globs = names.filter((n) => !own.includes(n) && !n.endsWith('/'));
    const pattern = (glob: string): RegExp => new RegExp(`^extension/${glob.replace(/[.[\]]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
    const files = [...entries.keys()].filter((n) => n.startsWith('extension/') && !n.endsWith('/'));
    expect(files.filter((f) => !globs.some((g) => pattern(g).test(f))), 'files the paragraph does not name').toEqual([]);
    expect(globs.filter((g) => !files.some((f) => pattern(g).test(f))), 'names that match no file').toEqual([]);
  });

  it('has the root script that builds first', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(root.scripts.package).toBe('npm run build && npm run package -w extension');
    const own = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8'));
    expect(own.scripts.package).toMatch(/vsce package --no-dependencies/);
    expect(own.scripts['vscode:prepublish']).toMatch(/esbuild\.mjs --production/);
  });
});

describe('the manifest', () => {
  it('starts from the client bundle, on VS Code 1.91, with its dependencies as they were', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.engines.vscode).toBe('^1.91.0');
    expect(manifest.dependencies).toEqual({ 'vscode-languageclient': '11.0.0' });
    expect(manifest.devDependencies).toEqual({ '@types/vscode': '1.91.0', '@vscode/vsce': '3.9.2', esbuild: '0.28.2' });
    expect(manifest.activationEvents).toContain('onWebviewPanel:dipforge.board');
    expect(entries.has(`extension/${manifest.icon}`)).toBe(true);
  });

  it('contributes the two languages, with configurations, grammars and icons that are in the package', () => {
    const c = manifest.contributes;
    const langs = Object.fromEntries(c.languages.map((l: any) => [l.id, l]));
    expect(Object.keys(langs).sort()).toEqual(['dipgame', 'dipmap']);
    expect(langs.dipmap.extensions).toEqual(['.dipmap']);
    expect(langs.dipgame.extensions).toEqual(['.dipgame']);
    const inPackage = (p: string): boolean => entries.has(`extension/${p.replace(/^\.\//, '')}`);
    for (const l of c.languages) {
      expect(inPackage(l.configuration), l.configuration).toBe(true);
      expect(inPackage(l.icon.light) && inPackage(l.icon.dark), l.id).toBe(true);
    }
    expect(c.grammars.map((g: any) => [g.language, g.scopeName]).sort()).toEqual([
      ['dipgame', 'source.dipgame'],
      ['dipmap', 'source.dipmap'],
    ]);
    for (const g of c.grammars) expect(inPackage(g.path), g.path).toBe(true);
    // Snippets come from the language server, which offers them only where a declaration or section can start.
    expect(c.snippets).toBeUndefined();
  });

  it('contributes the commands of the issue, in category dipforge, with menus', () => {
    const c = manifest.contributes;
    const commands = Object.fromEntries(c.commands.map((x: any) => [x.command, x]));
    expect(Object.keys(commands).sort()).toEqual([
      'dipforge.compareEditions',
      'dipforge.newVariant',
      'dipforge.nextPhase',
      'dipforge.restartServer',
      'dipforge.showBoard',
      'dipforge.switchEdition',
    ]);
    for (const x of c.commands) expect(x.category, x.command).toBe('dipforge');
    expect(commands['dipforge.showBoard'].title).toBe('Show Board');
    expect(commands['dipforge.switchEdition'].title).toBe('Switch Edition');
    expect(commands['dipforge.compareEditions'].title).toBe('Compare Editions');
    expect(commands['dipforge.nextPhase'].title).toBe('Next Phase');
    expect(commands['dipforge.newVariant'].title).toBe('New Variant');
    expect(c.menus['editor/title']).toContainEqual(expect.objectContaining({ command: 'dipforge.showBoard', when: expect.stringContaining('editorLangId == dipgame') }));
    const palette = Object.fromEntries(c.menus.commandPalette.map((m: any) => [m.command, m.when]));
    expect(palette['dipforge.nextPhase']).toBe('editorLangId == dipgame');
    for (const menu of Object.values(c.menus) as any[][]) for (const m of menu) expect(commands[m.command], m.command).toBeDefined();
  });

  it('contributes the settings: default edition, board, results in the Problems panel, server trace', () => {
    const p = manifest.contributes.configuration.properties;
    expect(Object.keys(p).sort()).toEqual(['dipforge.board.followCursor', 'dipforge.defaultEdition', 'dipforge.results.inProblems', 'dipforge.trace.server']);
    expect(p['dipforge.results.inProblems']).toMatchObject({ type: 'boolean', default: false });
    expect(p['dipforge.defaultEdition']).toMatchObject({ type: 'string', default: '2023' });
    expect(p['dipforge.trace.server']).toMatchObject({ type: 'string', enum: ['off', 'messages', 'verbose'], default: 'off' });
    expect(p['dipforge.board.followCursor']).toMatchObject({ type: 'boolean', default: true });
  });

  it('validates VariantConfig JSON files against the schema it ships', () => {
    const [v] = manifest.contributes.jsonValidation;
    expect(v.fileMatch).toContain('*.variant.json');
    expect(v.url).toBe('./dist/schema/variant-config.schema.json');
    const schema = JSON.parse(file('extension/dist/schema/variant-config.schema.json'));
    expect(schema.$schema).toMatch(/2020-12/);
    expect(schema.title).toBe('dipforge VariantConfig');
  });
});

// ------------------------------------------------------------------ the bundled server

interface Server {
  connection: ProtocolConnection;
  child: ChildProcess;
  diagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  stderr: string[];
}

function startServer(entry: string, cwd: string): Server {
  const child = spawn(process.execPath, [entry, '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Map<string, PublishDiagnosticsParams>();
  const waiting = new Map<string, ((p: PublishDiagnosticsParams) => void)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p);
    for (const w of waiting.get(p.uri) ?? []) w(p);
    waiting.delete(p.uri);
  });
  connection.onNotification('window/logMessage', () => undefined);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  return {
    connection,
    child,
    stderr,
    diagnostics: (uri) => {
      const hit = published.get(uri);
      if (hit) return Promise.resolve(hit);
      return new Promise((res) => waiting.set(uri, [...(waiting.get(uri) ?? []), res]));
    },
  };
}

describe('the bundled server, copied out of the repository', () => {
  let server: Server;
  let folder: string;
  const gameUri = (name: string): string => pathToFileURL(join(folder, name)).href;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'dipforge-ws-'));
    server = startServer(join(unpacked, 'dist/server.js'), folder);
    const init = await server.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'ws' }],
      capabilities: {},
    });
    (server as Server & { init: unknown }).init = init;
    await server.connection.sendNotification('initialized', {});
  }, 60_000);

  afterAll(async () => {
    try {
      await server.connection.sendRequest('shutdown');
      await server.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    await new Promise<void>((res) => {
      if (server.child.exitCode !== null) return res();
      const t = setTimeout(() => (server.child.kill(), res()), 3000);
      server.child.once('exit', () => (clearTimeout(t), res()));
    });
    server.connection.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers initialize', () => {
    const init = (server as Server & { init: { serverInfo?: { name: string }; capabilities: Record<string, unknown> } }).init;
    expect(init.serverInfo?.name).toBe('dipforge');
    expect(init.capabilities).toHaveProperty('completionProvider');
    expect(init.capabilities).toHaveProperty('codeLensProvider');
  });

  it('publishes diagnostics for a game with a planted error, from the built-in classic variant it ships', async () => {
    const uri = gameUri('planted.dipgame');
    const text = 'variant classic\nedition 2000\n\nphase spring 1901 movement\n  france:\n    A par - xyz\n    A mar - bur\n';
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text } });
    const p = await server.diagnostics(uri);
    for (const d of p.diagnostics) expect(Diagnostic.is(d)).toBe(true);
    const errors = p.diagnostics.filter((d) => d.severity === 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.range.start.line).toBe(5);
    expect(errors[0]!.code).toBe('DF2001');
    expect(errors[0]!.message).toMatch(/xyz/);
    expect(server.stderr.join('')).toBe('');
  });

  it('draws the board of the phase under the cursor with that phase\'s units', async () => {
    const uri = pathToFileURL(EXAMPLE).href;
    const text = readFileSync(EXAMPLE, 'utf8');
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text } });
    const line = text.split('\n').indexOf('phase fall 1901 movement');
    const r = await server.connection.sendRequest<{ svg: string; phase: string; variant: string; edition: string; line: number }>('dipforge/board', {
      uri,
      position: { line: line + 2, character: 4 },
    });
    expect(r).toMatchObject({ phase: 'fall 1901 movement', variant: 'classic', edition: '2023', line });
    const run = runGameFile(EXAMPLE, new GameWorkspace());
    const fall = run.phases.find((ph) => ph.phase.season === 'fall' && ph.phase.kind === 'movement')!;
    const drawn = [...r.svg.matchAll(/<g class="unit (army|fleet)[^"]*"[^>]*data-location="([^"]*)"/g)].map((m) => `${m[1] === 'army' ? 'A' : 'F'} ${m[2]}`).sort();
    expect(drawn).toEqual(fall.before.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
    expect(r.svg.startsWith('<?xml')).toBe(true);
    expect(r.svg).not.toMatch(/<script|<style|\sstyle=|href=/);
    const status = await server.connection.sendRequest<{ text: string }>('dipforge/status', { uri, position: { line: line + 2, character: 4 } });
    expect(status.text).toBe('classic · 2023 · fall 1901 movement');
  });

  it('gives the next phase as an edit, lists and switches editions, compares two', async () => {
    const uri = pathToFileURL(EXAMPLE).href;
    const text = readFileSync(EXAMPLE, 'utf8');
    const next = await server.connection.sendRequest<{ phase: string; edit: TextEdit; line: number }>('dipforge/nextPhase', { uri });
    expect(TextEdit.is(next.edit)).toBe(true);
    expect(next.phase).toBe('spring 1902 movement');
    const lines = text.split('\n');
    expect(next.edit.range.start).toEqual({ line: lines.length - 1, character: 0 });
    const after = text + next.edit.newText;
    expect(after.split('\n')[next.line]).toBe('phase spring 1902 movement');
    const played = runGameText(after, join(folder, 'after.dipgame'), new GameWorkspace());
    expect(played.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    const editions = await server.connection.sendRequest<{ current: string; editions: { name: string }[] }>('dipforge/editions', { uri });
    expect(editions.current).toBe('2023');
    expect(editions.editions.map((e) => e.name)).toEqual(['1971', '1982', '2000', '2023', 'old-rules', 'online-5']);
    const set = await server.connection.sendRequest<{ edits: TextEdit[] }>('dipforge/setEdition', { uri, edition: '1982' });
    expect(set.edits).toEqual([{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 12 } }, newText: '1982' }]);
    // To the postal year the bundled server converts the game: the winter phase goes, its builds join the fall.
    const postal = await server.connection.sendRequest<{ edits: TextEdit[]; converted: boolean; confirm: boolean; summary: { phasesRemoved: number; ordersMoved: number } }>('dipforge/setEdition', { uri, edition: 'old-rules' });
    expect([postal.converted, postal.confirm, postal.summary.phasesRemoved, postal.summary.ordersMoved]).toEqual([true, true, 1, 6]);
    expect(postal.edits.some((e) => e.newText === '    Build A mun, A ber\n')).toBe(true);

    // The example year plays alike under both; the implied-coast example does not (text 000 §7a).
    type Diff = { text: string; orders: unknown[]; a: { edition: string }; b: { edition: string } };
    const same = await server.connection.sendRequest<Diff>('dipforge/diff', { uri, editionB: 'old-rules' });
    expect([same.a.edition, same.b.edition, same.orders.length]).toEqual(['2023', 'old-rules', 0]);
    expect(same.text.split('\n')[0]).toBe('1901.dipgame: edition 2023 vs edition old-rules');
    expect(same.text).toMatch(/compared with the game converted to old-rules[\s\S]*no order result differs/);
    const coast = pathToFileURL(join(ROOT, 'variants/classic/examples/implied-coast.dipgame')).href;
    const diff = await server.connection.sendRequest<Diff>('dipforge/diff', { uri: coast, editionB: 'old-rules' });
    expect(diff.orders.length).toBe(1);
    expect(diff.text).toMatch(/F bot - stp[\s\S]*2023: succeeds[\s\S]*old-rules: illegal/);
  });

  it('reads a variant of the workspace next to the game', async () => {
    const mod = await import('../extension/src/scaffold.js');
    const s = mod.scaffoldVariant('islands');
    mkdirSync(join(folder, 'islands'));
    for (const [name, text] of Object.entries(s.files)) writeFileSync(join(folder, 'islands', name), text);
    const uri = pathToFileURL(join(folder, 'islands/example.dipgame')).href;
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text: s.files['example.dipgame'] } });
    const p = await server.diagnostics(uri);
    expect(p.diagnostics.filter((d) => d.severity === 1 || d.severity === 2)).toEqual([]);
    const status = await server.connection.sendRequest<{ text: string }>('dipforge/status', { uri, position: { line: 0, character: 0 } });
    expect(status.text).toBe('islands · 2023 · spring 1901 movement');
  });

  it('answers a request for no document with an error, and goes on', async () => {
    await expect(server.connection.sendRequest('dipforge/board', {})).rejects.toMatchObject({ code: -32602 });
    await expect(server.connection.sendRequest('dipforge/nextPhase', { uri: pathToFileURL(join(ROOT, 'variants/classic/classic.dipmap')).href })).rejects.toMatchObject({
      code: -32602,
    });
    const ok = await server.connection.sendRequest<{ editions: unknown[] }>('dipforge/editions', {});
    expect(ok.editions).toHaveLength(6);
  });
});

// ------------------------------------------------------------------ the bundled client

describe('the bundled client', () => {
  it('registers every command of the manifest, the board serializer and the diff documents, and starts the bundled server over IPC', async () => {
    const fake = fakeVscode();
    const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = mod._load;
    mod._load = function (this: unknown, request: string, ...rest: unknown[]) {
      if (request === 'vscode') return fake.module;
      return load.call(this, request, ...rest);
    };
    try {
      const ext = createRequire(import.meta.url)(join(unpacked, 'dist/extension.js')) as { activate: (c: unknown) => Promise<void>; deactivate: () => Promise<void> };
      const context = { subscriptions: [] as { dispose(): void }[], asAbsolutePath: (p: string) => join(unpacked, p), extensionPath: unpacked };
      await ext.activate(context);
      const commands = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
      expect([...fake.registered].sort()).toEqual(commands);
      expect(fake.serializers).toEqual(['dipforge.board']);
      expect(fake.providers).toEqual(['dipforge-diff']);
      expect(fake.calls).toContain('vscode.window.createStatusBarItem');
      // The client started the server and registered the features the server announced.
      expect(fake.errors).toEqual([]);
      expect(fake.calls).toContain('vscode.languages.registerCompletionItemProvider');
      expect(fake.calls).toContain('vscode.languages.registerCodeLensProvider');
      await ext.deactivate();
      for (const d of context.subscriptions) d.dispose();
    } finally {
      mod._load = load;
    }
  }, 60_000);
});

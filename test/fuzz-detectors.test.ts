/**
 * The fuzzers' detectors, shown to work on faults made on purpose: a file
 * worker that throws, hangs, reports a bad range or exhausts its heap (the
 * planted markers of packages/fuzz/src/targets.ts), and fake language servers
 * that exit, never answer, answer with an internal error or with ranges out of
 * the text. A fuzzer that cannot see these would pass every run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzFiles, PLANT, Session, type LspEvent } from '@dipforge/fuzz';

const scratch = mkdtempSync(join(tmpdir(), 'dipforge-fuzz-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A corpus of its own: games that fail on purpose, and one that does not. */
function plantedRoot(): string {
  const root = join(scratch, 'root');
  const game = (marker: string): string => `// a game\nvariant classic\n\nposition spring 1901 movement\n  france: A par\n// ${marker}\n\nphase spring 1901 movement\n  france:\n    A par H\n`;
  const files: Record<string, string> = {
    'package.json': '{}\n',
    'planted/crash.dipgame': game(PLANT.crash),
    'planted/hang.dipgame': game(PLANT.hang),
    'planted/range.dipgame': game(PLANT.range),
    'planted/memory.dipgame': game(PLANT.memory),
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

describe('the file fuzzer sees planted faults', () => {
  const root = plantedRoot();
  // Mutations that keep the marker whole: only the line ends change. Inputs 0, 1, 2 and 4 of
  // seed 7 are the memory, hang, crash and range files, once each.
  const planted = { root, seed: 7, folders: ['planted'], operators: ['line-endings'] as const, plant: true, maxHeapMb: 128 };

  it('counts a crash and a bad range, each minimized to its marker', async () => {
    const report = await fuzzFiles({ ...planted, inputs: [2, 4], timeoutMs: 60_000, minimizeSeconds: 30, out: join(scratch, 'out') });
    expect([report.inputs, report.crashes, report.invalidRanges, report.memory, report.hangs]).toEqual([2, 1, 1, 0, 0]);
    const kinds = new Map(report.failures.map((f) => [f.kind, f]));
    expect([...kinds.keys()].sort()).toEqual(['crash', 'range']);
    for (const [kind, marker] of [
      ['crash', PLANT.crash],
      ['range', PLANT.range],
    ] as const) {
      const f = kinds.get(kind);
      expect(f?.stage).toBe('plant');
      // Every other byte of the file was removed.
      expect(readFileSync(f?.reproducer ?? '', 'utf8')).toBe(marker);
      expect(readFileSync((f?.reproducer ?? '').replace(/\.dipgame$/, '.txt'), 'utf8')).toContain(`--seed 7 --input ${f?.inputs[0]}`);
    }
  }, 300_000);

  it('counts a hang: the worker is stopped and the next input runs in a new one', async () => {
    const report = await fuzzFiles({ ...planted, inputs: [1, 2], timeoutMs: 1000, minimizeSeconds: 0, out: join(scratch, 'out-hang') });
    expect([report.inputs, report.hangs, report.crashes]).toEqual([2, 1, 1]);
    expect(report.failures.map((f) => [f.kind, f.stage, f.signature.replace(/\d+/g, 'N')])).toEqual([
      ['hang', 'plant', 'plant: hang'],
      ['crash', 'plant', 'plant: Error: planted crash at planted (targets.js:N)'],
    ]);
  }, 300_000);

  it('counts an exhausted heap, and lives on', async () => {
    // The collector tries hard before it gives a heap up: the time limit leaves it the seconds that takes.
    const report = await fuzzFiles({ ...planted, inputs: [0, 2], timeoutMs: 120_000, minimizeSeconds: 0, out: join(scratch, 'out-memory') });
    expect([report.inputs, report.memory, report.crashes]).toEqual([2, 1, 1]);
    expect(report.failures[0]?.stage).toBe('plant');
    expect(report.failures[0]?.detail).toMatch(/heap out of memory|heap limit/);
  }, 300_000);
});

/**
 * A fake language server: answers `initialize`, then behaves as its argument
 * says for every other request: `exit` (dies), `silent` (never answers),
 * `internal` (an InternalError), `bad-range` (a hover whose range ends before
 * it starts, a definition past the text), `bad-diagnostics` (a diagnostic
 * past the end of its line when a document opens), `good` (well-formed answers).
 */
const FAKE_SERVER = `
const mode = process.argv[1];
let buffer = Buffer.alloc(0);
const send = (m) => { const b = Buffer.from(JSON.stringify(m)); process.stdout.write('Content-Length: ' + b.length + '\\r\\n\\r\\n'); process.stdout.write(b); };
process.stdin.on('data', (d) => {
  buffer = Buffer.concat([buffer, d]);
  for (;;) {
    const h = buffer.indexOf('\\r\\n\\r\\n');
    if (h < 0) return;
    const n = Number(/Content-Length: (\\d+)/.exec(buffer.subarray(0, h).toString())[1]);
    if (buffer.length < h + 4 + n) return;
    const m = JSON.parse(buffer.subarray(h + 4, h + 4 + n).toString());
    buffer = buffer.subarray(h + 4 + n);
    if (m.method === 'exit') process.exit(0);
    if (m.method === 'textDocument/didOpen' && mode === 'bad-diagnostics') {
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 99 } };
      send({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: m.params.textDocument.uri, version: 1, diagnostics: [{ range, message: 'x' }] } });
    }
    if (m.id === undefined) continue;
    if (m.method === 'initialize' || m.method === 'shutdown') { send({ jsonrpc: '2.0', id: m.id, result: m.method === 'initialize' ? { capabilities: {} } : null }); continue; }
    if (mode === 'exit') process.exit(7);
    if (mode === 'silent') continue;
    if (mode === 'internal') { send({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: 'hover failed: boom' } }); continue; }
    const uri = m.params.textDocument.uri;
    const r = (a, b, c, d) => ({ start: { line: a, character: b }, end: { line: c, character: d } });
    if (mode === 'bad-range') send({ jsonrpc: '2.0', id: m.id, result: m.method === 'textDocument/hover' ? { contents: 'x', range: r(0, 3, 0, 1) } : { uri, range: r(5, 0, 5, 1) } });
    else send({ jsonrpc: '2.0', id: m.id, result: m.method === 'textDocument/hover' ? { contents: 'x', range: r(0, 1, 0, 3) } : { uri, range: r(1, 0, 1, 2) } });
  }
});
`;

async function fakeSession(mode: string): Promise<{ session: Session; events: LspEvent[] }> {
  const events: LspEvent[] = [];
  const session = await Session.start({ command: [process.execPath, '-e', FAKE_SERVER, mode], cwd: scratch, timeoutMs: 1500, onFailure: (e) => events.push(e) });
  session.open('file:///fake/a.dipgame', 'dipgame', 'abcd\nef\n');
  return { session, events };
}

const hover = { textDocument: { uri: 'file:///fake/a.dipgame' }, position: { line: 0, character: 1 } };

describe('the language-server fuzzer sees a misbehaving server', () => {
  it('well-formed answers: no failure', async () => {
    const { session, events } = await fakeSession('good');
    await session.request('textDocument/hover', 'file:///fake/a.dipgame', hover);
    await session.request('textDocument/definition', 'file:///fake/a.dipgame', hover);
    await session.shutdown();
    expect(events).toEqual([]);
  });

  it('a range that ends before it starts, and one past the text', async () => {
    const { session, events } = await fakeSession('bad-range');
    await session.request('textDocument/hover', 'file:///fake/a.dipgame', hover);
    await session.request('textDocument/definition', 'file:///fake/a.dipgame', hover);
    await session.shutdown();
    expect(events.map((e) => [e.kind, e.method])).toEqual([
      ['range', 'textDocument/hover'],
      ['range', 'textDocument/definition'],
    ]);
    expect(events[0]?.detail).toContain('ends before it starts');
    expect(events[1]?.detail).toContain('line 5 beyond the last line (2)');
    // The failing request and the documents, for a reproducer.
    expect(events[0]?.request?.params).toEqual(hover);
    expect(events[0]?.docs).toEqual([{ uri: 'file:///fake/a.dipgame', languageId: 'dipgame', text: 'abcd\nef\n' }]);
  });

  it('published diagnostics past the end of a line', async () => {
    const { session, events } = await fakeSession('bad-diagnostics');
    await session.diagnostics('file:///fake/a.dipgame', 30_000);
    await session.shutdown();
    expect(events.map((e) => [e.kind, e.method, e.uri])).toEqual([['range', 'textDocument/publishDiagnostics', 'file:///fake/a.dipgame']]);
    expect(events[0]?.detail).toContain('character 99 beyond the end of line 0 (4)');
  });

  it('an internal error', async () => {
    const { session, events } = await fakeSession('internal');
    await session.request('textDocument/hover', 'file:///fake/a.dipgame', hover);
    await session.shutdown();
    expect(events.map((e) => [e.kind, e.signature])).toEqual([['error', 'textDocument/hover: error -32603: hover failed: boom']]);
  });

  it('a request never answered is a hang, and the server is stopped', async () => {
    const { session, events } = await fakeSession('silent');
    await session.request('textDocument/hover', 'file:///fake/a.dipgame', hover);
    expect(events.map((e) => e.kind)).toEqual(['hang']);
    expect(session.dead).toBe(true);
    await session.shutdown();
  });

  it('a server that exits is a crash', async () => {
    const { session, events } = await fakeSession('exit');
    await session.request('textDocument/hover', 'file:///fake/a.dipgame', hover);
    await session.rpc.exited;
    await session.shutdown();
    expect(events.map((e) => [e.kind, e.signature])).toEqual([['crash', 'server exit 7: ']]);
  });
});

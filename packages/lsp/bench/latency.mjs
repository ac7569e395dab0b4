#!/usr/bin/env node
/**
 * Latency benchmark (not a test): on a 100-phase game, the time
 *  - from a one-character edit in phase 50 to its diagnostics, over stdio
 *    (including the server's 20 ms debounce) and in process (compute only);
 *  - of a completion and a hover in phase 50, over stdio and in process;
 *  - how many phases each edit had adjudicated (early cutoff: the rest is reused).
 * Usage: node packages/lsp/bench/latency.mjs [--runs N]   (build first: npm run build)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpus } from 'node:os';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  CompletionRequest,
  HoverRequest,
  ShutdownRequest,
  ExitNotification,
} from 'vscode-languageserver-protocol/node';
import { Workspace, completion, hover, diagnostics } from '@dipforge/lsp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const GAME = join(ROOT, 'packages/lsp/test/fixtures/random-100.dipgame');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;

const text = readFileSync(GAME, 'utf8');
const lines = text.split('\n');
const phaseLines = lines.flatMap((l, i) => (l.startsWith('phase ') ? [i] : []));
if (phaseLines.length !== 100) throw new Error(`expected 100 phases, found ${phaseLines.length}`);
// Phase 50: the first order line after its power line.
const p50 = phaseLines[49];
const orderLine = p50 + 2;
const orderText = lines[orderLine];
const orderEnd = orderText.length;
const unitStart = orderText.search(/\S/);
const placeAt = unitStart + 2; // on the unit's province

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

async function overStdio() {
  const child = spawn(process.execPath, [join(ROOT, 'packages/cli/bin/dipforge.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = new Map();
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const w = waiters.get(p.version);
    if (w) {
      waiters.delete(p.version);
      w(p);
    }
  });
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  await conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification(InitializedNotification.type, {});
  const uri = pathToFileURL(GAME).href;
  const published = (v) => new Promise((res) => waiters.set(v, res));
  let version = 1;
  const t0 = performance.now();
  const first = published(1);
  await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'dipgame', version: 1, text } });
  await first;
  const open = performance.now() - t0;
  const diag = [];
  const comp = [];
  const hov = [];
  for (let i = 0; i < RUNS; i++) {
    // Insert then delete a space at the end of the order: a one-character edit each time.
    const insert = i % 2 === 0;
    const range = insert ? { start: { line: orderLine, character: orderEnd }, end: { line: orderLine, character: orderEnd } } : { start: { line: orderLine, character: orderEnd }, end: { line: orderLine, character: orderEnd + 1 } };
    version++;
    const done = published(version);
    const t1 = performance.now();
    await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text: insert ? ' ' : '' }] });
    await done;
    diag.push(performance.now() - t1);
    const t2 = performance.now();
    await conn.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: orderLine, character: unitStart } });
    comp.push(performance.now() - t2);
    const t3 = performance.now();
    await conn.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: orderLine, character: placeAt } });
    hov.push(performance.now() - t3);
  }
  await conn.sendRequest(ShutdownRequest.type);
  await conn.sendNotification(ExitNotification.type);
  conn.dispose();
  return { open, diag, comp, hov };
}

function inProcess(cutoff = true) {
  const ws = new Workspace({ cutoff });
  const uri = pathToFileURL(GAME).href;
  ws.openDocument(uri, text, 1);
  diagnostics(ws.docByUri(uri));
  const diag = [];
  const comp = [];
  const hov = [];
  const work = [];
  for (let i = 0; i < RUNS; i++) {
    const ls = lines.slice();
    if (i % 2 === 0) ls[orderLine] += ' ';
    const t1 = performance.now();
    ws.changeDocument(uri, ls.join('\n'), i + 2);
    const doc = ws.docByUri(uri);
    diagnostics(doc);
    diag.push(performance.now() - t1);
    work.push(`${doc.adjudicated}/${doc.run.phases.length}`);
    const t2 = performance.now();
    completion(ws, doc, { line: orderLine, character: unitStart });
    comp.push(performance.now() - t2);
    const t3 = performance.now();
    hover(ws, doc, { line: orderLine, character: placeAt });
    hov.push(performance.now() - t3);
  }
  return { diag, comp, hov, work };
}

console.log(`dipforge language server latency: ${GAME.slice(ROOT.length + 1)} (100 phases), edits in ${lines[p50]} (line ${orderLine + 1})`);
console.log(`node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? 'unknown'}), ${RUNS} runs each`);
const s = await overStdio();
console.log(`over stdio: open and first diagnostics ${s.open.toFixed(0)} ms`);
console.log(`  diagnostics after a one-character edit (incl. 20 ms debounce): ${stats(s.diag)}`);
console.log(`  completion: ${stats(s.comp)}`);
console.log(`  hover:      ${stats(s.hov)}`);
const p = inProcess();
console.log('in process (compute only):');
console.log(`  diagnostics after a one-character edit: ${stats(p.diag)}`);
console.log(`  phases adjudicated per edit (of all phase runs; the rest kept before the edit or taken over after it): ${[...new Set(p.work)].join(', ')}`);
console.log(`  completion: ${stats(p.comp)}`);
console.log(`  hover:      ${stats(p.hov)}`);
const q = inProcess(false);
console.log('in process, without the early cutoff (every phase after the edit re-played), for comparison:');
console.log(`  diagnostics after a one-character edit: ${stats(q.diag)}`);
console.log(`  phases adjudicated per edit: ${[...new Set(q.work)].join(', ')}`);

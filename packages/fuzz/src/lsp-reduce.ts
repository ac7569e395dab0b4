/**
 * Reproducers for the language-server fuzzer. A failure comes with the
 * session's whole transcript, which always reproduces it when the server is
 * deterministic; most failures need far less: the open documents as they were
 * and the one request (or, for diagnostics, the document alone). That reduced
 * scenario is tried on a fresh server; when it fails the same way, the
 * document's lines are minimized (ddmin, the request's lines kept and its
 * position moved with them) and the result checked once more on a fresh
 * server. Transcripts name the fuzzer's copy of the corpus `$TREE`, so a
 * replay can put one anywhere.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCorpus, LSP_FOLDERS } from './corpus.js';
import { prepareTree } from './files.js';
import type { Sent } from './lsp-client.js';
import type { DocSnapshot, LspEvent, Session, SessionOptions } from './lsp-session.js';
import { Session as LspSession } from './lsp-session.js';
import { ddmin } from './minimize.js';

export const TREE = '$TREE';
/** A transcript entry that is no message: a workspace file written (base64) or deleted (null) at that point. */
export const WRITE_FILE = '$fuzz/writeFile';

export interface Scenario {
  docs: DocSnapshot[];
  request?: { method: string; params: unknown; stable?: boolean };
  /** For a diagnostics failure, the document whose diagnostics are wrong. */
  diagnosticsOf?: string;
}

/** Runs a scenario on a session: opens the documents, then the request or waits for the diagnostics. */
export async function runScenario(session: Session, s: Scenario, waitMs: number): Promise<void> {
  for (const d of s.docs) session.open(d.uri, d.languageId, d.text);
  if (s.request) await session.request(s.request.method, uriOfParams(s.request.params), s.request.params, { stable: s.request.stable === true });
  else if (s.diagnosticsOf) await session.diagnostics(s.diagnosticsOf, waitMs);
  await session.settle();
}

/** Whether a scenario fails with this signature on a fresh server. */
export async function reproduces(s: Scenario, signature: string, options: Omit<SessionOptions, 'onFailure'>): Promise<boolean> {
  const seen: string[] = [];
  const session = await LspSession.start({ ...options, onFailure: (e) => seen.push(e.signature) });
  try {
    await runScenario(session, s, options.timeoutMs);
  } finally {
    await session.shutdown();
  }
  return seen.includes(signature);
}

/**
 * The smallest scenario found (within the budget) that fails like `event`, or
 * undefined when not even the reduced scenario does (the failure needs its history).
 */
export async function reduce(event: LspEvent, options: Omit<SessionOptions, 'onFailure'>, budget: { deadline: number; attempts: number }): Promise<Scenario | undefined> {
  const scenario: Scenario = { docs: event.docs };
  if (event.request) scenario.request = event.request;
  else if (event.uri) scenario.diagnosticsOf = event.uri;
  else return undefined;
  if (!(await reproduces(scenario, event.signature, options))) return undefined;
  if (event.kind === 'hang' || event.kind === 'crash' || budget.attempts === 0) return scenario;
  const uri = scenario.diagnosticsOf ?? uriOfParams(scenario.request?.params);
  const doc = scenario.docs.find((d) => d.uri === uri);
  if (!doc) return scenario;
  const lines = doc.text.split(/(?<=\r\n|\n|\r(?!\n))/);
  const pinned = new Set(linesNamed(scenario.request?.params).filter((l) => l < lines.length));
  const candidate = (kept: number[]): Scenario => {
    const all = [...new Set([...kept, ...pinned])].sort((a, b) => a - b);
    const docs = scenario.docs.map((d) => (d === doc ? { ...d, text: all.map((i) => lines[i]).join('') } : d));
    const out: Scenario = { ...scenario, docs };
    if (scenario.request) out.request = { ...scenario.request, params: moveLines(scenario.request.params, all, lines.length) };
    return out;
  };
  // One session for every attempt: each attempt replaces the document's text, as an editor would.
  let seen: string[] = [];
  const session = await LspSession.start({ ...options, onFailure: (e) => seen.push(e.signature) });
  let tries = 0;
  let kept: number[];
  try {
    for (const d of scenario.docs) session.open(d.uri, d.languageId, d.text);
    await session.settle();
    const units = lines.map((_, i) => i).filter((i) => !pinned.has(i));
    const spent = (): boolean => session.dead || tries >= budget.attempts || performance.now() > budget.deadline;
    kept = await ddmin(units, async (k) => {
      tries++;
      seen = [];
      const c = candidate(k);
      const text = c.docs.find((d) => d.uri === uri)?.text ?? '';
      session.change(uri as string, [{ text }]);
      if (c.request) await session.request(c.request.method, uri, c.request.params, { stable: c.request.stable === true });
      else await session.diagnostics(uri as string, options.timeoutMs);
      await session.settle();
      return seen.includes(event.signature);
    }, spent);
  } finally {
    await session.shutdown();
  }
  const small = candidate(kept);
  return (await reproduces(small, event.signature, options)) ? small : scenario;
}

/** The messages of a scenario, as a transcript (initialize first). */
export function scenarioMessages(s: Scenario, folder: string | undefined): Sent[] {
  const out: Sent[] = [{ method: 'initialize', params: { processId: null, rootUri: folder ?? null, workspaceFolders: folder ? [{ uri: folder, name: 'fuzz' }] : null, capabilities: {} }, id: 1 }];
  out.push({ method: 'initialized', params: {} });
  for (const d of s.docs) out.push({ method: 'textDocument/didOpen', params: { textDocument: { uri: d.uri, languageId: d.languageId, version: 1, text: d.text } } });
  if (s.request) out.push({ method: s.request.method, params: s.request.params, id: 2, ...(s.request.stable ? { stable: true } : {}) });
  return out;
}

/** Writes a transcript (JSON lines, the corpus copy's URI as `$TREE`). */
export function saveTranscript(path: string, messages: readonly Sent[], treeUri: string): void {
  writeFileSync(path, messages.map((m) => JSON.stringify(m).split(treeUri).join(TREE)).join('\n') + '\n');
}

/** Replays a transcript on a fresh server; every failure it shows is returned. */
export async function replayTranscript(text: string, treeUri: string, options: Omit<SessionOptions, 'onFailure' | 'folder'>): Promise<LspEvent[]> {
  const messages = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l.split(TREE).join(treeUri)) as Sent);
  const events: LspEvent[] = [];
  const init = messages[0]?.method === 'initialize' ? messages.shift() : undefined;
  const params = init?.params as { rootUri?: string | null } | undefined;
  const session = await LspSession.start({ ...options, ...(params?.rootUri ? { folder: params.rootUri } : {}), onFailure: (e) => events.push(e) });
  try {
    for (const m of messages) {
      if (session.dead) break;
      const p = m.params as { textDocument?: { uri: string; languageId?: string; text?: string }; contentChanges?: { text: string }[] };
      if (m.method === 'initialized' || m.method === 'shutdown' || m.method === 'exit') continue;
      if (m.method === WRITE_FILE) {
        await session.settle();
        const w = m.params as { rel: string; base64: string | null };
        const file = join(fileURLToPath(treeUri), w.rel);
        if (w.base64 === null) rmSync(file, { force: true });
        else writeFileSync(file, Buffer.from(w.base64, 'base64'));
        continue;
      }
      if (m.method === 'textDocument/didOpen' && p.textDocument) session.open(p.textDocument.uri, p.textDocument.languageId ?? '', p.textDocument.text ?? '');
      else if (m.method === 'textDocument/didChange' && p.textDocument) session.change(p.textDocument.uri, (p.contentChanges ?? []) as never);
      else if (m.method === 'textDocument/didClose' && p.textDocument) session.close(p.textDocument.uri);
      else if (m.id !== undefined) void session.request(m.method, uriOfParams(m.params), m.params, { stable: m.stable === true });
      else session.rpc.notify(m.method, m.params);
    }
    await session.settle();
  } finally {
    await session.shutdown();
  }
  return events;
}

/** Replays a saved transcript in a new copy of the corpus (as `LSP_FOLDERS` of lsp-fuzz.ts holds it). */
export async function replayLspFile(options: { root: string; file: string; folders?: readonly string[]; timeoutMs?: number; command?: readonly string[] }): Promise<LspEvent[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'dipforge-fuzz-replay-'));
  try {
    const tree = prepareTree(options.root, loadCorpus(options.root, options.folders ?? LSP_FOLDERS).files, join(scratch, 'tree'));
    const command = options.command ?? [process.execPath, join(options.root, 'packages/cli/bin/dipforge.js'), 'lsp', '--stdio'];
    return await replayTranscript(readFileSync(options.file, 'utf8'), pathToFileURL(tree).href, { command, cwd: options.root, timeoutMs: options.timeoutMs ?? 30_000 });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Where the reproducers of a failure go: `<out>/lsp-NNN-kind-method`. */
export function reproducerBase(out: string, index: number, kind: string, method: string): string {
  return join(out, `lsp-${String(index).padStart(3, '0')}-${kind}-${method.replace(/[^a-z0-9]+/gi, '-')}`);
}

/** The document a request is about. */
export function uriOfParams(params: unknown): string | undefined {
  const p = params as { uri?: unknown; textDocument?: { uri?: unknown } } | null | undefined;
  const uri = p?.textDocument?.uri ?? p?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

/** The lines a request's positions stand on. */
function linesNamed(params: unknown): number[] {
  const p = params as { position?: { line: number }; range?: { start: { line: number }; end: { line: number } } } | undefined;
  return [p?.position?.line, p?.range?.start.line, p?.range?.end.line].filter((l): l is number => typeof l === 'number' && l >= 0);
}

/** The request's positions moved to where their lines stand among the lines kept (of `count`); past the end stays past it. */
function moveLines(params: unknown, kept: readonly number[], count: number): unknown {
  const move = (line: number): number => {
    if (line < 0) return line;
    if (line >= count) return kept.length + (line - count);
    const i = kept.indexOf(line);
    return i >= 0 ? i : kept.filter((k) => k < line).length;
  };
  const copy = JSON.parse(JSON.stringify(params)) as { position?: { line: number }; range?: { start: { line: number }; end: { line: number } } };
  if (copy.position) copy.position.line = move(copy.position.line);
  if (copy.range) {
    copy.range.start.line = move(copy.range.start.line);
    copy.range.end.line = move(copy.range.end.line);
  }
  return copy;
}

/**
 * `dipforge bench --editor`, its stdio part: the language server as an editor drives it.
 * `dipforge lsp --stdio` is started as a child process and spoken to in the Language Server
 * Protocol (initialize, initialized, didOpen) on a generated game of about 150 phases written
 * into a temporary folder; then it is edited the way a person edits such a game: in its late
 * phases, orders whose result changes (a move made a hold and back, a support made a hold and
 * back) and a destination typed again a character at a time, each change sent as an
 * incremental `didChange` and timed to the diagnostics published for its version; a completion
 * asked right after a keystroke; semantic tokens in full, for a range and as a delta. Every
 * figure is wall time seen by the client, the server's debounce included.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '@dipforge/lsp/launch';
import { quantile } from '../bench-stats.js';
import { LspClient } from '../lsp-client.js';

/** The `dipforge` command of this installation. */
export const DIPFORGE_BIN = fileURLToPath(new URL('../../bin/dipforge.js', import.meta.url));

export interface StdioFigures {
  /** The game opened: its lines and phase sections. */
  lines: number;
  phases: number;
  /** didOpen → the first publishDiagnostics of the game, ms (the server already initialized). */
  firstDiagnosticsMs: number;
  /** Each edit (incremental didChange) → the diagnostics published for its version, ms over `edits` edits. */
  editToDiagnostics: { edits: number; median: number; p90: number };
  /** A completion asked right after a keystroke (before its diagnostics), request → answer, median ms. */
  completionAfterEditMs: number;
  /**
   * Semantic tokens of the game: the first full request, a range of 80 lines in a late phase, and a
   * delta after an edit (null when the server does not serve that request); `fullBytes`: the full
   * answer's JSON size.
   */
  semanticTokens: { fullMs: number; rangeMs: number | null; deltaMs: number | null; fullBytes: number };
}

/** The protocol client over the server's standard streams; `close` shuts the server down and waits for it to exit. */
class Client extends LspClient {
  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    super(child.stdin, child.stdout, child.stderr);
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    const timer = setTimeout(() => this.child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

interface Edit {
  line: number;
  from: number;
  to: number;
  text: string;
}

/** The text after an edit of one line's characters `from`..`to`. */
function applyEdit(lines: string[], e: Edit): void {
  const l = lines[e.line]!;
  lines[e.line] = l.slice(0, e.from) + e.text + l.slice(e.to);
}

const ms = (t0: number): number => performance.now() - t0;
const round = (v: number): number => Math.round(v * 10) / 10;

/** Order lines (`    A par - bur`) of the late movement phase sections: the last `share` of them. */
function lateOrderLines(lines: readonly string[], share: number): number[] {
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i++) if (/^phase .* movement$/.test(lines[i]!)) starts.push(i);
  const first = starts[Math.floor(starts.length * (1 - share))] ?? 0;
  const out: number[] = [];
  for (let i = first; i < lines.length; i++) if (/^ {4}[AF] \S+ /.test(lines[i]!)) out.push(i);
  return out;
}

/**
 * The stdio figures for the game `textIn(dir)` (its variant line may be relative to the folder
 * `dir` it is written to, a temporary one removed afterwards), with the server `bin` (this
 * installation's by default).
 */
export async function stdioFigures(textIn: (dir: string) => string, bin = DIPFORGE_BIN): Promise<StdioFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'dipforge-bench-lsp-'));
  const text = textIn(dir);
  const path = join(dir, 'bench-stdio.dipgame');
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  // Started as the editor extension starts it: with the server's Node flags (docs/LSP.md).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bin, 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  const client = new Client(child);
  try {
    await client.request('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'bench' }],
      capabilities: {
        textDocument: {
          synchronization: { didSave: true },
          completion: { completionItem: { snippetSupport: true } },
          semanticTokens: { requests: { range: true, full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
          publishDiagnostics: { versionSupport: true },
        },
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, configuration: false },
      },
    });
    client.notify('initialized', {});
    const lines = text.split('\n');
    let version = 1;
    let t0 = performance.now();
    const first = client.diagnostics(uri, version);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version, text } });
    await first;
    const firstDiagnosticsMs = ms(t0);

    const send = (e: Edit): void => {
      applyEdit(lines, e);
      version++;
      client.notify('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line: e.line, character: e.from }, end: { line: e.line, character: e.to } }, text: e.text }],
      });
    };
    const edits: number[] = [];
    const timedEdit = async (e: Edit): Promise<void> => {
      const published = client.diagnostics(uri, version + 1);
      const start = performance.now();
      send(e);
      await published;
      edits.push(ms(start));
    };

    // Semantic tokens in full, before any edit (as an editor asks on opening).
    t0 = performance.now();
    const full = await client.request('textDocument/semanticTokens/full', { textDocument: { uri } });
    const fullMs = ms(t0);
    const fullBytes = Buffer.byteLength(JSON.stringify(full.result ?? null));
    let resultId = (full.result as { resultId?: string } | null)?.resultId;

    const late = lateOrderLines(lines, 0.2);
    const rangeLine = late[0] ?? 0;
    t0 = performance.now();
    const range = await client.request('textDocument/semanticTokens/range', {
      textDocument: { uri },
      range: { start: { line: rangeLine, character: 0 }, end: { line: Math.min(lines.length - 1, rangeLine + 80), character: 0 } },
    });
    const rangeMs = range.error ? null : ms(t0);

    // Edits that change results: a move made a hold and back, a support made a hold and back.
    const moves = late.filter((i) => /^ {4}[AF] \S+ - \S+$/.test(lines[i]!));
    const supports = late.filter((i) => / S [AF] /.test(lines[i]!));
    const pick = (list: number[], n: number): number[] => Array.from({ length: Math.min(n, list.length) }, (_, k) => list[Math.floor((k * list.length) / n)]!);
    for (const i of [...pick(moves, 6), ...pick(supports, 6)]) {
      const before = lines[i]!;
      const unitEnd = before.indexOf(' ', before.indexOf(' ', 4) + 1);
      await timedEdit({ line: i, from: unitEnd, to: before.length, text: ' H' });
      await timedEdit({ line: i, from: unitEnd, to: unitEnd + 2, text: before.slice(unitEnd) });
    }

    // A destination typed again a character at a time; a completion asked right after the first keystroke.
    const completions: number[] = [];
    for (const i of pick(moves, 4)) {
      const before = lines[i]!;
      const word = before.slice(before.lastIndexOf(' ') + 1);
      const at = before.length - word.length;
      await timedEdit({ line: i, from: at, to: before.length, text: '' });
      for (let c = 0; c < word.length; c++) {
        if (c === 1) {
          send({ line: i, from: at + c, to: at + c, text: word[c]! });
          const published = client.diagnostics(uri, version);
          const start = performance.now();
          const answer = await client.request('textDocument/completion', { textDocument: { uri }, position: { line: i, character: at + c + 1 } });
          if (answer.error) throw new Error(`completion failed: ${answer.error.message}`);
          completions.push(ms(start));
          await published;
          continue;
        }
        await timedEdit({ line: i, from: at + c, to: at + c, text: word[c]! });
      }
    }

    // The tokens again after the edits: as a delta on the first answer when the server serves deltas.
    let deltaMs: number | null = null;
    if (resultId !== undefined) {
      t0 = performance.now();
      const delta = await client.request('textDocument/semanticTokens/full/delta', { textDocument: { uri }, previousResultId: resultId });
      if (!delta.error) deltaMs = ms(t0);
      resultId = undefined;
    }
    return {
      lines: text.split('\n').length - 1,
      phases: text.split('\n').filter((l) => l.startsWith('phase ')).length,
      firstDiagnosticsMs: round(firstDiagnosticsMs),
      editToDiagnostics: { edits: edits.length, median: round(quantile(edits, 0.5)), p90: round(quantile(edits, 0.9)) },
      completionAfterEditMs: round(quantile(completions, 0.5)),
      semanticTokens: { fullMs: round(fullMs), rangeMs: rangeMs === null ? null : round(rangeMs), deltaMs: deltaMs === null ? null : round(deltaMs), fullBytes },
    };
  } finally {
    await client.close().catch(() => child.kill());
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The report's line for these figures. */
export function stdioLine(s: StdioFigures): string {
  const opt = (v: number | null): string => (v === null ? 'not served' : `${v.toFixed(1)} ms`);
  return (
    `editor: stdio server on a ${s.phases}-phase game (${s.lines} lines): first diagnostics ${s.firstDiagnosticsMs.toFixed(0)} ms; ` +
    `edit → diagnostics median ${s.editToDiagnostics.median.toFixed(1)} ms, p90 ${s.editToDiagnostics.p90.toFixed(1)} ms (${s.editToDiagnostics.edits} edits); ` +
    `completion after an edit ${s.completionAfterEditMs.toFixed(1)} ms; semantic tokens full ${s.semanticTokens.fullMs.toFixed(1)} ms, range ${opt(s.semanticTokens.rangeMs)}, delta ${opt(s.semanticTokens.deltaMs)}`
  );
}

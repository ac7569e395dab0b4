/**
 * `dipforge bench --editor`: the paths an editor takes on a long game (docs/PERFORMANCE.md,
 * "Editor path"): the first and warm checks of a 10,000-line game, a re-check after an edit, the
 * language server's own re-check and diagnostics, and the game the stdio figures
 * (bench-stdio.ts) are taken on.
 */
import { join } from 'node:path';
import { GameWorkspace, parseGame, runGame, runGameText } from '@dipforge/dsl';
import { diagnostics as serverDiagnostics, pathToUri, Workspace as ServerWorkspace } from '@dipforge/lsp';
import type { Board, RuleOptions } from '@dipforge/engine';
import { median } from '../bench-stats.js';
import { playGame, type Settings } from './bench-play.js';
import { gameText, type GameRecord } from './bench-games.js';
import type { StdioFigures } from './bench-stdio.js';

const now = (): bigint => process.hrtime.bigint();

export interface EditorFigures {
  /** Parse and check (play) a generated game file of at least 10,000 lines, as the editor does on opening it. */
  check: { lines: number; phases: number; errors: number; medianMs: number; minMs: number; firstMs: number };
  /** In a 100-phase game, one order of phase 50 changed: parse again and re-adjudicate from there to the end (the editor's incremental re-check, no early cutoff). */
  edit: { phases: number; editedPhase: number; adjudicated: number; medianMs: number; minMs: number };
  /**
   * The language server on the `check` game: one order of the middle phase section made a hold, and back,
   * each change re-checked by the server's workspace (re-use, early cutoff) and turned into its diagnostics.
   * `editedPhase` counts phase sections; `adjudicated`, `reused`, `cutoff` are phase runs of the last change.
   */
  server: { lines: number; editedPhase: number; adjudicated: number; reused: number; cutoff: number; diagnostics: number; medianMs: number; minMs: number };
  /** `dipforge lsp --stdio` driven as an editor drives it, on a game of about 150 phases (bench-stdio.ts). */
  stdio: StdioFigures;
}

/** Median and minimum of `reps` timings of `f`, in milliseconds. */
function timeMs(reps: number, f: () => void): { medianMs: number; minMs: number } {
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = now();
    f();
    samples.push(Number(now() - t0) / 1e6);
  }
  const round = (v: number): number => Math.round(v * 100) / 100;
  return { medianMs: round(median(samples)), minMs: round(Math.min(...samples)) };
}

/** The text of `record`'s first `k` phases. */
function gameTextOf(board: Board, record: GameRecord, k: number, variantLine: string, uniform: boolean): string {
  return gameText(board, { ...record, phases: record.phases.slice(0, k) }, variantLine, 1, 1, uniform);
}

/** Untimed checks of the long game before the timed ones (`firstMs` is the first check, before these). */
const EDITOR_WARMUP_CHECKS = 5;

/**
 * The editor path, on a random game played with the bench's seed (the next
 * seeds if a game ends in a win too soon): parsing and checking a file of at
 * least 10,000 lines, and re-adjudicating phases 50 to 100 of a 100-phase game
 * after an edit at phase 50. `path` names the game file (never written).
 */
export function editorFigures(board: Board, rules: RuleOptions, settings: Settings, variantLine: string, path: string): Omit<EditorFigures, 'stdio'> {
  const LINES = 10_000;
  let record: GameRecord | undefined;
  let k = 0;
  for (let i = 0; i < 20 && !record; i++) {
    const r = playGame(board, rules, { ...settings, phases: 2000 }, (settings.seed + 0x51ed + i) >>> 0, undefined);
    // The fewest phases whose text reaches LINES lines.
    for (let n = 1; n <= r.phases.length; n++) {
      if (n < r.phases.length && n % 10 !== 0) continue;
      if (gameTextOf(board, r, n, variantLine, settings.uniform).split('\n').length - 1 >= LINES) {
        record = r;
        k = n;
        break;
      }
    }
  }
  if (!record) throw new Error('no random game reached 10,000 lines');
  const long = gameTextOf(board, record, k, variantLine, settings.uniform);
  const workspace = new GameWorkspace();
  let errors = 0;
  let phases = 0;
  runGameText(long, path, workspace); // compiles and caches the variant, as an open editor has
  // Each check reads the file's orders afresh, as the first check of a file does: the readings kept from the last would make it a re-check.
  const checkOnce = (): void => {
    workspace.forgetOrderReadings();
    const run = runGameText(long, path, workspace);
    errors = run.diagnostics.filter((d) => d.severity === 'error').length;
    phases = run.phases.length;
  };
  // The first check after the variant's compilation, before V8 has optimized the checker's code
  // (a language server just started); then warm-up checks, as a server that has checked files before.
  const firstMs = timeMs(1, checkOnce).medianMs;
  for (let i = 0; i < EDITOR_WARMUP_CHECKS; i++) checkOnce();
  const check = timeMs(15, checkOnce);

  // A 100-phase game, and the same with the first order of its 50th phase changed to a hold.
  const PHASES = 100;
  const EDITED = 50;
  const text = gameTextOf(board, record, PHASES, variantLine, settings.uniform);
  const parsed = parseGame(text, path);
  const previous = runGame(parsed, workspace);
  const section = parsed.ast.phases[EDITED - 1]!;
  const at = text.indexOf('\n    ', section.range.start.offset) + 1;
  const end = text.indexOf('\n', at);
  const unit = text.slice(at, end).trim().split(/\s+/).slice(0, 2).join(' ');
  const edited = `${text.slice(0, at)}    ${unit} H${text.slice(end)}`;
  let adjudicated = 0;
  const edit = timeMs(15, () => {
    adjudicated = 0;
    const p = parseGame(edited, path);
    runGame(p, workspace, { reuse: { run: previous, sections: EDITED - 1, cutoff: false }, onAdjudicate: () => void adjudicated++ });
  });

  // The language server: the long game open, its middle section's first order that is not a hold
  // made a hold and back, each change re-checked as the server does (early cutoff, its diagnostics).
  const server = new ServerWorkspace();
  const uri = pathToUri(path);
  server.openDocument(uri, long, 0, 'dipgame');
  const opened = server.docByUri(uri);
  const middle = Math.floor((opened?.kind === 'game' ? opened.parsed.ast.phases.length : 0) / 2);
  const middleSection = opened?.kind === 'game' ? opened.parsed.ast.phases[middle] : undefined;
  let from = middleSection ? long.indexOf('\n    ', middleSection.range.start.offset) + 1 : 0;
  while (/ H$/.test(long.slice(from, long.indexOf('\n', from)).trim())) from = long.indexOf('\n    ', from) + 1;
  const to = long.indexOf('\n', from);
  const held = `${long.slice(0, from)}    ${long.slice(from, to).trim().split(/\s+/).slice(0, 2).join(' ')} H${long.slice(to)}`;
  let version = 0;
  let served = { adjudicated: 0, reused: 0, cutoff: 0, diagnostics: 0 };
  const serverEdit = timeMs(15, () => {
    version++;
    server.changeDocument(uri, version % 2 === 1 ? held : long, version);
    const doc = server.docByUri(uri);
    if (doc?.kind !== 'game') throw new Error('the bench game did not open as a game');
    served = { adjudicated: doc.adjudicated, reused: doc.reused, cutoff: doc.cutoff, diagnostics: serverDiagnostics(doc).length };
  });
  return {
    check: { lines: long.split('\n').length - 1, phases, errors, ...check, firstMs },
    edit: { phases: PHASES, editedPhase: EDITED, adjudicated, ...edit },
    server: { lines: long.split('\n').length - 1, editedPhase: middle + 1, ...served, ...serverEdit },
  };
}

/** Phases of the game the stdio part opens: as long as the real games people edit. */
const STDIO_PHASES = 150;

/** A random game of `STDIO_PHASES` phases played with the bench's seed (the next seeds while a game ends in a win sooner), else the longest. */
export function stdioGame(board: Board, rules: RuleOptions, settings: Settings): GameRecord {
  let best: GameRecord | undefined;
  for (let i = 0; i < 20; i++) {
    const r = playGame(board, rules, { ...settings, phases: STDIO_PHASES }, (settings.seed + 0x57d1 + i) >>> 0, undefined);
    if (!best || r.phases.length > best.phases.length) best = r;
    if (r.phases.length >= STDIO_PHASES) break;
  }
  return best!;
}

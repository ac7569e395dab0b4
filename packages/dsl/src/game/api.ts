/**
 * The public entry points for games: check a `.dipgame` file, play it, test
 * its expectations. Each reads the file through the workspace's file host, so
 * the editor can answer from open documents.
 */
import { resolve } from 'node:path';
import { Codes } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { ZERO_RANGE, type Range } from '../text/range.js';
import { parseGame } from './parse.js';
import { runGame, type GameOptions, type GameRun } from './run.js';
import { GameWorkspace } from './workspace.js';
import { unreadableFile } from '../workspace/unreadable.js';

/** Reads, parses and plays a game file (a file that cannot be read gives one diagnostic). */
export function runGameFile(path: string, workspace: GameWorkspace = new GameWorkspace(), options: GameOptions = {}): GameRun {
  const file = resolve(path);
  const text = workspace.loader.host.read(file);
  if (text === undefined) {
    const parsed = parseGame('', file);
    const d = unreadableFile(workspace.loader.host, file, file);
    return { file, parsed, diagnostics: [d], players: {}, phases: [], declarations: [], expectations: [], complete: false };
  }
  return runGame(parseGame(text, file, { headless: options.headless === true }), workspace, options);
}

/** Plays a game given as text (`path` names it and anchors relative variant paths). */
export function runGameText(text: string, path: string, workspace: GameWorkspace = new GameWorkspace(), options: GameOptions = {}): GameRun {
  return runGame(parseGame(text, resolve(path), { headless: options.headless === true }), workspace, options);
}

/**
 * The problems in a game file: syntax, names, orders that cannot be read,
 * phases out of order. Expectations are not problems of the file; see `testGameFile`.
 */
export function checkGameFile(path: string, workspace: GameWorkspace = new GameWorkspace()): { diagnostics: Diagnostic[]; run: GameRun } {
  const run = runGameFile(path, workspace);
  return { diagnostics: run.diagnostics, run };
}

export interface GameTestFailure {
  file: string;
  range: Range;
  message: string;
}

export interface GameTestResult {
  file: string;
  passed: boolean;
  /** Errors in the file, then unmet expectations, in file order. */
  failures: GameTestFailure[];
  run: GameRun;
}

/**
 * Runs a game file's expectations. It passes when the file has no errors,
 * every phase it writes was adjudicated, and every expectation is met.
 */
export function testGameFile(path: string, workspace: GameWorkspace = new GameWorkspace(), options: GameOptions = {}): GameTestResult {
  const run = runGameFile(path, workspace, options);
  const failures: GameTestFailure[] = [];
  for (const d of run.diagnostics) {
    if (d.severity !== 'error') continue;
    failures.push({ file: d.file, range: d.range, message: `${d.message} [${d.code}]` });
  }
  const unmet = Codes.expectationFailed.code;
  for (const e of run.expectations) if (!e.ok) failures.push({ file: run.file, range: e.range, message: `${e.message} [${unmet}]` });
  if (failures.length === 0 && !run.complete) failures.push({ file: run.file, range: ZERO_RANGE, message: 'Not every phase of the game was adjudicated' });
  failures.sort((a, b) => (a.file === b.file ? a.range.start.offset - b.range.start.offset : a.file === run.file ? -1 : 1));
  return { file: run.file, passed: failures.length === 0, failures, run };
}

/** `path:line:col: message`, 1-based, as `dipforge test` prints a failure. */
export function formatFailure(f: GameTestFailure, displayPath: string = f.file): string {
  return `${displayPath}:${f.range.start.line + 1}:${f.range.start.column + 1}: ${f.message}`;
}

/**
 * `dipforge render GAME.dipgame [--phase NAME] [-o board.svg]`: an SVG picture
 * of a game at one phase (the position when the phase began, with the phase's
 * orders and their results drawn); `dipforge render MAP.dipmap` draws a
 * variant's starting position. Exit codes: 0 drawn, 1 the file has errors (or
 * the picture cannot be written), 2 the command line is wrong (or names no
 * phase of the game). See docs/RENDER.md.
 */
import { compileMapFile, diskHost, GameWorkspace, phaseText, runGameFile, VariantLoader, type GameRun } from '@dipforge/dsl';
import {
  compileBoard,
  initialPosition,
  renderBoard,
  type DislodgedUnit,
  type LayoutMode,
  type MapStyle,
  type OrderResult,
  type Phase,
  type Position,
  type RenderOptions,
  type VariantConfig,
} from '@dipforge/engine';
import { quoted } from '@dipforge/engine/config';
import { oneFileArgs, parseArgs } from '../args.js';
import { recordingHost, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { failedCode, printDiagnostics, summary } from '../report.js';

export const renderUsage =
  'dipforge render GAME.dipgame|MAP.dipmap [--phase NAME] [--layout auto|coordinates] [--map regions|graph] [-o board.svg]   an SVG of the board at a phase (default: the last)';

/** One phase of a game that can be drawn: the position it began with, and its orders' results. */
export interface DrawablePhase {
  phase: Phase;
  position: Position;
  results: readonly OrderResult[];
  dislodged: readonly DislodgedUnit[];
  /** Written in the game file (not a phase the file leaves out, nor the position after the last one). */
  written: boolean;
}

/** Every phase of a run that can be drawn, then the position after the last one (the phase to play next). */
export function drawablePhases(run: GameRun): DrawablePhase[] {
  const out: DrawablePhase[] = run.phases.map((p) => ({
    phase: p.phase,
    position: p.before,
    results: p.result.results,
    dislodged: p.result.dislodged,
    written: p.section !== undefined,
  }));
  const final = run.final ?? run.start;
  if (final) out.push({ phase: final.phase, position: final, results: [], dislodged: [], written: false });
  return out;
}

/** `S1901M`: the first letters of the season and the kind around the year. */
export function shortPhaseName(p: Phase): string {
  return `${p.season.charAt(0).toUpperCase()}${p.year}${p.kind.charAt(0).toUpperCase()}`;
}

/**
 * The phase a name picks: `spring 1901 movement`, `S1901M` (any case), or
 * `spring 1901` when the game has one phase of that season and year (or the
 * file writes one). Without a
 * name, the last phase the file writes (else the position the game starts from).
 */
export function pickPhase(phases: readonly DrawablePhase[], name: string | undefined): { ok: true; phase: DrawablePhase } | { ok: false; message: string } {
  if (phases.length === 0) return { ok: false, message: 'the game has no position to draw' };
  if (name === undefined) {
    const written = phases.filter((p) => p.written);
    return { ok: true, phase: written[written.length - 1] ?? phases[0]! };
  }
  const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const long = (p: Phase): string => `${p.season} ${p.year} ${p.kind}`.toLowerCase();
  const found = phases.filter((p) => long(p.phase) === wanted || shortPhaseName(p.phase).toLowerCase() === wanted);
  const partial = found.length > 0 ? found : phases.filter((p) => `${p.phase.season} ${p.phase.year}`.toLowerCase() === wanted);
  const unique = [...new Map(partial.map((p) => [long(p.phase), p])).values()];
  if (unique.length === 1) return { ok: true, phase: unique[0]! };
  // `spring 1901` for the one phase of that season the file writes (its retreats are usually left out).
  const written = unique.filter((p) => p.written);
  if (found.length === 0 && written.length === 1) return { ok: true, phase: written[0]! };
  if (unique.length > 1) return { ok: false, message: `${quoted(name)} names more than one phase: ${unique.map((p) => phaseText(p.phase)).join(', ')}` };
  const list = [...new Set(phases.map((p) => shortPhaseName(p.phase)))].join(', ');
  return { ok: false, message: `the game has no phase ${quoted(name)}; its phases are ${list}` };
}

export function render(args: string[], io: Io): number {
  const parsed = parseArgs(args, [
    { name: 'output', short: 'o', takesValue: true },
    { name: 'phase', takesValue: true },
    { name: 'layout', takesValue: true },
    { name: 'map', takesValue: true },
  ]);
  const given = oneFileArgs(parsed, { name: 'render', usage: renderUsage, none: 'no file given', several: 'give one game or map file' }, io);
  if (typeof given === 'number') return given;
  const { path } = given;
  const layout = given.options.get('layout');
  if (layout !== undefined && layout !== 'auto' && layout !== 'coordinates') {
    io.err(`dipforge render: --layout is auto or coordinates, not ${quoted(String(layout))}\nusage: ${renderUsage}\n`);
    return Exit.usage;
  }
  const map = given.options.get('map');
  if (map !== undefined && map !== 'regions' && map !== 'graph') {
    io.err(`dipforge render: --map is regions or graph, not ${quoted(String(map))}\nusage: ${renderUsage}\n`);
    return Exit.usage;
  }
  const phaseName = given.options.get('phase');
  const options: RenderOptions = typeof layout === 'string' ? { layout: layout as LayoutMode } : {};
  if (typeof map === 'string') options.map = map as MapStyle;

  // Every file read (the game, its variant's maps) is an input that -o may not overwrite.
  const inputs = new Set<string>([path]);
  const loader = new VariantLoader({ host: recordingHost(diskHost, inputs) });
  let svg: string;
  if (path.endsWith('.dipmap')) {
    if (phaseName !== undefined) {
      io.err(`dipforge render: --phase is for game files; a map is drawn at its starting position\nusage: ${renderUsage}\n`);
      return Exit.usage;
    }
    const result = compileMapFile(path, loader);
    printDiagnostics(result.diagnostics, io);
    if (!result.config) {
      io.err(`dipforge render: not drawn (${summary(result.diagnostics)})\n`);
      return failedCode(result.diagnostics);
    }
    svg = draw(result.config, initialPosition(result.config), options);
  } else {
    const run = runGameFile(path, new GameWorkspace(loader));
    printDiagnostics(run.diagnostics, io);
    if (run.diagnostics.some((d) => d.severity === 'error') || !run.config) {
      io.err(`dipforge render: not drawn (${summary(run.diagnostics)})\n`);
      return failedCode(run.diagnostics);
    }
    const picked = pickPhase(drawablePhases(run), typeof phaseName === 'string' ? phaseName : undefined);
    if (!picked.ok) {
      io.err(`dipforge render: ${picked.message}\n`);
      return Exit.usage;
    }
    const p = picked.phase;
    svg = draw(run.config, p.position, { ...options, results: p.results, dislodged: p.dislodged });
  }

  return writeOutput('render', given.options.get('output'), svg, io, inputs);
}

function draw(config: VariantConfig, position: Position, options: RenderOptions): string {
  return renderBoard(config, compileBoard(config), position, options);
}

/**
 * `dipforge render GAME.dipgame [--phase NAME|FROM..TO] [--png] [--lang zh|ja|fi] [-o board.svg]`:
 * an SVG (or PNG) picture of a game at one phase (the position when the phase
 * began, with the phase's orders and their results drawn), or one picture per
 * phase of a range; `dipforge render MAP.dipmap` draws a variant's starting
 * position. Exit codes: 0 drawn, 1 the file has errors (or the picture cannot
 * be written), 2 the command line is wrong (or names no phase of the game).
 * See docs/RENDER.md.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
import { orderLanguages } from '@dipforge/engine';
import { quoted } from '@dipforge/engine/config';
import { oneFileArgs, parseArgs } from '../args.js';
import { outputFile, recordingHost, writeOutput } from '../files.js';
import { Exit, type Io } from '../io.js';
import { failedCode, printDiagnostics, summary } from '../report.js';

export const renderUsage =
  'dipforge render GAME.dipgame|MAP.dipmap [--phase NAME|FROM..TO] [--layout auto|coordinates] [--map regions|graph] [--lang zh|ja|fi] [--png] [-o board.svg]   an SVG (or PNG) of the board at a phase (default: the last)';

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

/** A picture to write: where (an `-o` value) and what. */
interface Picture {
  output: string | true | undefined;
  svg: string;
  /** One of a range of phases: its folder is made when missing. */
  perPhase?: boolean;
}

export async function render(args: string[], io: Io): Promise<number> {
  const parsed = parseArgs(args, [
    { name: 'output', short: 'o', takesValue: true },
    { name: 'phase', takesValue: true },
    { name: 'layout', takesValue: true },
    { name: 'map', takesValue: true },
    { name: 'lang', takesValue: true },
    { name: 'png', takesValue: false },
  ]);
  const given = oneFileArgs(parsed, { name: 'render', usage: renderUsage, none: 'no file given', several: 'give one game or map file' }, io);
  if (typeof given === 'number') return given;
  const { path } = given;
  const wrong = (message: string): number => {
    io.err(`dipforge render: ${message}\nusage: ${renderUsage}\n`);
    return Exit.usage;
  };
  const layout = given.options.get('layout');
  if (layout !== undefined && layout !== 'auto' && layout !== 'coordinates') return wrong(`--layout is auto or coordinates, not ${quoted(String(layout))}`);
  const map = given.options.get('map');
  if (map !== undefined && map !== 'regions' && map !== 'graph') return wrong(`--map is regions or graph, not ${quoted(String(map))}`);
  const lang = given.options.get('lang');
  if (lang !== undefined && (typeof lang !== 'string' || !orderLanguages().includes(lang.toLowerCase()))) return wrong(`--lang takes one of ${orderLanguages().join(', ')}`);
  const png = given.options.has('png');
  const output = given.options.get('output');
  if (png && outputFile(output, io) === undefined) return wrong('a PNG picture is written to a file: give -o FILE');
  const phaseName = given.options.get('phase');
  const options: RenderOptions = typeof layout === 'string' ? { layout: layout as LayoutMode } : {};
  if (typeof map === 'string') options.map = map as MapStyle;
  if (typeof lang === 'string') options.lang = lang.toLowerCase();

  // Every file read (the game, its variant's maps) is an input that -o may not overwrite.
  const inputs = new Set<string>([path]);
  const loader = new VariantLoader({ host: recordingHost(diskHost, inputs) });
  const pictures: Picture[] = [];
  if (path.endsWith('.dipmap')) {
    if (phaseName !== undefined) return wrong('--phase is for game files; a map is drawn at its starting position');
    const result = compileMapFile(path, loader);
    printDiagnostics(result.diagnostics, io);
    if (!result.config) {
      io.err(`dipforge render: not drawn (${summary(result.diagnostics)})\n`);
      return failedCode(result.diagnostics);
    }
    pictures.push({ output, svg: draw(result.config, initialPosition(result.config), options) });
  } else {
    const run = runGameFile(path, new GameWorkspace(loader));
    printDiagnostics(run.diagnostics, io);
    if (run.diagnostics.some((d) => d.severity === 'error') || !run.config) {
      io.err(`dipforge render: not drawn (${summary(run.diagnostics)})\n`);
      return failedCode(run.diagnostics);
    }
    // The game's own language labels the board unless --lang says otherwise.
    const gameLang = run.languages?.labels();
    if (options.lang === undefined && gameLang !== undefined) options.lang = gameLang;
    const all = drawablePhases(run);
    const name = typeof phaseName === 'string' ? phaseName : undefined;
    const range = name?.includes('..') ? pickPhaseRange(all, name) : undefined;
    if (range && !range.ok) return wrong(range.message);
    if (range?.ok) {
      if (outputFile(output, io) === undefined) return wrong('a range of phases is written as one file per phase: give -o FOLDER or -o PATTERN with {phase}');
      for (const p of range.phases) {
        const svg = draw(run.config, p.position, { ...options, results: p.results, dislodged: p.dislodged });
        pictures.push({ output: phaseOutput(String(output), shortPhaseName(p.phase), png ? 'png' : 'svg'), svg, perPhase: true });
      }
    } else {
      const picked = pickPhase(all, name);
      if (!picked.ok) {
        io.err(`dipforge render: ${picked.message}\n`);
        return Exit.usage;
      }
      const p = picked.phase;
      pictures.push({ output, svg: draw(run.config, p.position, { ...options, results: p.results, dislodged: p.dislodged }) });
    }
  }

  // Only a PNG loads the picture renderer and its fonts (a native module and large files).
  const toPng = png ? await (await import('../png.js')).loadSvgToPng() : undefined;
  for (const picture of pictures) {
    if (picture.perPhase) mkdirSync(dirname(resolve(io.cwd, String(picture.output))), { recursive: true });
    const code = writeOutput('render', picture.output, toPng ? toPng(picture.svg, options.lang !== undefined ? { lang: options.lang } : {}) : picture.svg, io, inputs);
    if (code !== Exit.ok) return code;
  }
  return Exit.ok;
}

/**
 * Where one phase of a range goes: `-o` with `{phase}` in it is a pattern
 * (`-o boards/game-{phase}.png`), any other `-o` a folder that gets
 * `S1901M.png` and so on (made when missing).
 */
export function phaseOutput(output: string, phase: string, extension: string): string {
  return output.includes('{phase}') ? output.replaceAll('{phase}', phase) : join(output, `${phase}.${extension}`);
}

/**
 * The phases `FROM..TO` names, both ends included, in playing order; either end
 * may be left out (`S1902M..` to the end, `..F1901M` from the start). Each end
 * is a name `--phase` takes.
 */
export function pickPhaseRange(
  phases: readonly DrawablePhase[],
  range: string,
): { ok: true; phases: DrawablePhase[] } | { ok: false; message: string } {
  const [fromName, toName, ...rest] = range.split('..').map((s) => s.trim());
  if (rest.length > 0) return { ok: false, message: `${quoted(range)} is not a range of phases (FROM..TO)` };
  const end = (n: string | undefined, fallback: number): { ok: true; at: number } | { ok: false; message: string } => {
    if (!n) return { ok: true, at: fallback };
    const picked = pickPhase(phases, n);
    return picked.ok ? { ok: true, at: phases.indexOf(picked.phase) } : picked;
  };
  const from = end(fromName, 0);
  if (!from.ok) return from;
  const to = end(toName, phases.length - 1);
  if (!to.ok) return to;
  if (from.at > to.at) return { ok: false, message: `${quoted(range)} runs backwards: ${fromName} comes after ${toName}` };
  return { ok: true, phases: phases.slice(from.at, to.at + 1) };
}

function draw(config: VariantConfig, position: Position, options: RenderOptions): string {
  return renderBoard(config, compileBoard(config), position, options);
}

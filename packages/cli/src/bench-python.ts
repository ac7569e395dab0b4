/**
 * `dipforge bench --serve --python-engine`: the same movement phases as the
 * serve figures, adjudicated by the Python engine (the `diplomacy` package)
 * through packages/cli/peers/python-engine.py, which times `process()` alone.
 * The engines differ on some rules, so outcomes are counted, not required to
 * agree (docs/BENCH-OUTPUT.md, "The serve protocol").
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Order, PhaseResult, Position } from '@dipforge/engine';
import { median } from './bench-stats.js';
import { agreement, pythonPhase, type PythonOutcome } from './python-notation.js';

export interface PythonEngineFigures {
  /** The interpreter the engine was run by. */
  python: string;
  /** `diplomacy.__version__`. */
  version: string;
  /** Movement phases it adjudicated (the classic phases of the bench's timed games). */
  movementPhases: number;
  /** Its `process()` per movement phase, µs (median and mean). */
  perPhaseUs: { median: number; mean: number };
  /** Move orders compared, and those whose success both engines agree on. */
  moves: number;
  movesAgree: number;
  /** Units compared, and those both engines dislodge or both leave in place. */
  units: number;
  dislodgedAgree: number;
  /** Phases on which every move and every unit agree. */
  phasesAgree: number;
  /** Phases the engine raised an error on (not counted above), and the first few messages. */
  errors: number;
  firstErrors: string[];
}

/** The figures, or null with the reason when the engine cannot be run. */
export type PythonEngineReport = PythonEngineFigures | { unavailable: string };

/** A line of the driver's as JSON; undefined for anything else (a line some start-up code of the interpreter printed). */
function readJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/** Runs the driver with `python`; the first line it writes says whether the engine was found. */
export async function pythonEngineFigures(
  python: string,
  variantId: string,
  movement: readonly { position: Position; orders: Order[]; result: PhaseResult }[],
): Promise<PythonEngineReport> {
  if (variantId !== 'classic') return { unavailable: `the Python engine plays only the classic map, not ${variantId}` };
  const phases = movement.flatMap((m) => {
    const line = pythonPhase(m.position, m.orders);
    return line === undefined ? [] : [{ ...m, line }];
  });
  const driver = fileURLToPath(new URL('../peers/python-engine.py', import.meta.url));
  const child = spawn(python, [driver, python], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : lines.push(line)));
  const ended = new Promise<string>((resolve) => {
    child.on('error', (e) => resolve(`${python} could not be run (${e.message})`));
    child.on('close', (code) => resolve(`${python} ended (exit ${code})${stderr ? `: ${stderr.trim().split('\n').slice(-1)[0]}` : ''}`));
  });
  let end: string | undefined;
  void ended.then((why) => {
    end = why;
    for (const w of waiting.splice(0)) w(undefined);
  });
  const next = (): Promise<string | undefined> =>
    lines.length > 0 ? Promise.resolve(lines.shift()) : end !== undefined ? Promise.resolve(undefined) : new Promise((r) => waiting.push(r));
  const stop = async (): Promise<void> => {
    child.stdin.end();
    await ended;
  };
  child.stdin.on('error', () => undefined); // a driver that ended early: its reason is read from `ended`

  const hello = await next();
  const first = hello === undefined ? undefined : (readJson(hello) as { ready?: boolean; version?: string; unavailable?: string } | undefined);
  if (first?.ready !== true) {
    await stop();
    return { unavailable: first?.unavailable ?? (hello !== undefined ? `${python} answered a line that is not JSON: ${hello.slice(0, 200)}` : await ended) };
  }
  const us: number[] = [];
  const errors: string[] = [];
  const totals = { moves: 0, movesAgree: 0, units: 0, dislodgedAgree: 0, phasesAgree: 0 };
  for (const p of phases) {
    child.stdin.write(`${JSON.stringify(p.line)}\n`);
    const answer = await next();
    if (answer === undefined) return { unavailable: await ended };
    const outcome = readJson(answer) as (PythonOutcome & { error?: string }) | undefined;
    if (outcome === undefined) {
      await stop();
      return { unavailable: `${python} answered a line that is not JSON: ${answer.slice(0, 200)}` };
    }
    if (typeof outcome.error === 'string' || typeof outcome.us !== 'number') {
      errors.push(outcome.error ?? answer.slice(0, 200));
      continue;
    }
    us.push(outcome.us);
    const a = agreement(p.position, p.result, outcome);
    totals.moves += a.moves;
    totals.movesAgree += a.movesAgree;
    totals.units += a.units;
    totals.dislodgedAgree += a.dislodgedAgree;
    totals.phasesAgree += a.phaseAgrees;
  }
  await stop();
  const mean = us.reduce((a, b) => a + b, 0) / Math.max(1, us.length);
  return { python, version: first.version ?? 'unknown', movementPhases: us.length, perPhaseUs: { median: median(us), mean }, ...totals, errors: errors.length, firstErrors: errors.slice(0, 5) };
}

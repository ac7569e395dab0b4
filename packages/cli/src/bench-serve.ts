/**
 * `dipforge bench --serve`: what a movement phase costs through `dipforge
 * serve --stdio` (a child process, newline-delimited JSON), beside the same
 * phases in process (docs/BENCH-OUTPUT.md, "The serve protocol"). One request
 * at a time: each timed movement phase sent statelessly (variant, edition,
 * position, orders as text; a movement phase draws nothing by lot) and its answer awaited. Batched: each timed
 * game sent whole in one `play` request. Every answer's statuses are compared
 * with the game's own results (`mismatches`, 0).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { PythonEngineFigures } from './bench-python.js';
import { median } from './bench-stats.js';
import { Game, formatOrder, type Order, type PhaseResult, type Position, type VariantConfig } from '@dipforge/engine';

export interface ServeFigures {
  /** Movement phases sent one request at a time. */
  movementPhases: number;
  /** `adjudicatePhase` in process on the same phases, µs (median). */
  inProcessUs: number;
  /** The game object in process (`Game.advance` with the orders as text, from the position), µs (median). */
  gameObjectUs: number;
  /** One `adjudicate` request per phase, round trip, µs (median and mean). */
  perRequestUs: { median: number; mean: number };
  /** Requests answered per second, one at a time (1e6 / mean). */
  requestsPerSecond: number;
  /**
   * Whole games in one `play` request each (`brief`): phases of every kind, µs per phase, and phases per second;
   * `inProcessPerPhaseUs`: the same games played by the game object in process, timed the same way (the whole
   * time over the phases, so a busy machine weighs on both alike).
   */
  batched: { games: number; phases: number; perPhaseUs: number; phasesPerSecond: number; inProcessPerPhaseUs: number };
  /** Answers whose order statuses differ from the game's (always 0). */
  mismatches: number;
  /**
   * `--python-engine`: the Python engine (`diplomacy`) on the same movement phases; null when it could not be
   * run, with the reason in `pythonEngineUnavailable`; absent without the option.
   */
  pythonEngine?: PythonEngineFigures | null;
  pythonEngineUnavailable?: string;
}

type Ask = (request: unknown) => Promise<{ ok: boolean; result?: Record<string, unknown>; error?: { message: string } }>;

const now = (): bigint => process.hrtime.bigint();
const micros = (a: bigint, b: bigint): number => Number(b - a) / 1000;

function startServer(): { ask: Ask; close: () => Promise<void> } {
  const bin = fileURLToPath(new URL('../bin/dipforge.js', import.meta.url));
  const child = spawn(process.execPath, [bin, 'serve', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const ask: Ask = (request) =>
    new Promise((resolve) => {
      waiting.push((line) => resolve(JSON.parse(line)));
      child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  const close = () =>
    new Promise<void>((resolve) => {
      child.on('exit', () => resolve());
      child.stdin.end();
    });
  return { ask, close };
}

/** The timed phases and games of the bench, through the protocol. */
export async function serveFigures(
  config: VariantConfig,
  builtin: string | undefined,
  movement: readonly { position: Position; orders: Order[]; result: PhaseResult }[],
  games: readonly { seed: number; phases: { orders: Order[] }[] }[],
): Promise<ServeFigures> {
  const server = startServer();
  // A built-in variant goes by name; any other as its whole config.
  const variant = builtin !== undefined ? { variant: builtin, edition: config.rules.edition } : { config };
  const texts = movement.map((p) => p.orders.map((o) => `${o.power}: ${formatOrder(o)}`));
  let mismatches = 0;
  const sameStatuses = (answered: { status: string }[], result: PhaseResult): boolean =>
    answered.length === result.results.length && answered.every((r, i) => r.status === result.results[i]!.status);

  // Warm both sides (the compiler, the server's board cache) on the first phases.
  for (let i = 0; i < Math.min(50, movement.length); i++) {
    await server.ask({ id: i, method: 'adjudicate', params: { ...variant, position: movement[i]!.position, orders: texts[i] } });
  }
  const perRequest: number[] = [];
  for (let i = 0; i < movement.length; i++) {
    const { position, result } = movement[i]!;
    const t0 = now();
    const answer = await server.ask({ id: i, method: 'adjudicate', params: { ...variant, position, orders: texts[i] } });
    perRequest.push(micros(t0, now()));
    const report = answer.result?.['report'] as { orders: { status: string }[] } | undefined;
    if (!answer.ok || !report || !sameStatuses(report.orders, result)) mismatches++;
  }

  const inProcess: number[] = [];
  const gameObject: number[] = [];
  const { adjudicatePhase, compileBoard } = await import('@dipforge/engine');
  const board = compileBoard(config);
  for (let i = 0; i < movement.length; i++) {
    const { position, orders } = movement[i]!;
    const t0 = now();
    adjudicatePhase(board, position, orders, config.rules);
    const t1 = now();
    const game = builtin !== undefined ? Game.start(builtin, { edition: config.rules.edition, position }) : Game.fromConfig(config, { position });
    const t2 = now();
    game.advance(texts[i]!);
    const t3 = now();
    inProcess.push(micros(t0, t1));
    gameObject.push(micros(t2, t3));
  }

  let phases = 0;
  const t0 = now();
  for (const [i, g] of games.entries()) {
    const answer = await server.ask({ id: i, method: 'play', params: { ...variant, seed: g.seed, brief: true, phases: g.phases.map((p) => p.orders) } });
    if (!answer.ok) mismatches++;
    phases += Number(answer.result?.['played'] ?? 0);
  }
  const batchUs = micros(t0, now());
  await server.close();
  let localPhases = 0;
  const t1 = now();
  for (const g of games) {
    const game = builtin !== undefined ? Game.start(builtin, { edition: config.rules.edition, seed: g.seed }) : Game.fromConfig(config, { seed: g.seed });
    for (const p of g.phases) {
      if (game.result().over) break;
      game.advance(p.orders);
      localPhases++;
    }
  }
  const localUs = micros(t1, now());
  const mean = perRequest.reduce((a, b) => a + b, 0) / Math.max(1, perRequest.length);
  return {
    movementPhases: movement.length,
    inProcessUs: median(inProcess),
    gameObjectUs: median(gameObject),
    perRequestUs: { median: median(perRequest), mean },
    requestsPerSecond: mean > 0 ? 1e6 / mean : 0,
    batched: {
      games: games.length,
      phases,
      perPhaseUs: phases > 0 ? batchUs / phases : 0,
      phasesPerSecond: batchUs > 0 ? (phases * 1e6) / batchUs : 0,
      inProcessPerPhaseUs: localPhases > 0 ? localUs / localPhases : 0,
    },
    mismatches,
  };
}

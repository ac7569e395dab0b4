/**
 * One input through everything that reads files: the DSL's public API
 * (check, compile, play with the game workspace and runner) and the CLI's
 * `main` in process, its output captured. Runs inside a worker process (see
 * worker.ts), in that worker's own copy of the corpus, with the mutant
 * written in place of the file it came from, so that what the file imports,
 * extends or plays is found as it would be in the repository.
 *
 * What counts as a failure: an exception out of the API (every stage promises
 * diagnostics, never a throw, for bad input), an exception out of `main` or its
 * exit code 3 (an internal error where the input's problem was due), exit code 2
 * (the command line here is always right), a diagnostic whose range or shape is
 * wrong, a config present with errors or absent without. Hangs and memory are
 * the watchdog's business (pool.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '@dipforge/cli';
import { checkGameFile, Codes, checkMapFile, compileMapFile, GameWorkspace, hasErrors, runGameFile, testGameFile, VariantLoader, type Diagnostic } from '@dipforge/dsl';
import { diagnosticsProblems } from './ranges.js';

export interface Finding {
  kind: 'crash' | 'range' | 'shape' | 'exit';
  /** Which call: `check`, `compile`, `play`, `cli check`, … */
  stage: string;
  /** What makes two findings the same defect: stage, kind and the message without numbers or paths. */
  signature: string;
  detail: string;
}

export interface TargetInput {
  rel: string;
  kind: 'map' | 'game';
  /** For a map, a game that plays it. */
  game?: string;
  extra: number;
}

/** Planted faults, for the fuzzer's own tests: a marker in the text makes the worker misbehave on purpose. */
export const PLANT = { crash: 'FUZZ-PLANT-CRASH', range: 'FUZZ-PLANT-RANGE', hang: 'FUZZ-PLANT-HANG', memory: 'FUZZ-PLANT-MEMORY' } as const;

const EDITIONS = ['2000', '1982', '1971', 'old-rules', 'online-5', 'no-such-edition'];
const GAME_EXTRAS = [['adjudicate'], ['adjudicate', '--json'], ['adjudicate', '--lang', 'zh'], ['diff', '--vs', '1971'], ['diff', '--vs', 'old-rules', '--json'], ['render']];
const MAP_EXTRAS = [['render'], ['render', '--layout', 'auto']];

/** Output kept per stream of a CLI call (a mutant may make it print megabytes). */
const KEEP = 16_384;

export async function runTargets(tree: string, input: TargetInput, stage: (name: string) => void, plant = false): Promise<{ findings: Finding[]; diagnostics: number }> {
  const findings: Finding[] = [];
  const path = join(tree, input.rel);
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string): string | undefined => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(file, 'utf8'));
      } catch {
        texts.set(file, undefined);
      }
    }
    return texts.get(file);
  };
  let diagnosticCount = 0;
  const checkDiagnostics = (name: string, list: readonly Diagnostic[]): void => {
    diagnosticCount += list.length;
    for (const p of diagnosticsProblems(list, textOf)) {
      findings.push({ kind: p.kind, stage: name, signature: `${name}: ${p.kind}: ${normalize(p.text.replace(/^\S+ "(?:[^"\\]|\\.)*" @\S+: /, ''))}`, detail: p.text });
    }
  };
  const guarded = async (name: string, fn: () => void | Promise<void>): Promise<void> => {
    stage(name);
    try {
      await fn();
    } catch (e) {
      findings.push(crash(name, e, tree));
    }
  };

  if (plant) {
    // The fuzzer's own tests: the planted fault alone, so that minimizing it takes no time.
    await guarded('plant', () => planted(textOf(path) ?? '', checkDiagnostics, path));
    return { findings, diagnostics: diagnosticCount };
  }

  // A fresh loader per input, shared by its API stages (as one editor session would share it): a
  // failure then depends on the input alone, not on what ran before.
  const loader = new VariantLoader({ builtinDir: join(tree, 'variants') });
  const games = new GameWorkspace(loader);
  if (input.kind === 'map') {
    await guarded('check', () => checkDiagnostics('check', checkMapFile(path, loader).diagnostics));
    await guarded('compile', () => {
      const result = compileMapFile(path, loader);
      checkDiagnostics('compile', result.diagnostics);
      if (hasErrors(result.diagnostics) === (result.config !== undefined)) {
        const what = result.config ? 'a config despite errors' : 'no config and no error';
        findings.push({ kind: 'shape', stage: 'compile', signature: `compile: shape: ${what}`, detail: what });
      }
    });
    if (input.game) {
      const game = join(tree, input.game);
      await guarded('play', () => checkDiagnostics('play', testGameFile(game, games).run.diagnostics));
    }
  } else {
    await guarded('check', () => checkDiagnostics('check', checkGameFile(path, games).diagnostics));
    const edition = EDITIONS[input.extra % EDITIONS.length] as string;
    await guarded('play', () => checkDiagnostics('play', runGameFile(path, games, { edition }).diagnostics));
  }

  const commands = [['check', input.rel], input.kind === 'map' ? ['compile', input.rel] : ['test', input.rel]];
  const extras = input.kind === 'map' ? MAP_EXTRAS : GAME_EXTRAS;
  const extra = extras[(input.extra >> 4) % extras.length] as string[];
  commands.push([extra[0] as string, input.rel, ...extra.slice(1)]);
  for (const args of commands) {
    const name = `cli ${[args[0], ...args.slice(2)].join(' ')}`;
    await guarded(name, async () => {
      const err = new Capture();
      const out = new Capture();
      const code = await main(args, { out: (s) => out.add(s), err: (s) => err.add(s), cwd: tree });
      if (code === 3) {
        const said = /internal error: (.*)/.exec(err.text)?.[1] ?? err.text.slice(0, 200);
        findings.push({ kind: 'crash', stage: name, signature: `${name}: exit 3: ${normalize(said)}`, detail: `exit 3: ${err.text.slice(0, 2000)}` });
      } else if (code !== 0 && code !== 1) {
        findings.push({ kind: 'exit', stage: name, signature: `${name}: exit ${code}`, detail: `exit ${code}: ${err.text.slice(0, 2000)}` });
      }
    });
  }
  return { findings, diagnostics: diagnosticCount };
}

/** A stream's first KEEP characters (a mutant can make a command print a great deal). */
class Capture {
  text = '';
  add(s: string): void {
    if (this.text.length < KEEP) this.text += s.slice(0, KEEP - this.text.length);
  }
}

function crash(stage: string, e: unknown, tree: string): Finding {
  const error = e instanceof Error ? e : new Error(String(e));
  const frame = (error.stack ?? '').split('\n').find((l) => /^\s+at /.test(l)) ?? '';
  const where = frame.replace(/^\s+at /, '').replace(/\(?(?:file:\/\/)?[^()\s]*\/([^/()\s]+):(\d+):\d+\)?/, '($1:$2)');
  return {
    kind: 'crash',
    stage,
    signature: `${stage}: ${error.name}: ${normalize(error.message)} at ${where}`,
    detail: (error.stack ?? error.message).split(tree).join('<tree>').slice(0, 4000),
  };
}

/** A message without what varies from one input to the next (numbers, quoted text), cut short. */
export function normalize(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/'[^']*'|"[^"]*"|`[^`]*`/g, 'Q')
    .replace(/\d+/g, 'N')
    .slice(0, 160);
}

/** The planted faults (PLANT): how the fuzzer's tests see that each kind of failure is caught. */
function planted(text: string, checkDiagnostics: (name: string, list: readonly Diagnostic[]) => void, file: string): void {
  if (text.includes(PLANT.crash)) throw new Error('planted crash');
  if (text.includes(PLANT.range)) {
    const at = { offset: text.length + 1, line: 0, column: text.length + 1 };
    checkDiagnostics('plant', [{ code: Codes.syntaxError.code, severity: Codes.syntaxError.severity, message: 'planted', file, range: { start: at, end: at } }]);
  }
  if (text.includes(PLANT.hang)) for (;;);
  if (text.includes(PLANT.memory)) {
    // 32 MB at a time: the heap fills in a few allocations (the collector's last tries take the time).
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1 << 22).fill(hoard.length + 0.5));
  }
}

/**
 * A distinct failure of the file fuzzer and its reproducer on disk: the
 * minimized mutant, named after the file it stands in for, and a note saying
 * what failed, where the mutant goes and which command shows it again.
 */
import { writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

export type FailureKind = 'crash' | 'hang' | 'range' | 'shape' | 'exit' | 'memory';

export interface Failure {
  kind: FailureKind;
  stage: string;
  signature: string;
  detail: string;
  /** Inputs that failed this way (the first 20) and how many in all. */
  inputs: number[];
  count: number;
  seed: number;
  /** The corpus file the first input mutated, and how. */
  rel: string;
  how: string;
  /** The game played with a mutated map. */
  game?: string;
  /** Which further CLI command ran (TargetInput.extra). */
  extra: number;
  /** The minimized reproducer's path. */
  reproducer?: string;
}

/** Writes the reproducer (and the unminimized input beside it) with its note; returns the reproducer's path. */
export function saveReproducer(out: string, index: number, f: Failure, minimized: Uint8Array, original: Uint8Array): string {
  const ext = posix.extname(f.rel);
  const base = join(out, `${String(index).padStart(3, '0')}-${f.kind}-${f.stage.replace(/[^a-z0-9]+/gi, '-')}`);
  const path = `${base}${ext}`;
  writeFileSync(path, minimized);
  writeFileSync(`${base}.unminimized${ext}`, original);
  const cliStage = f.stage.startsWith('cli ');
  const replay = `node scripts/fuzz.mjs files --replay ${path} --as ${f.rel} --extra ${f.extra}${f.game ? ` --game ${f.game}` : ''}`;
  const command = cliStage ? `dipforge ${f.stage.slice(4).split(' ')[0]} ${f.rel}${f.stage.split(' ').slice(2).map((a) => ` ${a}`).join('')}` : replay;
  const note = [
    `${f.kind} at ${f.stage}`,
    `signature: ${f.signature}`,
    `seed ${f.seed}, input ${f.inputs[0]} (${f.count} input${f.count === 1 ? '' : 's'} in all: ${f.inputs.join(', ')}${f.count > f.inputs.length ? ', …' : ''})`,
    `mutant of ${f.rel} by ${f.how}${f.game ? `; the game played with it: ${f.game}` : ''}`,
    `minimized: ${minimized.length} bytes (from ${original.length})`,
    `to reproduce: put ${posix.basename(path)} in place of ${f.rel} and run \`${command}\` from the repository root`,
    `or: ${replay}`,
    `or (unminimized): node scripts/fuzz.mjs files --seed ${f.seed} --input ${f.inputs[0]}`,
    '',
    f.detail,
    '',
  ].join('\n');
  writeFileSync(`${base}.txt`, note);
  return path;
}

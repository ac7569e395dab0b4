/**
 * A small argument reader: positional arguments and `--flag value` options,
 * with every mistake reported as a usage error rather than guessed at.
 */
export interface OptionSpec {
  /** Long name without dashes, e.g. `output`. */
  name: string;
  short?: string;
  takesValue: boolean;
}

import { resolve } from 'node:path';
import { outputIsInput } from './files.js';
import { echo, numberProblem } from '@dipforge/engine/config';
import { Exit, type Io } from './io.js';

export type Parsed = { ok: true; positional: string[]; options: Map<string, string | true> } | { ok: false; message: string };

export function parseArgs(args: string[], specs: OptionSpec[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      for (const rest of args.slice(i + 1)) positional.push(rest); // not push(...): a command line can be long
      break;
    }
    if (arg.startsWith('-') && arg !== '-') {
      const [flag, inline] = arg.startsWith('--') ? splitOnce(arg.slice(2)) : [arg.slice(1), undefined];
      const spec = specs.find((s) => (arg.startsWith('--') ? s.name === flag : s.short === flag));
      if (!spec) return { ok: false, message: `unknown option ${echo(arg)}` };
      if (!spec.takesValue) {
        if (inline !== undefined) return { ok: false, message: `--${spec.name} takes no value` };
        options.set(spec.name, true);
        continue;
      }
      const value = inline ?? args[++i];
      if (value === undefined) return { ok: false, message: `${echo(arg)} needs a value` };
      options.set(spec.name, value);
      continue;
    }
    positional.push(arg);
  }
  return { ok: true, positional, options };
}

function splitOnce(s: string): [string, string | undefined] {
  const i = s.indexOf('=');
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** How a command that takes one file names itself, and what it says when given none or several. */
export interface OneFileCommand {
  name: string;
  usage: string;
  none: string;
  several: string;
}

/**
 * The options and the one file (as an absolute path) of a command that takes
 * one file; on a mistake, the usage error is reported and its exit code given.
 * An `-o` that names the file itself is such a mistake: writing would destroy it.
 */
export function oneFileArgs(parsed: Parsed, command: OneFileCommand, io: Io): { options: Map<string, string | true>; path: string } | number {
  if (!parsed.ok || parsed.positional.length !== 1) {
    const why = !parsed.ok ? parsed.message : parsed.positional.length === 0 ? command.none : command.several;
    io.err(`dipforge ${command.name}: ${why}\nusage: ${command.usage}\n`);
    return Exit.usage;
  }
  const path = resolve(io.cwd, parsed.positional[0]!);
  if (outputIsInput(command.name, parsed.options.get('output'), [path], io)) return Exit.usage;
  return { options: parsed.options, path };
}

/**
 * A whole-number option (`--jobs 2`): `fallback` when absent, else the number, or what is wrong
 * with it — past its bounds said as too large or too small, with the number as written (never `1e+25`).
 */
export function readCount(value: string | true | undefined, name: string, fallback: number, min: number, max: number): number | string {
  if (value === undefined) return fallback;
  if (value === true || !/^\d+$/.test(value)) return `--${name} needs a whole number`;
  return numberProblem(value, { what: `--${name}`, min, max, whole: true }) ?? Number(value);
}

/**
 * A small argument reader: positional arguments and `--flag value` options,
 * with every mistake reported as a usage error rather than guessed at. Apart from
 * args.ts (which reads files' paths through the languages), so that a command
 * can read its options without loading them.
 */
import { echo, numberProblem } from '@dipforge/engine/config';

export interface OptionSpec {
  /** Long name without dashes, e.g. `output`. */
  name: string;
  short?: string;
  takesValue: boolean;
}

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

/**
 * A whole-number option (`--jobs 2`): `fallback` when absent, else the number, or what is wrong
 * with it — past its bounds said as too large or too small, with the number as written (never `1e+25`).
 */
export function readCount(value: string | true | undefined, name: string, fallback: number, min: number, max: number): number | string {
  if (value === undefined) return fallback;
  if (value === true || !/^\d+$/.test(value)) return `--${name} needs a whole number`;
  return numberProblem(value, { what: `--${name}`, min, max, whole: true }) ?? Number(value);
}

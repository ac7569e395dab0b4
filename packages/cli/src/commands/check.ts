import { resolve } from 'node:path';
import { checkGameFile, checkMapFile, GameWorkspace, VariantLoader, type Diagnostic } from '@dipforge/dsl';
import { parseArgs } from '../args.js';
import { Exit, type Io } from '../io.js';
import { displayPath, exitCode, printDiagnostics, summary } from '../report.js';

export const checkUsage = 'dipforge check FILE…   report the problems in .dipmap and .dipgame files';

export function check(args: string[], io: Io): number {
  const parsed = parseArgs(args, [{ name: 'quiet', short: 'q', takesValue: false }]);
  if (!parsed.ok || parsed.positional.length === 0) {
    io.err(`dipforge check: ${parsed.ok ? 'no file given' : parsed.message}\nusage: ${checkUsage}\n`);
    return Exit.usage;
  }
  const loader = new VariantLoader();
  const games = new GameWorkspace(loader);
  const all: Diagnostic[] = [];
  // A file reached from two checked files (an import, a base variant) reports its problems once.
  const seen = new Set<string>();
  for (const file of parsed.positional) {
    const path = resolve(io.cwd, file);
    if (!path.endsWith('.dipmap') && !path.endsWith('.dipgame')) {
      io.err(`dipforge check: ${displayPath(path, io.cwd)}: only .dipmap and .dipgame files can be checked\n`);
      return Exit.usage;
    }
    const { diagnostics } = path.endsWith('.dipgame') ? checkGameFile(path, games) : checkMapFile(path, loader);
    const fresh = diagnostics.filter((d) => {
      const key = `${d.file}\0${d.range.start.offset}\0${d.code}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const d of fresh) all.push(d); // not push(...fresh): a huge argument list overflows the stack
    printDiagnostics(fresh, io);
  }
  if (!parsed.options.has('quiet')) io.err(`${summary(all)}\n`);
  return exitCode(all);
}

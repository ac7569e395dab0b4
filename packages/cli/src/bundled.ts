/**
 * `dipforge check` from its single-file bundle (dist/check-bundle.js, written by
 * scripts/cli-bundle.mjs at `npm run build`): one module to load instead of some two hundred.
 * The bundle is used only while it is newer than the last build of every package it holds, so
 * that a build with `tsc -b` alone runs what it built; a bundle that cannot load runs the
 * command's own module instead. Either way the command is the same code.
 */
import { statSync } from 'node:fs';
import type * as CheckCommand from './commands/check.js';

const BUNDLE = new URL('./check-bundle.js', import.meta.url);

/** The build records of the packages in the bundle (present in the repository, not in an install). */
const BUILDS = ['cli', 'dsl', 'engine'].map((pkg) => new URL(`../../${pkg}/tsconfig.tsbuildinfo`, import.meta.url));

const modified = (url: URL): number | undefined => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

function bundleIsCurrent(): boolean {
  const made = modified(BUNDLE);
  if (made === undefined) return false;
  return BUILDS.every((record) => (modified(record) ?? 0) <= made);
}

export async function checkCommand(): Promise<typeof CheckCommand> {
  if (bundleIsCurrent()) {
    try {
      return (await import(BUNDLE.href)) as typeof CheckCommand;
    } catch {
      // A bundle this Node cannot load: the modules below are the same command.
    }
  }
  return import('./commands/check.js');
}

/**
 * Commands from their single-file bundles (dist/*-bundle.js, written by scripts/cli-bundle.mjs at
 * `npm run build`): one module to load instead of some two hundred. `dipforge check` runs from
 * check-bundle.js, each worker thread of `dipforge test` (and its main thread) from
 * test-bundle.js. A bundle is used only while it is newer than the last build of every package
 * it holds, so that a build with `tsc -b` alone runs what it built; a bundle that cannot load runs
 * the command's own modules instead. Either way the command is the same code.
 */
import { statSync } from 'node:fs';
import type * as CheckCommand from './commands/check.js';
import type * as Tester from './commands/tester.js';

/** The build records of the packages in the bundles (present in the repository, not in an install). */
const BUILDS = ['cli', 'dsl', 'engine'].map((pkg) => new URL(`../../${pkg}/tsconfig.tsbuildinfo`, import.meta.url));

const modified = (url: URL): number | undefined => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

/** The bundle of that name when it is there and current, else undefined. */
export function currentBundle(name: 'check' | 'test'): URL | undefined {
  const bundle = new URL(`./${name}-bundle.js`, import.meta.url);
  const made = modified(bundle);
  if (made === undefined) return undefined;
  return BUILDS.every((record) => (modified(record) ?? 0) <= made) ? bundle : undefined;
}

async function fromBundle<T>(name: 'check' | 'test', own: () => Promise<T>): Promise<T> {
  const bundle = currentBundle(name);
  if (bundle) {
    try {
      return (await import(bundle.href)) as T;
    } catch {
      // A bundle this Node cannot load: the modules below are the same code.
    }
  }
  return own();
}

export const checkCommand = (): Promise<typeof CheckCommand> => fromBundle('check', () => import('./commands/check.js'));

/** What tests a game file (`dipforge test`): a thread loads it once and tests every file it is given with it. */
export const tester = (): Promise<typeof Tester> => fromBundle('test', () => import('./commands/tester.js'));

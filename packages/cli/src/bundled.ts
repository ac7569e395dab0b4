/**
 * Commands from their single-file bundles (dist/NAME-bundle.js, written by scripts/cli-bundle.mjs
 * at `npm run build`): one script to compile instead of some two hundred modules to load, compiled
 * with the V8 code cache written beside it (NAME-bundle.cache) where V8 accepts it. `dipforge
 * check` runs from check-bundle.js; `dipforge test`, and each of its worker threads, from test-bundle.js. A bundle
 * is used only while it is newer than the last build of every package it holds, so that a build
 * with `tsc -b` alone runs what it built; a bundle that cannot load runs the command's own modules
 * instead. Either way the command is the same code.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type * as CheckCommand from './commands/check.js';
import type * as Tester from './commands/tester.js';

const modified = (url: URL): number | undefined => statSync(url, { throwIfNoEntry: false })?.mtimeMs;

/**
 * dist/NAME-bundle.js when it is there and newer than the last build (`tsconfig.tsbuildinfo`) of
 * each package it holds, else undefined. A package without a build record (an install, not the
 * repository) counts as built before the bundle when `noRecord` is 'older', as never when 'stale'.
 */
export function currentBundleOf(name: string, packages: readonly string[], noRecord: 'older' | 'stale'): URL | undefined {
  const bundle = new URL(`./${name}-bundle.js`, import.meta.url);
  const made = modified(bundle);
  if (made === undefined) return undefined;
  const current = packages.every((pkg) => {
    const built = modified(new URL(`../../${pkg}/tsconfig.tsbuildinfo`, import.meta.url));
    return built === undefined ? noRecord === 'older' : built <= made;
  });
  return current ? bundle : undefined;
}

/** The bundle of that name when it is there and current, else undefined. */
export function currentBundle(name: 'check' | 'test'): URL | undefined {
  return currentBundleOf(name, ['cli', 'dsl', 'engine'], 'older');
}

/**
 * Runs a bundle (a function expression over `require`, `module`, `exports` and
 * `__dipforgeMeta`: scripts/cli-bundle.mjs) and gives its exports, and the compiled script
 * (whose code cache the build takes). `cachedData` is the code cache, which V8 may refuse.
 * `__dipforgeMeta.dist` is this module's URL: the command line's own modules (a worker's) are
 * found from it, wherever the bundle was written.
 */
export function loadBundle(bundle: URL, cachedData: Buffer | undefined): { exports: unknown; script: Script } {
  const filename = fileURLToPath(bundle);
  const script = new Script(readFileSync(filename, 'utf8'), { filename, ...(cachedData ? { cachedData } : {}) });
  const run = script.runInThisContext() as (require: NodeRequire, module: { exports: unknown }, exports: unknown, meta: { resolve: (specifier: string) => string; dist: string }) => void;
  const module = { exports: {} as unknown };
  // The bundle sits in this folder: it resolves packages as this module does.
  run(createRequire(filename), module, module.exports, { resolve: (specifier) => import.meta.resolve(specifier), dist: import.meta.url });
  return { exports: module.exports, script };
}

/**
 * The exports of `bundle` (dist/NAME-bundle.js), compiled from its code cache when there is one;
 * `own` (the same code from its modules) when the bundle is undefined or this Node cannot run it.
 */
export async function fromBundle<T>(name: string, bundle: URL | undefined, own: () => Promise<T>): Promise<T> {
  if (bundle) {
    try {
      let cache: Buffer | undefined;
      try {
        cache = readFileSync(new URL(`./${name}-bundle.cache`, import.meta.url));
      } catch {
        // No cache: the bundle is compiled as it is.
      }
      return loadBundle(bundle, cache).exports as T;
    } catch {
      // A bundle this Node cannot run: the modules are the same code.
    }
  }
  return own();
}

export const checkCommand = (): Promise<typeof CheckCommand> => fromBundle('check', currentBundle('check'), () => import('./commands/check.js'));

/** The `dipforge test` command and what tests a game file: a thread loads it once and tests every file it is given with it. */
export const tester = (): Promise<typeof Tester> => fromBundle('test', currentBundle('test'), () => import('./commands/tester.js'));

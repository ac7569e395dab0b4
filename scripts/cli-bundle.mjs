// Writes packages/cli/dist/check-bundle.js, the `dipforge check` command with everything it runs
// (the languages, the engine's checks, chevrotain), and dist/test-bundle.js, the `dipforge test`
// command and what each of its threads loads to test game files (commands/tester.js), each as one script, and beside
// each its V8 code cache (NAME-bundle.cache). Loading some two hundred modules one by one costs a
// `dipforge check` run about a third of its time, and each thread of `dipforge test` as much
// again; one file is read and compiled once, and esbuild leaves out what the command never
// reaches. The code cache spares the compiling too: it holds the bytecode of every function a
// typical run reached (a check of the classic map; a test of a game), made by running the bundle
// once here. V8 takes it only from the same Node and V8 flags and for the same text, and compiles
// the script itself otherwise, so a stale or foreign cache costs time, never a wrong result.
//
// A bundle is a function expression, `(function (require, module, exports, __dipforgeMeta) {…})`,
// holding the modules in CommonJS form: a script, unlike an ES module, can be compiled with a
// code cache on Node 20 (vm.Script's cachedData). packages/cli/src/bundled.ts loads it, giving
// `__dipforgeMeta.resolve`, its own `import.meta.resolve` (the bundle sits in the same folder), and
// `__dipforgeMeta.dist`, its own URL.
//   node scripts/cli-bundle.mjs [OUTFILE [check|test]]    after `tsc -b` (reads the packages' dist/)
// `npm run build` runs it (both bundles and their caches). The command line uses a bundle only
// while it is newer than the last build of the packages it holds (bundled.ts), so a plain `tsc -b`
// is never shadowed.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The bundles by name: their entry modules, after `tsc -b`. */
const ENTRIES = {
  check: join(root, 'packages/cli/dist/commands/check.js'),
  test: join(root, 'packages/cli/dist/commands/tester.js'),
};

export const bundleFile = (name) => join(root, `packages/cli/dist/${name}-bundle.js`);

/** chevrotain's own single-file build (packages/dsl/src/chevrotain.ts says why), found next to its entry point. */
const chevrotainBundle = join(dirname(createRequire(join(root, 'packages/dsl/package.json')).resolve('chevrotain')), '..', 'chevrotain.mjs');

/**
 * A module that finds files next to itself (`import.meta.url`) must still find them from the
 * bundle: its own URL is worked out where the package is installed, by resolving the package
 * (`@dipforge/variants` is not a dependency of the command line: it is resolved from the dsl).
 */
function ownUrl(file) {
  const rel = relative(root, file).split(sep);
  if (rel[0] === 'variants') {
    const variantsMain = "require('node:module').createRequire(require('node:url').fileURLToPath(__dipforgeMeta.resolve('@dipforge/dsl'))).resolve('@dipforge/variants')";
    return `new URL(${JSON.stringify(rel.slice(1).join('/'))}, require('node:url').pathToFileURL(${variantsMain})).href`;
  }
  // The command line's own modules (a worker thread's entry) from its dist/ folder, where bundled.js is.
  if (rel[0] === 'packages' && rel[1] === 'cli' && rel[2] === 'dist') return `new URL(${JSON.stringify(`./${rel.slice(3).join('/')}`)}, __dipforgeMeta.dist).href`;
  if (rel[0] === 'packages' && rel[2] === 'dist') {
    // Relative to the package's main module, dist/index.js.
    return `new URL(${JSON.stringify(`./${rel.slice(3).join('/')}`)}, __dipforgeMeta.resolve('@dipforge/${rel[1]}')).href`;
  }
  throw new Error(`${relative(root, file)} uses import.meta.url: the bundle does not know where it is`);
}

const plugin = {
  name: 'dipforge-cli-bundle',
  setup(b) {
    b.onResolve({ filter: /^chevrotain$/ }, () => ({ path: chevrotainBundle }));
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      // The dsl loads chevrotain's single-file build at run time; the bundle holds it.
      if (args.path.endsWith(join('dsl', 'dist', 'chevrotain.js'))) {
        contents = contents.replace('await chevrotainModule(import.meta.url)', '__dipforgeChevrotain');
        contents = `import * as __dipforgeChevrotain from 'chevrotain';\n${contents}`;
      }
      if (contents.includes('import.meta.url')) contents = contents.replaceAll('import.meta.url', ownUrl(args.path));
      return { contents, loader: 'js' };
    });
  },
};

/** Runs the bundle once as a command would, for its code cache (see above); returns the cache. */
async function cacheOf(file, name) {
  const { loadBundle } = await import(pathToFileURL(join(root, 'packages/cli/dist/bundled.js')).href);
  const quiet = { out: () => {}, err: () => {}, cwd: root };
  const { exports, script } = loadBundle(pathToFileURL(file), undefined);
  if (name === 'check') exports.check([join(root, 'variants/classic/classic.dipmap')], quiet);
  else {
    // Games of the project's tests, where the repository has them (an install builds without): a rules case, and
    // the imported and random games, which reach what a folder of real games reaches (their results, units and
    // owners lines, retreats and adjustments), so that a test of such a folder finds that code compiled.
    const rules = join(root, 'test', 'rules');
    const game = existsSync(rules) ? readdirSync(rules).find((n) => n.endsWith('.dipgame')) : undefined;
    const games = join(root, 'test', 'games');
    const files = [...(game ? [join(rules, game)] : []), ...(existsSync(games) ? [games] : [])];
    if (files.length > 0) await exports.test(files, quiet);
  }
  return script.createCachedData();
}

/** Writes the module `entry` (a packages' dist/ file) with everything it imports as one script, in the form above. */
export async function scriptBundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    // Without comments the bundle is ASCII (esbuild escapes other characters in the code), so
    // that it is read into a one-byte string: a third of the reading time of the text with them.
    minifyWhitespace: true,
    charset: 'ascii',
    plugins: [plugin],
    banner: { js: '(function (require, module, exports, __dipforgeMeta) {' },
    footer: { js: '})' },
  });
}

/** Writes the bundle `name` to `outfile` and its code cache beside it (`.cache` for `.js`). */
export async function bundle(outfile, name = 'check') {
  await scriptBundle(ENTRIES[name], outfile);
  writeFileSync(outfile.replace(/\.js$/, '.cache'), await cacheOf(outfile, name));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [outfile, name] = process.argv.slice(2);
  if (outfile) await bundle(outfile, name);
  else for (const n of Object.keys(ENTRIES)) await bundle(bundleFile(n), n);
}

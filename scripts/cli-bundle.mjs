// Writes packages/cli/dist/check-bundle.js, the `dipforge check` command with everything it runs
// (the languages, the engine's checks, chevrotain) as one ES module, and dist/test-bundle.js, what
// a thread of `dipforge test` loads to test game files (commands/tester.js). Loading some two
// hundred modules one by one costs a `dipforge check` run about a third of its time, and each
// thread of `dipforge test` as much again; one file is resolved, read and compiled once, and
// esbuild leaves out what the command never reaches.
//   node scripts/cli-bundle.mjs [OUTFILE [check|test]]    after `tsc -b` (reads the packages' dist/)
// `npm run build` runs it (both bundles). The command line uses a bundle only while it is newer
// than the last build of the packages it holds (packages/cli/src/bundled.ts), so a plain `tsc -b`
// is never shadowed.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
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
    const variantsMain = "__dipforgeRequire(__dipforgeFileURLToPath(import.meta.resolve('@dipforge/dsl'))).resolve('@dipforge/variants')";
    return `new URL(${JSON.stringify(rel.slice(1).join('/'))}, __dipforgePathToFileURL(${variantsMain})).href`;
  }
  if (rel[0] === 'packages' && rel[2] === 'dist') {
    // Relative to the package's main module, dist/index.js.
    return `new URL(${JSON.stringify(`./${rel.slice(3).join('/')}`)}, import.meta.resolve('@dipforge/${rel[1]}')).href`;
  }
  throw new Error(`${relative(root, file)} uses import.meta.url: the bundle does not know where it is`);
}

const plugin = {
  name: 'dipforge-check-bundle',
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

export async function bundle(outfile, name = 'check') {
  await build({
    entryPoints: [ENTRIES[name]],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [plugin],
    banner: {
      js: [
        "import { createRequire as __dipforgeCreateRequire } from 'node:module';",
        "import { fileURLToPath as __dipforgeFileURLToPath, pathToFileURL as __dipforgePathToFileURL } from 'node:url';",
        'const __dipforgeRequire = __dipforgeCreateRequire;',
      ].join('\n'),
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [outfile, name] = process.argv.slice(2);
  if (outfile) await bundle(outfile, name);
  else await Promise.all(Object.keys(ENTRIES).map((n) => bundle(bundleFile(n), n)));
}

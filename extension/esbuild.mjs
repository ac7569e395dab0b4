// Bundles the extension for packaging (docs/EXTENSION.md):
//   dist/extension.js  the client (vscode-languageclient), CommonJS, `vscode` left external
//   dist/server.js     the language server: packages/lsp + dsl + engine + chevrotain + ajv in one file,
//                      started by the client with the extension host's Node (IPC) or by hand with
//                      `node dist/server.js --stdio`
//   dist/variants/     the built-in variants and edition presets (classic, editions/*.dipmap)
//   dist/schema/       the VariantConfig JSON Schema (the server's ajv and `jsonValidation`)
// The server finds the variants and the schema next to itself (`__dirname`), so the bundle works
// from any folder. `node esbuild.mjs --production` minifies (names kept) and writes no source maps.
// Run `npm run build` at the root first: the bundle reads the packages' compiled `dist/`.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const out = join(here, 'dist');
const production = process.argv.includes('--production');

/**
 * Modules of the workspace that find files next to themselves with `import.meta.url`, which a
 * CommonJS bundle does not have, and what each becomes in the bundle. `@dipforge/variants` (the
 * built-in variants folder) is replaced by a module that looks next to the bundle; for the others
 * the expression is rewritten. A compiled file of the workspace with an `import.meta` this table
 * does not know fails the build (so does esbuild's warning), so a new one is noticed and decided.
 */
const IMPORT_META = {
  // The VariantConfig JSON Schema: dist/schema/ next to the bundle.
  'engine/dist/config/validate.js': {
    from: "new URL('../../schema/variant-config.schema.json', import.meta.url)",
    to: "require('node:url').pathToFileURL(require('node:path').join(__dirname, 'schema', 'variant-config.schema.json'))",
  },
  // The compiled built-in variants of the game object (`Game.start`): the language server never
  // plays by them (it compiles the .dipmap files); in the bundle they would be looked for next to it.
  'engine/dist/play/builtin.js': {
    from: "new URL('../../builtin/', import.meta.url)",
    to: "require('node:url').pathToFileURL(require('node:path').join(__dirname, 'builtin') + '/')",
  },
  // chevrotain's single-file build, found next to its entry point: the bundle holds chevrotain itself.
  'dsl/dist/chevrotain.js': {
    from: 'await chevrotainModule(import.meta.url)',
    to: "require('chevrotain')",
  },
  // The built-in map files' trees and compiles stored by the build (dist/parsed/ of the dsl): not
  // copied into the extension, so looked for next to the bundle and not found; the server parses
  // and compiles the built-in variants itself, with the same results.
  'dsl/dist/workspace/stored-parses.js': {
    from: 'import.meta.url',
    to: "require('node:url').pathToFileURL(__filename).href",
  },
  'dsl/dist/workspace/builtin-compiled.js': {
    from: 'import.meta.url',
    to: "require('node:url').pathToFileURL(__filename).href",
  },
  // The worker pool of `adjudicateMany` (many games across threads): the language server never
  // makes one; in the bundle its worker would be looked for next to the bundle.
  'engine/dist/many/pool.js': {
    from: 'import.meta.url',
    to: "require('node:url').pathToFileURL(__filename).href",
  },
};

const resources = {
  name: 'dipforge-resources',
  setup(b) {
    b.onResolve({ filter: /^@dipforge\/variants$/ }, () => ({ path: 'variants', namespace: 'dipforge-variants' }));
    b.onLoad({ filter: /.*/, namespace: 'dipforge-variants' }, () => ({
      contents: "const { join } = require('node:path');\nexports.variantsDir = join(__dirname, 'variants');\n",
      loader: 'js',
      resolveDir: here,
    }));
    b.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      let text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const key = args.path.replace(/\\/g, '/').replace(/^.*\/packages\//, '');
      const rule = IMPORT_META[key];
      if (!rule) throw new Error(`${args.path} uses import.meta, which the CommonJS server bundle lacks: say what it becomes in IMPORT_META (extension/esbuild.mjs)`);
      if (!text.includes(rule.from)) throw new Error(`${args.path}: '${rule.from}' is no longer there; update IMPORT_META in extension/esbuild.mjs`);
      text = text.split(rule.from).join(rule.to);
      if (text.includes('import.meta')) throw new Error(`${args.path} has another import.meta; update IMPORT_META in extension/esbuild.mjs`);
      return { contents: text, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  keepNames: true,
  sourcemap: production ? false : 'linked',
  logLevel: 'silent',
  legalComments: 'none',
};

function fail(what, result) {
  const problems = [...result.errors, ...result.warnings];
  if (problems.length === 0) return;
  for (const p of problems) {
    const at = p.location ? `${p.location.file}:${p.location.line}:${p.location.column}: ` : '';
    console.error(`${what}: ${at}${p.text}`);
  }
  throw new Error(`${what}: ${problems.length} problem(s) while bundling`);
}

function copyDir(from, to, keep) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) copyDir(src, dst, keep);
    else if (keep(name)) cpSync(src, dst);
  }
}

async function main() {
  const lspDist = join(root, 'packages/lsp/dist/index.js');
  if (!existsSync(lspDist)) throw new Error('packages/lsp/dist is missing: run `npm run build` at the root first');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const client = await build({
    ...common,
    entryPoints: [join(here, 'src/extension.ts')],
    outfile: join(out, 'extension.js'),
    external: ['vscode'],
  });
  fail('client', client);

  const server = await build({
    ...common,
    entryPoints: [join(here, 'src/server.ts')],
    outfile: join(out, 'server.js'),
    plugins: [resources],
  });
  fail('server', server);

  // The built-in variants (with their examples) and the edition presets, and the schema.
  const dipmapOrGame = (n) => n.endsWith('.dipmap') || n.endsWith('.dipgame');
  for (const name of readdirSync(join(root, 'variants'))) {
    const dir = join(root, 'variants', name);
    if (statSync(dir).isDirectory()) copyDir(dir, join(out, 'variants', name), dipmapOrGame);
  }
  mkdirSync(join(out, 'schema'), { recursive: true });
  cpSync(join(root, 'packages/engine/schema/variant-config.schema.json'), join(out, 'schema/variant-config.schema.json'));

  const size = (f) => `${(statSync(join(out, f)).size / 1024).toFixed(0)} KiB`;
  console.log(`dipforge extension: dist/extension.js ${size('extension.js')}, dist/server.js ${size('server.js')}${production ? ' (minified)' : ''}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

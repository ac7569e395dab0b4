// Writes packages/cli/dist/lsp-bundle.js: the language server (packages/lsp with the languages,
// the engine, vscode-languageserver) as one ES module for `dipforge lsp --stdio`. A server
// started from its some three hundred modules spends most of its start resolving, reading and
// compiling them one by one; one file is read and compiled once.
//   node scripts/lsp-bundle.mjs [OUTFILE]    after `tsc -b` (reads the packages' dist/)
// `npm run build` runs it. The command uses the bundle only in this repository and while it is
// newer than the builds of the packages it holds (packages/cli/src/commands/lsp.ts).
//
// A module of the repository that finds files next to itself keeps doing so: its
// `import.meta.url` becomes its own place, worked out from the bundle's place, so the files it
// reads (chevrotain's single-file build, the schema, the built-in variants, the stored trees)
// are the repository's own.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LSP_BUNDLE_FILE = join(root, 'packages/cli/dist/lsp-bundle.js');

function ownPlace(outfile) {
  return {
    name: 'dipforge-own-place',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const contents = await readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const from = relative(dirname(outfile), args.path).split(sep).join('/');
        return { contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

/** One ES module for this Node, everything it imports inside. */
const ONE_MODULE = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', legalComments: 'none' };

export async function bundleServer(outfile = LSP_BUNDLE_FILE) {
  await build({
    ...ONE_MODULE,
    entryPoints: [join(root, 'packages/lsp/dist/index.js')],
    outfile,
    // chevrotain is loaded at run time from its single-file build (packages/dsl/src/chevrotain.ts).
    external: ['chevrotain'],
    plugins: [ownPlace(outfile)],
    // vscode-languageserver is CommonJS: its `require` of Node's modules needs one in an ES module.
    banner: { js: "import { createRequire as __lspCreateRequire } from 'node:module';\nconst require = __lspCreateRequire(import.meta.url);" },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleServer(process.argv[2]);

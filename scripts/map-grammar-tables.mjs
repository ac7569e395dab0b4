// Writes packages/dsl/src/map/grammar-tables-data.ts: the .dipmap grammar's lookahead paths and
// follow sets as chevrotain works them out, so that a run of dipforge does not work them out again
// (packages/dsl/src/map/grammar-tables.ts says how they are used).
//   node scripts/map-grammar-tables.mjs           write the file (after `tsc -b`: reads packages/dsl/dist)
//   node scripts/map-grammar-tables.mjs --check   exit 1 if the file is not what it would write
// Run it after changing the grammar (grammar.ts) or the tokens (lexer.ts), then build again; a test
// checks the file is current, and a grammar with stale tables works everything out afresh.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TABLES_FILE = join(root, 'packages/dsl/src/map/grammar-tables-data.ts');

/** The module's text, from the grammar as built in `dist`. */
export async function tablesSource() {
  const { MapGrammar } = await import(pathToFileURL(join(root, 'packages/dsl/dist/map/grammar.js')).href);
  const tables = new MapGrammar({ tables: null }).tables();
  const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const json = JSON.stringify({ fingerprint: tables.fingerprint, lookahead: sorted(tables.lookahead), follows: sorted(tables.follows) });
  return [
    '// Written by scripts/map-grammar-tables.mjs from the .dipmap grammar: do not edit by hand.',
    "import type { GrammarTables } from './grammar-tables.js';",
    '',
    `export const MAP_GRAMMAR_TABLES: GrammarTables = ${json};`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const source = await tablesSource();
  if (process.argv.includes('--check')) {
    if (readFileSync(TABLES_FILE, 'utf8') !== source) {
      console.error('packages/dsl/src/map/grammar-tables-data.ts is stale: run `node scripts/map-grammar-tables.mjs` and build again');
      process.exit(1);
    }
  } else {
    writeFileSync(TABLES_FILE, source);
  }
}

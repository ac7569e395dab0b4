// Writes the built-in variants, compiled, into the engine package (packages/engine/builtin/):
// one VariantConfig JSON per variant and index.json (each variant's editions and their rules),
// so that programs can play them without the map language. Run after a build (`npm run build`
// runs it). `--check` exits 1 when a file is out of date instead of writing it.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileBuiltins } from '../packages/dsl/dist/index.js';

const outDir = fileURLToPath(new URL('../packages/engine/builtin/', import.meta.url));
const check = process.argv.includes('--check');

const { index, configs, errors } = compileBuiltins();
if (errors.length > 0) {
  for (const d of errors) process.stderr.write(`${d.file}:${d.range.start.line + 1}: ${d.message} [${d.code}]\n`);
  process.exit(1);
}
const files = new Map([['index.json', index], ...Object.entries(configs).map(([id, c]) => [`${id}.json`, c])]);
const text = (value) => `${JSON.stringify(value, null, 1)}\n`;
const read = (name) => {
  try {
    return readFileSync(join(outDir, name), 'utf8');
  } catch {
    return undefined;
  }
};
const existing = (() => {
  try {
    return readdirSync(outDir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
})();
const stale = [...files].filter(([name, value]) => read(name) !== text(value)).map(([name]) => name);
const extra = existing.filter((f) => !files.has(f));
if (check) {
  for (const name of [...stale, ...extra]) process.stderr.write(`packages/engine/builtin/${name} is out of date: run node scripts/builtin-variants.mjs\n`);
  process.exit(stale.length + extra.length > 0 ? 1 : 0);
}
mkdirSync(outDir, { recursive: true });
for (const name of stale) writeFileSync(join(outDir, name), text(files.get(name)));
for (const name of extra) rmSync(join(outDir, name));
process.stdout.write(`built-in variants: ${files.size - 1} (${stale.length + extra.length} files written or removed)\n`);

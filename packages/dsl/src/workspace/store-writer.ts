/**
 * Writes the store of built-in files prepared ahead of time (`stored-parses.ts` reads it): the
 * syntax tree of every built-in `.dipmap` file that parses without a diagnostic, and of every
 * built-in variant what its compile read and gave (`builtin-compiled.ts`). The build runs it
 * (`scripts/map-parses.mjs`), after the engine's configs are written.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMapFile } from '../api.js';
import { parseMap } from '../map/parse.js';
import { compiledRecord, type CompiledRecord } from './builtin-compiled.js';
import { diskHost } from './host.js';
import { VariantLoader, type VariantUnit } from './loader.js';
import { DEFAULT_STORE_DIR, STORED_PARSES_FORMAT, textHash, type StoreIndex } from './stored-parses.js';

/** Every `.dipmap` file of the built-in folder (`NAME/*.dipmap`, `editions/*.dipmap`). */
export function builtinMapFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const name of readdirSync(join(dir, entry.name))) if (name.endsWith('.dipmap')) out.push(join(dir, entry.name, name));
  }
  return out.sort();
}

function unitFiles(unit: VariantUnit): string[] {
  const out: string[] = [];
  for (let u: VariantUnit | undefined = unit; u; u = u.base) for (const f of u.files) out.push(f.file);
  return out;
}

/** The compile records of the built-in variants of `dir` (those without board artwork, whose file the record would not cover). */
export function compiledRecords(dir: string): Record<string, CompiledRecord> {
  const out: Record<string, CompiledRecord> = {};
  const loader = new VariantLoader({ builtinDir: dir, storedParses: false });
  const editions = loader.host.list(join(dir, 'editions')).filter((f) => f.endsWith('.dipmap'));
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const id = entry.name;
    const path = join(dir, id, `${id}.dipmap`);
    if (!entry.isDirectory() || id === 'editions' || !loader.host.exists(path)) continue;
    const unit = loader.loadVariant(path, []);
    const compiled = compileMapFile(path, loader);
    if (!unit || !compiled.config || compiled.config.id !== id) continue;
    const files = unitFiles(unit);
    if (unit.files.some((f) => f.ast.decls.some((d) => d.kind === 'Variant' && d.board.length > 0))) continue;
    const record = compiledRecord(id, dir, [...files, ...editions.map((e) => join(dir, 'editions', e))], editions, compiled.diagnostics, diskHost);
    if (record) out[id] = record;
  }
  return out;
}

/**
 * Writes the store for the built-in folder `builtinDir` into `dir`, the index last, and removes
 * the trees it no longer holds. Returns how many trees it holds and how many files it wrote or removed.
 */
export function writeStoredParses(builtinDir: string, dir: string = DEFAULT_STORE_DIR): { held: number; compiled: number; changed: number } {
  mkdirSync(dir, { recursive: true });
  const wanted = new Map<string, string>();
  for (const file of builtinMapFiles(builtinDir)) {
    const text = readFileSync(file, 'utf8');
    const parsed = parseMap(text, file);
    if (parsed.diagnostics.length > 0) continue;
    wanted.set(textHash(text), `${JSON.stringify({ ast: parsed.ast })}\n`);
  }
  let changed = 0;
  for (const [hash, body] of wanted) {
    const path = join(dir, `${hash}.json`);
    let old: string | undefined;
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      old = undefined;
    }
    if (old !== body) {
      writeFileSync(path, body);
      changed++;
    }
  }
  for (const name of readdirSync(dir)) {
    if (name === 'index.json' || wanted.has(name.replace(/\.json$/, ''))) continue;
    rmSync(join(dir, name));
    changed++;
  }
  const compiled = compiledRecords(builtinDir);
  // Written every time: its date says the store was made by the current build.
  const index: StoreIndex = { format: STORED_PARSES_FORMAT, hashes: [...wanted.keys()].sort(), compiled };
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify(index)}\n`);
  return { held: wanted.size, compiled: Object.keys(compiled).length, changed };
}

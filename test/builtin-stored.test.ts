/**
 * Built-in variants without the map language: the trees of the built-in .dipmap files parsed
 * ahead of time and each built-in variant's compile taken from the engine's shipped config
 * (packages/dsl/src/workspace/stored-parses.ts, builtin-compiled.ts). A store is written afresh
 * into a temporary folder as the build writes it; then everything read through it must equal
 * what the map language gives from the files: every tree, every variant's config and
 * diagnostics (every game under test/: test/builtin-stored-games.test.ts, a slow suite). A store
 * is never used for a text it does not hold.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinMapFiles, compileMapFile, MemoryHost, parseMap, StoredParses, VariantLoader, writeStoredParses, type FileHost } from '@dipforge/dsl';
import { variantsDir } from '@dipforge/variants';

const tmp = mkdtempSync(join(tmpdir(), 'dipforge-stored-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const written = writeStoredParses(variantsDir, tmp);
const store = new StoredParses(tmp);

const stored = (host?: FileHost): VariantLoader => new VariantLoader({ storedParses: store, ...(host ? { host } : {}) });
const fresh = (host?: FileHost): VariantLoader => new VariantLoader({ storedParses: false, ...(host ? { host } : {}) });
const variantIds = readdirSync(variantsDir).filter((d) => d !== 'editions' && statSync(join(variantsDir, d)).isDirectory());

/** The built-in files in memory (so one can be changed), with the loader's view of the folder. */
function memoryBuiltins(change: Record<string, string> = {}): MemoryHost {
  const files: Record<string, string> = {};
  for (const f of builtinMapFiles(variantsDir)) files[f] = readFileSync(f, 'utf8');
  return new MemoryHost({ ...files, ...change });
}

describe('the store of built-in files', () => {
  it('holds a tree for every built-in file and a compile for every built-in variant', () => {
    expect(written.held).toBe(builtinMapFiles(variantsDir).length);
    expect(written.compiled).toBe(variantIds.length);
    expect(variantIds.length).toBeGreaterThanOrEqual(11);
  });

  it('gives every built-in file the tree a fresh parse gives', () => {
    for (const file of builtinMapFiles(variantsDir)) {
      const text = readFileSync(file, 'utf8');
      const fromStore = store.parse(text, file);
      expect(fromStore, file).toBeDefined();
      const parsed = parseMap(text, file);
      expect(fromStore?.ast, file).toEqual(parsed.ast);
      expect([fromStore?.file, fromStore?.text, fromStore?.diagnostics, fromStore?.lines], file).toEqual([parsed.file, parsed.text, parsed.diagnostics, parsed.lines]);
      const comments = (list: typeof parsed.comments): unknown[] => list.map((c) => [c.image, c.startOffset, c.endOffset, c.tokenType.name]);
      expect(comments(fromStore?.comments ?? []), file).toEqual(comments(parsed.comments));
    }
  });

  it("gives every built-in variant its fresh compile's config and diagnostics, from the engine's shipped config", () => {
    for (const id of variantIds) {
      const path = join(variantsDir, id, `${id}.dipmap`);
      const viaStore = stored();
      expect(viaStore.builtinCompile(path), id).toBeDefined();
      const a = compileMapFile(path, viaStore);
      const b = compileMapFile(path, fresh());
      expect(b.config, id).toBeDefined();
      expect(a.config, id).toEqual(b.config);
      expect(a.diagnostics, id).toEqual(b.diagnostics);
      // The resolved variant, for whoever asks, is the map's own.
      expect(a.variant?.id, id).toBe(b.variant?.id);
    }
  });

  it('is not used for a changed file: an edited variant, an edited or added edition preset', () => {
    const classic = join(variantsDir, 'classic', 'classic.dipmap');
    const edition = join(variantsDir, 'editions', '2000.dipmap');
    const cases: Record<string, string>[] = [
      { [classic]: `${readFileSync(classic, 'utf8')}\n// changed\n` },
      { [edition]: `${readFileSync(edition, 'utf8')}\n` },
      { [join(variantsDir, 'editions', 'extra.dipmap')]: 'ruleset extra "Extra" { }\n' },
    ];
    expect(stored(memoryBuiltins()).builtinCompile(classic)).toBeDefined();
    for (const change of cases) {
      const host = memoryBuiltins(change);
      expect(stored(host).builtinCompile(classic), Object.keys(change)[0]).toBeUndefined();
    }
    // A changed text is parsed: its tree says what it now says.
    const changed = stored(memoryBuiltins({ [classic]: 'variant broken "Broken" {\n' })).parse(classic);
    expect(changed?.diagnostics.length).toBeGreaterThan(0);
    // A store that is not there holds nothing.
    expect(new StoredParses(join(tmp, 'missing')).parse(readFileSync(classic, 'utf8'), classic)).toBeUndefined();
  });
});

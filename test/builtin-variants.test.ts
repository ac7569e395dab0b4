/**
 * The compiled built-in variants the engine ships (packages/engine/builtin/): equal to a fresh
 * compile of variants/*.dipmap, valid against the JSON Schema, and each edition's rules equal to
 * what the map language gives a variant that extends the built-in and names that edition (a
 * second path through the language: a map's `extends` and `rules`, not a game's `--edition`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Codes, compileBuiltins, compileMapFile } from '@dipforge/dsl';
import { builtinConfig, builtinVariants, DipforgeError, PLAY_ERRORS, validateVariantConfig } from '@dipforge/engine';

const BUILTIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'engine', 'builtin');
const shipped = (name: string): unknown => JSON.parse(readFileSync(join(BUILTIN, name), 'utf8'));

describe('compiled built-in variants', () => {
  const fresh = compileBuiltins();
  const tmp = mkdtempSync(join(tmpdir(), 'dipforge-builtin-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('compile without errors and list every variant folder', () => {
    expect(fresh.errors.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(builtinVariants().map((v) => v.id)).toEqual(Object.keys(fresh.configs).sort());
    expect(builtinVariants().length).toBeGreaterThanOrEqual(11);
  });

  it('the shipped files equal a fresh compile (run node scripts/builtin-variants.mjs after changing a variant)', () => {
    expect(shipped('index.json')).toEqual(JSON.parse(JSON.stringify(fresh.index)));
    for (const [id, config] of Object.entries(fresh.configs)) expect(shipped(`${id}.json`), id).toEqual(JSON.parse(JSON.stringify(config)));
  });

  it('every config, under every edition, is valid against the schema', () => {
    for (const v of builtinVariants()) {
      for (const edition of v.editions) {
        const r = validateVariantConfig(builtinConfig(v.id, edition));
        expect(r.ok ? [] : r.errors, `${v.id} ${edition}`).toEqual([]);
      }
    }
  });

  it("each edition's rules are what a map extending the variant with that edition compiles to", () => {
    for (const v of builtinVariants()) {
      for (const edition of v.editions) {
        const path = join(tmp, `${v.id}-${edition}.dipmap`);
        writeFileSync(path, `variant t "T" { extends ${v.id} }\nrules { edition ${edition} }\n`);
        const r = compileMapFile(path);
        expect(r.config?.rules, `${v.id} under ${edition}: ${r.diagnostics.map((d) => d.message).join('; ')}`).toEqual(builtinConfig(v.id, edition).rules);
      }
    }
  });

  it('without an edition, a variant plays its own, as its map compiles', () => {
    for (const v of builtinVariants()) expect(builtinConfig(v.id).rules.edition).toBe(v.edition);
    expect(builtinConfig('Classic').rules).toEqual(builtinConfig('classic', '2023').rules);
  });

  it('unknown names are typed errors with codes and what there is', () => {
    const fails = (f: () => unknown): DipforgeError => {
      try {
        f();
      } catch (e) {
        return e as DipforgeError;
      }
      throw new Error('no error');
    };
    const v = fails(() => builtinConfig('atlantis'));
    expect(v).toBeInstanceOf(DipforgeError);
    expect([v.code, v.kind]).toEqual(['DF8080', 'unknown-variant']);
    expect(v.data.known).toContain('classic');
    const e = fails(() => builtinConfig('classic', '1492'));
    expect([e.code, e.kind, e.data.known?.includes('2000')]).toEqual(['DF8081', 'unknown-edition', true]);
  });

  it('every error code of the game object is registered with the diagnostics, its kind in its summary', () => {
    const registered = new Map(Object.values(Codes).map((c) => [c.code, c.summary] as const));
    for (const [kind, code] of Object.entries(PLAY_ERRORS)) expect(registered.get(code), code).toContain(`kind \`${kind}\``);
  });

  it('a copy each time: changing one config changes no other', () => {
    const a = builtinConfig('classic');
    a.powers.length = 0;
    expect(builtinConfig('classic').powers.length).toBe(7);
  });
});

/**
 * The VariantConfig validator is compiled ahead of time (scripts/variant-config-validator.mjs).
 * These tests check that the committed module is what the script writes from the schema as it is
 * now, and that it judges configs as ajv compiling the schema at run time does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compileMapFile } from '@dipforge/dsl';
import { variantConfigSchema } from '@dipforge/engine/config';
import { validate as compiled } from '../packages/engine/src/config/variant-config-validator.js';
// @ts-expect-error the script is plain JavaScript without declarations
import { VALIDATOR_FILE, validatorSource } from '../scripts/variant-config-validator.mjs';

const classic = compileMapFile(fileURLToPath(new URL('../variants/classic/classic.dipmap', import.meta.url))).config as unknown as Record<string, unknown>;

describe('the ahead-of-time VariantConfig validator', () => {
  it('is current with the schema', () => {
    expect(readFileSync(VALIDATOR_FILE as string, 'utf8')).toBe((validatorSource as () => string)());
  });

  it('gives the errors a run-time compiled validator gives, on valid and damaged configs', () => {
    const runtime = new Ajv2020({ allErrors: true, strict: true }).compile(variantConfigSchema());
    const damaged: unknown[] = [
      classic,
      {},
      null,
      [],
      { ...classic, id: 'Not An Id' },
      { ...classic, format: 'other/1' },
      { ...classic, provinces: [{ id: 'x' }] },
      { ...classic, rules: { 'no-such-rule': true } },
      { ...classic, powers: 'none' },
      { ...classic, extra: 1 },
    ];
    for (const value of damaged) {
      const a = compiled(value) as boolean;
      const b = runtime(value);
      expect(a, JSON.stringify(value)?.slice(0, 80)).toBe(b);
      expect((compiled as unknown as { errors: unknown }).errors ?? null).toEqual(runtime.errors ?? null);
    }
  });
});

/**
 * Validation of a VariantConfig against `schema/variant-config.schema.json`
 * (JSON Schema draft 2020-12), and a cheap check that every location a config
 * names exists.
 *
 * Error paths are JSON Pointers into the checked value (`/provinces/3/id`,
 * `/rules/convoy-paradox`); the empty string is the value itself.
 */
import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { echo } from './echo.js';
import { checkRuleValue } from './rule-values.js';
import { isRuleKey } from './rules.js';
import { NEUTRAL_POWER, type VariantConfig } from './variant-config.js';
// The schema compiled ahead of time (scripts/variant-config-validator.mjs): loading the engine
// loads neither ajv's compiler nor compiles the schema.
import { validate as compiledValidator } from './variant-config-validator.js';

export interface ConfigError {
  /** JSON Pointer of the offending value; `''` is the whole config. */
  path: string;
  message: string;
}

export type VariantConfigValidation = { ok: true; config: VariantConfig } | { ok: false; errors: ConfigError[] };

export const VARIANT_CONFIG_SCHEMA_ID = 'https://dipforge.invalid/schema/variant-config.schema.json';

const SCHEMA_URL = new URL('../../schema/variant-config.schema.json', import.meta.url);

let schemaCache: Record<string, unknown> | undefined;
/** The VariantConfig JSON Schema, as parsed data (read once). */
export function variantConfigSchema(): Readonly<Record<string, unknown>> {
  schemaCache ??= JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as Record<string, unknown>;
  return schemaCache;
}

const validate = compiledValidator as ValidateFunction;

/**
 * Checks that `value` is a VariantConfig: the shape, the id, location and colour
 * patterns, and every rule option with an allowed value. It does not check that
 * names refer to something that exists; see `checkConfigReferences`.
 */
export function validateVariantConfig(value: unknown): VariantConfigValidation {
  if (validate(value)) return { ok: true, config: value as VariantConfig };
  return { ok: false, errors: toConfigErrors(validate.errors ?? [], value) };
}

// ------------------------------------------------------------ ajv errors

const DEF_MESSAGES: Record<string, string> = {
  Id: 'must be a lower-case id (letters, digits and _, with - inside)',
  Location: 'must be a province id or province/coast, in lower case',
  Colour: 'must be a colour written #rrggbb',
  LanguageTag: 'must be a language tag such as zh, ja or zh-Hant',
};

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let cur: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[unescapePointer(raw)];
  }
  return cur;
}

function convert(err: ErrorObject, root: unknown): ConfigError | undefined {
  const params = err.params as Record<string, unknown>;
  // The "then" of an if/then only wraps the error that explains it.
  if (err.keyword === 'if') return undefined;
  if (err.keyword === 'required') {
    const prop = String(params.missingProperty);
    return { path: `${err.instancePath}/${escapePointer(prop)}`, message: `is required` };
  }
  if (err.keyword === 'additionalProperties') {
    const prop = String(params.additionalProperty);
    return { path: `${err.instancePath}/${escapePointer(prop)}`, message: `is not an allowed property` };
  }
  const path = err.instancePath;
  const rule = /^\/rules\/([^/]+)$/.exec(path);
  if (rule) {
    const key = unescapePointer(rule[1]!);
    if (isRuleKey(key)) {
      const v = valueAt(root, path);
      const checked = isRuleInput(v) ? checkRuleValue(key, v) : undefined;
      if (!checked) return { path, message: `${key} has a value of the wrong type` };
      if (!checked.ok) return { path, message: checked.reason };
      return { path, message: `${key} must be written ${echo(JSON.stringify(checked.value))}` };
    }
  }
  if (err.keyword === 'pattern') {
    const def = /\$defs\/([A-Za-z]+)\/pattern$/.exec(err.schemaPath)?.[1];
    if (def && DEF_MESSAGES[def]) return { path, message: `${DEF_MESSAGES[def]}; got ${echo(JSON.stringify(err.data ?? valueAt(root, path)) ?? 'nothing')}` };
  }
  if (err.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
    return { path, message: `must be one of ${allowed}` };
  }
  if (err.keyword === 'const') {
    return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
  }
  return { path, message: err.message ?? `fails ${err.keyword}` };
}

function isRuleInput(v: unknown): v is string | number | boolean | (string | number | boolean)[] {
  const scalar = (x: unknown) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';
  return scalar(v) || (Array.isArray(v) && v.every(scalar));
}

function toConfigErrors(errors: readonly ErrorObject[], root: unknown): ConfigError[] {
  const out: ConfigError[] = [];
  const seen = new Set<string>();
  for (const err of errors) {
    const e = convert(err, root);
    if (!e) continue;
    const id = `${e.path}\u0000${e.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(e);
  }
  return out;
}

// ------------------------------------------------------------ references

/**
 * Reports every place a config names a province, coast or power that it does
 * not declare: adjacency edges, units, home centres, home countries, starting
 * and neutral centres, and duplicate province, coast and power ids; also a
 * province in two powers' home countries (a home centre is in its power's) or
 * a sea or impassable one in a home country. Expects a config that
 * passed `validateVariantConfig`. Returns an empty list when all is well.
 */
export function checkConfigReferences(config: VariantConfig): ConfigError[] {
  const errors: ConfigError[] = [];
  const coastsOf = new Map<string, Set<string>>();

  config.provinces.forEach((p, i) => {
    if (coastsOf.has(p.id)) errors.push({ path: `/provinces/${i}/id`, message: `duplicate province id "${echo(p.id)}"` });
    const coasts = new Set<string>();
    (p.coasts ?? []).forEach((c, j) => {
      if (coasts.has(c.id)) {
        errors.push({ path: `/provinces/${i}/coasts/${j}/id`, message: `duplicate coast "${echo(c.id)}" in province "${echo(p.id)}"` });
      }
      coasts.add(c.id);
    });
    if (!coastsOf.has(p.id)) coastsOf.set(p.id, coasts);
  });

  const province = (id: string, path: string): void => {
    if (!coastsOf.has(id)) errors.push({ path, message: `unknown province "${echo(id)}"` });
  };

  /** A location a fleet may stand on: a province without coasts, or one of a province's coasts. */
  const fleetLocation = (loc: string, path: string): void => {
    const [prov = '', coast] = loc.split('/');
    const coasts = coastsOf.get(prov);
    if (!coasts) {
      errors.push({ path, message: `unknown province "${echo(prov)}"` });
    } else if (coast === undefined) {
      if (coasts.size > 0) {
        errors.push({ path, message: `province "${echo(prov)}" has named coasts (${[...coasts].join(', ')}); name one` });
      }
    } else if (!coasts.has(coast)) {
      errors.push({ path, message: `province "${echo(prov)}" has no coast "${echo(coast)}"` });
    }
  };

  config.adjacency.army.forEach(([from, to], i) => {
    province(from, `/adjacency/army/${i}/0`);
    province(to, `/adjacency/army/${i}/1`);
  });
  config.adjacency.fleet.forEach(([from, to], i) => {
    fleetLocation(from, `/adjacency/fleet/${i}/0`);
    fleetLocation(to, `/adjacency/fleet/${i}/1`);
  });

  const powerIds = new Set<string>();
  // Whose home country each province is: the home centres first (they belong to their power's
  // country whether listed or not), then the listed provinces.
  const countryOf = new Map<string, string>();
  for (const power of config.powers) for (const h of power.home) if (!countryOf.has(h)) countryOf.set(h, power.id);
  const provinceById = new Map(config.provinces.map((p) => [p.id, p]));
  config.powers.forEach((power, i) => {
    if (powerIds.has(power.id)) errors.push({ path: `/powers/${i}/id`, message: `duplicate power id "${echo(power.id)}"` });
    powerIds.add(power.id);
    power.home.forEach((h, j) => province(h, `/powers/${i}/home/${j}`));
    (power.country ?? []).forEach((c, j) => {
      const path = `/powers/${i}/country/${j}`;
      const p = provinceById.get(c);
      if (!p) {
        errors.push({ path, message: `unknown province "${echo(c)}"` });
        return;
      }
      if (p.impassable || p.terrain === 'sea') {
        errors.push({ path, message: `province "${echo(c)}" is ${p.impassable ? 'impassable' : 'a sea'}: a home country is made of land` });
      }
      const other = countryOf.get(c);
      if (other !== undefined && other !== power.id) {
        errors.push({ path, message: `province "${echo(c)}" is already in the home country of "${echo(other)}"` });
      } else {
        countryOf.set(c, power.id);
      }
    });
    power.centres.forEach((c, j) => province(c, `/powers/${i}/centres/${j}`));
    power.units.forEach((u, j) => {
      const path = `/powers/${i}/units/${j}/at`;
      if (u.kind === 'fleet') fleetLocation(u.at, path);
      else province(u.at, path);
    });
  });
  config.neutralCentres.forEach((c, i) => province(c, `/neutralCentres/${i}`));
  (config.neutralUnits ?? []).forEach((u, j) => {
    const path = `/neutralUnits/${j}/at`;
    if (u.kind === 'fleet') fleetLocation(u.at, path);
    else province(u.at, path);
  });
  if (config.neutralUnits?.length && powerIds.has(NEUTRAL_POWER)) {
    errors.push({ path: '/neutralUnits', message: `a variant with neutral units may not have a power "${NEUTRAL_POWER}"` });
  }
  config.provinces.forEach((p, i) => {
    if (p.archipelago && p.terrain !== 'coast') errors.push({ path: `/provinces/${i}/archipelago`, message: `province "${echo(p.id)}" is ${p.terrain}: only a coast province can be an archipelago` });
  });

  return errors;
}

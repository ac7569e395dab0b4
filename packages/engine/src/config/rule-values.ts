/** Checking a value written for a rule option, and normalizing it (canonical spelling, aliases resolved). */
import { echo } from './echo.js';
import { numberProblem } from './numbers.js';
import type { RuleChoice } from './rule-spec.js';
import { ruleOption, ruleValueList, RULE_KEYS, type RuleKey, type RuleValue } from './rules.js';
import { closest } from './suggest.js';

/** A value as the DSL writes it: a name, number, string, boolean or a comma list of them. */
export type RuleInput = string | number | boolean | (string | number | boolean)[];

export type RuleCheck<K extends RuleKey = RuleKey> =
  | { ok: true; key: K; value: RuleValue<K> }
  | { ok: false; reason: string };

function show(value: RuleInput): string {
  return echo(Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join(', ') : JSON.stringify(value));
}

function isIntegerText(s: string): boolean {
  return /^-?\d+$/.test(s);
}

/** `written`: the value as written, for a number too large to be read exactly (never shown as `Infinity` or `1e+23`). */
function checkInteger(key: string, n: number, min: number, max: number | undefined, written: string): string | undefined {
  if (!Number.isSafeInteger(n) && isIntegerText(written)) return numberProblem(written, { what: key, min, max: max ?? Number.MAX_SAFE_INTEGER, whole: true });
  if (!Number.isInteger(n)) return `${key} must be a whole number; got ${n}`;
  if (n < min) return `${key} must be at least ${min}; got ${n}`;
  if (max !== undefined && n > max) return `${key} must be at most ${max}; got ${n}`;
  return undefined;
}

function lookupChoice(
  choices: readonly RuleChoice[],
  aliases: Readonly<Record<string, string>> | undefined,
  word: string,
): string | undefined {
  const w = word.toLowerCase();
  const direct = choices.find((c) => c.value === w);
  if (direct) return direct.value;
  return aliases?.[w];
}

/**
 * Checks a value written for option `key` and returns it normalized (canonical
 * spelling, aliases resolved, names lower-cased), or a reason it is not allowed.
 */
export function checkRuleValue(key: string, value: RuleInput): RuleCheck {
  const spec = ruleOption(key);
  if (!spec) {
    const near = closestKey(key);
    return { ok: false, reason: `unknown rule option "${echo(key)}"${near ? `; did you mean "${near}"?` : ''}` };
  }
  const k = spec.key as RuleKey;
  const fail = (why: string): RuleCheck => ({ ok: false, reason: why });
  const good = (v: unknown): RuleCheck => ({ ok: true, key: k, value: v as RuleValue });
  const expected = `${k} must be ${oneOf(ruleValueList(spec))}; got ${show(value)}`;

  if (spec.kind === 'list') {
    const items = Array.isArray(value) ? value : [value];
    const re = new RegExp(spec.itemPattern, 'u');
    const out: string[] = [];
    for (const item of items) {
      if (typeof item !== 'string') return fail(`${k} items must be names; got ${show(item)}`);
      const w = item.toLowerCase();
      if (!re.test(w)) return fail(`${k}: "${echo(item)}" is not ${spec.itemDescription}`);
      if (out.includes(w)) return fail(`${k}: "${echo(item)}" is listed twice`);
      out.push(w);
    }
    if (out.length < spec.minItems) return fail(`${k} needs at least ${spec.minItems} item(s)`);
    return good(out);
  }

  if (Array.isArray(value)) {
    if (value.length !== 1) return fail(`${k} takes one value, not a list; got ${show(value)}`);
    return checkRuleValue(k, value[0] as string | number | boolean);
  }

  switch (spec.kind) {
    case 'boolean': {
      if (typeof value === 'boolean') return good(value);
      if (typeof value === 'string') {
        const w = value.toLowerCase();
        if (w === 'true' || w === 'yes' || w === 'on') return good(true);
        if (w === 'false' || w === 'no' || w === 'off') return good(false);
      }
      return fail(expected);
    }
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && isIntegerText(value) ? Number(value) : NaN;
      if (Number.isNaN(n)) return fail(expected);
      const why = checkInteger(k, n, spec.min, spec.max, String(value));
      return why ? fail(why) : good(n);
    }
    case 'enum': {
      if (typeof value === 'boolean') return fail(expected);
      const found = lookupChoice(spec.choices, spec.aliases, String(value));
      return found === undefined ? fail(expected) : good(found);
    }
    case 'integer-or-enum': {
      if (typeof value === 'boolean') return fail(expected);
      if (typeof value === 'number' || isIntegerText(value)) {
        const n = Number(value);
        const why = checkInteger(k, n, spec.min, spec.max, String(value));
        return why ? fail(why) : good(n);
      }
      const found = lookupChoice(spec.choices, spec.aliases, value);
      return found === undefined ? fail(expected) : good(found);
    }
    case 'name': {
      if (typeof value === 'boolean') return fail(expected);
      const w = String(value).toLowerCase();
      return new RegExp(spec.pattern, 'u').test(w) ? good(w) : fail(expected);
    }
  }
}

function oneOf(values: string[]): string {
  if (values.length === 1) return values[0]!;
  return `one of ${values.join(', ')}`;
}

function closestKey(word: string): string | undefined {
  return closest(word.toLowerCase(), RULE_KEYS)[0];
}

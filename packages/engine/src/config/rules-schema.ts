/** The JSON Schema of a variant's `rules` object, generated from the rule-option registry. */
import type { RuleOptionSpec } from './rule-spec.js';
import { RULE_KEYS, RULE_REGISTRY } from './rules.js';

const SPECS: readonly RuleOptionSpec[] = RULE_REGISTRY;

/** A JSON Schema (draft 2020-12) fragment, as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The JSON Schema of the `rules` object, generated from the registry: every
 * option required, no other properties, each value restricted to its allowed
 * values. `schema/variant-config.schema.json` holds this as `$defs.RuleOptions`.
 */
export function ruleOptionsSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const spec of SPECS) properties[spec.key] = ruleValueSchema(spec);
  return {
    type: 'object',
    description:
      'Every rule option, resolved (the edition the rules started from, then each override). The options, their values and the editions that set them are listed in docs/RULES.md.',
    properties,
    required: [...RULE_KEYS],
    additionalProperties: false,
  };
}

function describe(spec: RuleOptionSpec): string {
  return `${spec.summary} (${spec.source})`;
}

function ruleValueSchema(spec: RuleOptionSpec): JsonSchema {
  const description = describe(spec);
  switch (spec.kind) {
    case 'enum':
      return { description, type: 'string', enum: spec.choices.map((c) => c.value), default: spec.default };
    case 'boolean':
      return { description, type: 'boolean', default: spec.default };
    case 'integer':
      return {
        description,
        type: 'integer',
        minimum: spec.min,
        ...(spec.max === undefined ? {} : { maximum: spec.max }),
        default: spec.default,
      };
    case 'integer-or-enum':
      return {
        description,
        anyOf: [
          { type: 'integer', minimum: spec.min, ...(spec.max === undefined ? {} : { maximum: spec.max }) },
          { type: 'string', enum: spec.choices.map((c) => c.value) },
        ],
        default: spec.default,
      };
    case 'list':
      return {
        description,
        type: 'array',
        items: { type: 'string', pattern: spec.itemPattern },
        minItems: spec.minItems,
        uniqueItems: true,
        default: [...spec.default],
      };
    case 'name':
      return { description, type: 'string', pattern: spec.pattern, default: spec.default };
  }
}

/**
 * What a rule option is, as the registry (rules.ts) writes each one: its key,
 * kind, group, allowed values, default, summary, description and source.
 */

/** How an option's value is written. */
export type RuleKind = 'enum' | 'boolean' | 'integer' | 'integer-or-enum' | 'list' | 'name';

/** Groups, in the order the documentation lists them. */
export const RULE_GROUPS = [
  { id: 'edition', title: 'Edition' },
  { id: 'year', title: 'Year, retreats and adjustments' },
  { id: 'civil-disorder', title: 'Missing orders and civil disorder' },
  { id: 'convoys', title: 'Convoys' },
  { id: 'coasts', title: 'Coasts' },
  { id: 'orders', title: 'Order writing' },
  { id: 'dislodgement', title: 'Self-dislodgement' },
  { id: 'victory', title: 'Victory and draws' },
  { id: 'scoring', title: 'Scoring' },
] as const;

export type RuleGroup = (typeof RULE_GROUPS)[number]['id'];

/** One allowed named value of an `enum` or `integer-or-enum` option. */
export interface RuleChoice {
  readonly value: string;
  readonly summary: string;
}

interface RuleSpecBase {
  /** Kebab-case option key, e.g. `convoy-paradox`. */
  readonly key: string;
  readonly kind: RuleKind;
  readonly group: RuleGroup;
  /** One line: what the option decides. */
  readonly summary: string;
  /** What each value does, in more detail. */
  readonly description: string;
  /** Where the choice comes from: a DATC issue (`DATC 4.A.2`) or a rule text (`000 §10`). */
  readonly source: string;
}

export interface EnumRuleSpec extends RuleSpecBase {
  readonly kind: 'enum';
  readonly choices: readonly RuleChoice[];
  readonly default: string;
  /** Other accepted spellings (lower-case) and the value each stands for. */
  readonly aliases?: Readonly<Record<string, string>>;
}

export interface BooleanRuleSpec extends RuleSpecBase {
  readonly kind: 'boolean';
  readonly default: boolean;
}

export interface IntegerRuleSpec extends RuleSpecBase {
  readonly kind: 'integer';
  readonly min: number;
  readonly max?: number;
  readonly default: number;
}

export interface IntegerOrEnumRuleSpec extends RuleSpecBase {
  readonly kind: 'integer-or-enum';
  readonly min: number;
  readonly max?: number;
  readonly choices: readonly RuleChoice[];
  readonly default: number | string;
  readonly aliases?: Readonly<Record<string, string>>;
}

export interface ListRuleSpec extends RuleSpecBase {
  readonly kind: 'list';
  /** Every item must match this pattern (ECMAScript syntax, `u` flag). */
  readonly itemPattern: string;
  /** What an item looks like, for messages. */
  readonly itemDescription: string;
  readonly minItems: number;
  readonly default: readonly string[];
}

export interface NameRuleSpec extends RuleSpecBase {
  readonly kind: 'name';
  /** The value must match this pattern (ECMAScript syntax, `u` flag). */
  readonly pattern: string;
  readonly default: string;
}

export type RuleOptionSpec =
  | EnumRuleSpec
  | BooleanRuleSpec
  | IntegerRuleSpec
  | IntegerOrEnumRuleSpec
  | ListRuleSpec
  | NameRuleSpec;

/**
 * What chevrotain works out about a grammar when it is built, kept as data so that a run of
 * dipforge does not work it out again: for each decision (an `OR`, `MANY`, `OPTION`, …) the token
 * sequences that choose each way (its lookahead paths), and for each place a rule is called from
 * the tokens that may follow it (the follow sets that error recovery resynchronises on).
 * Computing both is more than half of building the `.dipmap` grammar, and they depend on the
 * grammar alone, so `scripts/map-grammar-tables.mjs` writes them into `grammar-tables-data.ts`
 * when the grammar changes (a test checks that file is current).
 *
 * The tables carry a fingerprint of the grammar they were computed from (its rules as chevrotain
 * records them, and its tokens with their categories). A grammar whose fingerprint differs works
 * everything out afresh, exactly as chevrotain does, so stale tables cost time, never a wrong parse.
 */
import type { ILookaheadStrategy, IOrAlt, IToken, OptionalProductionType, Rule, TokenType } from 'chevrotain';
import { getLookaheadPaths, LLkLookaheadStrategy, serializeGrammar, tokenMatcher } from '../chevrotain.js';

/** Token sequences by token name: per way of a decision, the sequences that choose it. */
type NamedPaths = readonly (readonly (readonly string[])[])[];

export interface GrammarTables {
  /** `fingerprint(rules, tokens)` of the grammar the tables were computed from. */
  readonly fingerprint: string;
  /** Per decision, keyed `rule|production type|occurrence`: the lookahead paths of each way. */
  readonly lookahead: Readonly<Record<string, NamedPaths>>;
  /** chevrotain's follow sets, by its own keys, as token names. */
  readonly follows: Readonly<Record<string, readonly string[]>>;
}

/** The parser as the lookahead functions see it (chevrotain calls them with the parser as `this`). */
interface LookingAhead {
  LA(howMuch: number): IToken;
}

/** A 53-bit hash of a string (two 32-bit multiplicative hashes mixed): a fingerprint, not a secret. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** What the tables depend on: the recorded rules and the tokens with their categories (paths are worked out over both). */
export function fingerprint(rules: readonly Rule[], tokens: readonly TokenType[]): string {
  const vocabulary = tokens.map((t) => `${t.name}<${(t.CATEGORIES ?? []).map((c) => c.name).join(',')}`).join(';');
  return hash(`${JSON.stringify(serializeGrammar(rules as Rule[]))}\n${vocabulary}`);
}

const decisionKey = (rule: Rule, type: string, occurrence: number): string => `${rule.name}|${type}|${occurrence}`;

/** Whether the next tokens are one of `paths`. */
function matchesAny(parser: LookingAhead, paths: readonly (readonly TokenType[])[]): boolean {
  next: for (const path of paths) {
    for (let i = 0; i < path.length; i++) if (!tokenMatcher(parser.LA(i + 1), path[i]!)) continue next;
    return true;
  }
  return false;
}

/**
 * Where every path of every way is one token long, the way is found by the next token's type
 * index alone: an array from type index to the first way that token (or a category it belongs
 * to) chooses.
 */
function byFirstToken(ways: readonly (readonly (readonly TokenType[])[])[]): Int16Array | undefined {
  if (!ways.every((paths) => paths.every((p) => p.length === 1))) return undefined;
  const all = ways.flat(2);
  const size = Math.max(0, ...all.map((t) => Math.max(t.tokenTypeIdx ?? 0, ...(t.categoryMatches ?? [])))) + 1;
  const choice = new Int16Array(size).fill(-1);
  ways.forEach((paths, way) => {
    for (const [token] of paths) {
      for (const idx of [token!.tokenTypeIdx!, ...(token!.categoryMatches ?? [])]) if (choice[idx] === -1) choice[idx] = way;
    }
  });
  return choice;
}

/** The lookahead function of an `OR`: the first way whose gate (if any) allows it and whose paths match. */
function alternationFunction(ways: readonly (readonly (readonly TokenType[])[])[], hasPredicates: boolean): (alts?: IOrAlt<unknown>[]) => number | undefined {
  const first = hasPredicates ? undefined : byFirstToken(ways);
  if (first) {
    return function (this: LookingAhead) {
      const way = first[this.LA(1).tokenTypeIdx] ?? -1;
      return way === -1 ? undefined : way;
    };
  }
  return function (this: LookingAhead, alts?: IOrAlt<unknown>[]) {
    for (let way = 0; way < ways.length; way++) {
      const gate = hasPredicates ? alts?.[way]?.GATE : undefined;
      if (gate !== undefined && gate.call(this) === false) continue;
      if (matchesAny(this, ways[way]!)) return way;
    }
    return undefined;
  };
}

/** The lookahead function of a `MANY`, `OPTION`, …: whether the next tokens enter it. */
function optionalFunction(paths: readonly (readonly TokenType[])[]): () => boolean {
  const first = byFirstToken([paths]);
  if (first) {
    return function (this: LookingAhead) {
      return first[this.LA(1).tokenTypeIdx] === 0;
    };
  }
  return function (this: LookingAhead) {
    return matchesAny(this, paths);
  };
}

/**
 * chevrotain's LL(k) lookahead, its paths taken from tables where they are current and worked
 * out (and recorded, for the tables' writer) where they are not.
 */
export class TableLookahead extends LLkLookaheadStrategy implements ILookaheadStrategy {
  private readonly byName: ReadonlyMap<string, TokenType>;
  /** Whether the tables fit this grammar: decided in `initialize`, before any lookahead is built. */
  current = false;
  /** The paths as built, by token name: what the tables' writer writes. */
  readonly recorded: Record<string, NamedPaths> = {};
  fingerprint = '';

  constructor(
    maxLookahead: number,
    private readonly tokens: readonly TokenType[],
    private readonly tables: GrammarTables | undefined,
  ) {
    super({ maxLookahead });
    this.byName = new Map(tokens.map((t) => [t.name, t]));
  }

  override initialize(options: { rules: Rule[] }): void {
    this.fingerprint = fingerprint(options.rules, this.tokens);
    this.current = this.tables?.fingerprint === this.fingerprint;
  }

  /** The tokens named, or undefined when one is not a token of this grammar. */
  tokensNamed(names: readonly string[]): TokenType[] | undefined {
    const tokens: TokenType[] = [];
    for (const name of names) {
      const token = this.byName.get(name);
      if (!token) return undefined;
      tokens.push(token);
    }
    return tokens;
  }

  private paths(rule: Rule, type: string, occurrence: number, maxLookahead: number): TokenType[][][] {
    const key = decisionKey(rule, type, occurrence);
    const known = this.current ? this.tables!.lookahead[key] : undefined;
    if (known) {
      const ways = known.map((paths) => paths.map((p) => this.tokensNamed(p)));
      if (ways.every((paths) => paths.every((p) => p !== undefined))) return ways as TokenType[][][];
    }
    const prodType = type as OptionalProductionType | 'Alternation';
    const all = getLookaheadPaths({ occurrence, rule, prodType, maxLookahead });
    // An optional production's paths are [into it, past it]: only the first decides.
    const ways = type === 'Alternation' ? all : all.slice(0, 1);
    this.recorded[key] = ways.map((paths) => paths.map((p) => p.map((t) => t.name)));
    return ways;
  }

  override buildLookaheadForAlternation(options: { prodOccurrence: number; rule: Rule; maxLookahead: number; hasPredicates: boolean }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    return alternationFunction(this.paths(options.rule, 'Alternation', options.prodOccurrence, options.maxLookahead), options.hasPredicates);
  }

  override buildLookaheadForOptional(options: { prodOccurrence: number; prodType: OptionalProductionType; rule: Rule; maxLookahead: number }): () => boolean {
    return optionalFunction(this.paths(options.rule, options.prodType, options.prodOccurrence, options.maxLookahead)[0]!);
  }
}

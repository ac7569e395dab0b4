/**
 * The `.dipmap` grammar (chevrotain, concrete syntax tree, error recovery on).
 *
 * Recovery strategy: besides chevrotain's own token insertion and deletion,
 * every block and the top level accept "junk" tokens as a last alternative, so
 * that one unknown word costs one diagnostic and not the rest of the block. Junk
 * inside a block never swallows a brace or a top-level keyword, so an unclosed
 * block ends where the next declaration begins.
 *
 * Wrong words: where a declaration or an item begins with a keyword, a word
 * that is no keyword but close to one of the place's keywords (`provnice`,
 * `nmae`, `cnetres`; expected.ts) begins it as that keyword would, labelled
 * `misspelt`; a word among a province's flags that is none of them is taken
 * as `wrongFlag`. Gates on the alternatives decide, so the rest of the
 * declaration is read as written and one slip costs one diagnostic (parse.ts).
 *
 * One file past 500 lines on purpose: chevrotain takes a grammar as one parser
 * class, each rule a field of it, all of them defined before
 * `performSelfAnalysis` works out the lookahead and recovery over the whole;
 * the rules read in the order of the language's declarations. What they stand
 * on is elsewhere: the tokens (lexer.ts), the keywords a wrong word is a slip
 * for (expected.ts), the lookahead and follow tables (grammar-tables.ts).
 */
import type { IToken, TokenType } from 'chevrotain';
import { CstParser, EOF, tokenMatcher } from '../chevrotain.js';
import { TableLookahead, type GrammarTables } from './grammar-tables.js';
import { MAP_GRAMMAR_TABLES } from './grammar-tables-data.js';
import {
  allTokens,
  AnyToken,
  BlockJunk,
  Identifier,
  Arrow,
  Colon,
  Colour,
  Comma,
  Kw,
  LCurly,
  Minus,
  Name,
  NumberLiteral,
  RCurly,
  Semicolon,
  Slash,
  StringLiteral,
  mapTokens,
  topLevelKeywords,
} from '../lexer.js';
import { FLAG_WORDS, NEUTRAL_WORDS, POWER_ITEMS, PROVINCE_ITEMS, slipFor, TOP_LEVEL_WORDS, VARIANT_ITEMS, COAST_ITEMS } from './expected.js';

/** What a word among a province's flags may be a slip for: a flag, or the keyword of the next declaration. */
const FLAGS_OR_DECLARATIONS: readonly string[] = [...FLAG_WORDS, ...TOP_LEVEL_WORDS];

const MAX_LOOKAHEAD = 3;

/** The parts of chevrotain's parser state that the tables set (not in its typings). */
interface Recovering {
  recoveryEnabled: boolean;
  resyncFollows: Record<string, TokenType[]>;
}

/** The follow sets of the tables as this grammar's tokens, or undefined when one is unknown. */
function followsFrom(tables: GrammarTables, lookahead: TableLookahead): Record<string, TokenType[]> | undefined {
  const follows: Record<string, TokenType[]> = {};
  for (const [key, names] of Object.entries(tables.follows)) {
    const tokens = lookahead.tokensNamed(names);
    if (!tokens) return undefined;
    follows[key] = tokens;
  }
  return follows;
}

export class MapGrammar extends CstParser {
  /**
   * `validate` runs chevrotain's checks of the grammar itself (ambiguities, left recursion), which
   * cost about a fifth of building it and find nothing in a grammar that passed them once: the
   * tests build it with them (grammar-validations.test.ts), a run of dipforge without.
   */
  /**
   * `tables: null` works the lookahead and follow sets out afresh (what the tables' writer
   * records); `plain` leaves both to chevrotain's own code, which the tests compare against.
   */
  constructor(options: { validate?: boolean; tables?: GrammarTables | null; plain?: boolean } = {}) {
    const tables = options.plain ? undefined : options.tables === undefined ? MAP_GRAMMAR_TABLES : (options.tables ?? undefined);
    // The tokens are made on first use (lexer.ts); the rules below read them once the parser is built.
    mapTokens();
    const parserTokens: TokenType[] = [...allTokens, AnyToken, BlockJunk];
    const lookahead = new TableLookahead(MAX_LOOKAHEAD, [...parserTokens, EOF], tables);
    super(parserTokens, {
      recoveryEnabled: true,
      nodeLocationTracking: 'full',
      maxLookahead: MAX_LOOKAHEAD,
      skipValidations: !options.validate,
      ...(options.plain ? {} : { lookaheadStrategy: lookahead }),
    });
    this.lookahead = lookahead;
    const analysed = this as unknown as Recovering;
    // chevrotain computes the follow sets during the analysis only when recovery is on: off for
    // its length, they are taken from the tables (or, when those are stale, from a grammar built
    // without them), and recovery is back on before the first parse.
    if (tables) analysed.recoveryEnabled = false;
    this.performSelfAnalysis();
    if (tables) {
      const follows = lookahead.current ? followsFrom(tables, lookahead) : undefined;
      analysed.resyncFollows = follows ?? (new MapGrammar({ tables: null }) as unknown as Recovering).resyncFollows;
      analysed.recoveryEnabled = true;
    }
  }

  /** The lookahead strategy, which recorded the paths it built (`mapGrammarTables`). */
  private readonly lookahead: TableLookahead;

  /** The tables of this grammar as chevrotain works them out (for scripts/map-grammar-tables.mjs). */
  tables(): GrammarTables {
    const follows = (this as unknown as Recovering).resyncFollows;
    return {
      fingerprint: this.lookahead.fingerprint,
      lookahead: this.lookahead.recorded,
      follows: Object.fromEntries(Object.entries(follows).map(([key, tokens]) => [key, tokens.map((t) => t.name)])),
    };
  }

  /** The slips worked out for a token, per list of words: the gates of one decision ask for the same one in turn. */
  private readonly slips = new WeakMap<IToken, Map<readonly string[], string | undefined>>();

  /** The word of `words` the token is a slip for (`slipFor`), worked out once per token and list. */
  private slip(token: IToken, words: readonly string[]): string | undefined {
    let known = this.slips.get(token);
    if (!known) this.slips.set(token, (known = new Map()));
    if (!known.has(words)) known.set(words, slipFor(token.image, words));
    return known.get(words);
  }

  /**
   * Whether the next token begins what `word` begins: it is `keyword`, or a word
   * that is no keyword and closest to `word` of the place's `words`.
   */
  private starts(keyword: TokenType, word: string, words: readonly string[]): boolean {
    const next = this.LA(1);
    if (tokenMatcher(next, keyword)) return true;
    return next.tokenType === Identifier && this.slip(next, words) === word;
  }

  /** The same for a place where one of several keywords begins it (`author`, `version`, `description`). */
  private startsAny(keywords: readonly TokenType[], words: readonly string[]): boolean {
    const next = this.LA(1);
    if (keywords.some((k) => tokenMatcher(next, k))) return true;
    if (next.tokenType !== Identifier) return false;
    const slip = this.slip(next, words);
    return keywords.some((k) => k.name === `Kw_${slip}`);
  }

  /**
   * Whether the next token is a wrong word among a province's flags: a word that
   * is no keyword and is closer to a flag than to a declaration's keyword, or,
   * close to none, written on the line of the token before it.
   */
  private wrongFlag(): boolean {
    const next = this.LA(1);
    if (next.tokenType !== Identifier) return false;
    const slip = this.slip(next, FLAGS_OR_DECLARATIONS);
    if (slip !== undefined) return (FLAG_WORDS as readonly string[]).includes(slip);
    return next.startLine === this.LA(0).endLine;
  }

  /** The keyword that begins a declaration or item, or a word taken for it (`misspelt`; the gate before decided). */
  private lead(keywords: readonly TokenType[], label = 'keyword'): void {
    this.OR9([
      ...keywords.map((k) => ({ ALT: () => this.CONSUME9(k, { LABEL: label }) })),
      { ALT: () => this.CONSUME9(Identifier, { LABEL: 'misspelt' }) },
    ]);
  }

  file = this.RULE('file', () => {
    const top = TOP_LEVEL_WORDS;
    this.MANY(() =>
      this.OR([
        { GATE: () => this.starts(Kw.import, 'import', top), ALT: () => this.SUBRULE(this.importDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.variant, 'variant', top), ALT: () => this.SUBRULE(this.variantDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.province, 'province', top), ALT: () => this.SUBRULE(this.provinceDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.adjacency, 'adjacency', top), ALT: () => this.SUBRULE(this.adjacencyDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.power, 'power', top), ALT: () => this.SUBRULE(this.powerDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.neutral, 'neutral', top), ALT: () => this.SUBRULE(this.neutralDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.rules, 'rules', top), ALT: () => this.SUBRULE(this.rulesDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.ruleset, 'ruleset', top), ALT: () => this.SUBRULE(this.rulesetDecl), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.remove, 'remove', top), ALT: () => this.SUBRULE(this.removeDecl), IGNORE_AMBIGUITIES: true },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(AnyToken, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
  });

  importDecl = this.RULE('importDecl', () => {
    this.lead([Kw.import]);
    this.CONSUME(StringLiteral, { LABEL: 'path' });
  });

  variantDecl = this.RULE('variantDecl', () => {
    this.lead([Kw.variant]);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.CONSUME(LCurly);
    const items = VARIANT_ITEMS;
    this.MANY(() =>
      this.OR([
        { GATE: () => this.starts(Kw.extends, 'extends', items), ALT: () => this.SUBRULE(this.extendsItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.startsAny([Kw.author, Kw.version, Kw.description], items), ALT: () => this.SUBRULE(this.textItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.start, 'start', items), ALT: () => this.SUBRULE(this.startItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.board, 'board', items), ALT: () => this.SUBRULE(this.boardItem), IGNORE_AMBIGUITIES: true },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  extendsItem = this.RULE('extendsItem', () => {
    this.lead([Kw.extends]);
    this.OR([
      { ALT: () => this.CONSUME(StringLiteral, { LABEL: 'path' }) },
      { ALT: () => this.CONSUME(Name, { LABEL: 'name' }) },
    ]);
  });

  textItem = this.RULE('textItem', () => {
    this.lead([Kw.author, Kw.version, Kw.description], 'key');
    this.CONSUME(StringLiteral, { LABEL: 'value' });
  });

  startItem = this.RULE('startItem', () => {
    this.lead([Kw.start]);
    this.CONSUME(NumberLiteral, { LABEL: 'year' });
    this.CONSUME(Name, { LABEL: 'season' });
    this.CONSUME2(Name, { LABEL: 'phase' });
  });

  /** `board "map.svg"`, with the adjacent pairs the artwork draws apart: `link den: swe, con: ank`. */
  boardItem = this.RULE('boardItem', () => {
    this.lead([Kw.board]);
    this.CONSUME(StringLiteral, { LABEL: 'path' });
    this.OPTION(() => {
      this.CONSUME(Kw.link);
      this.SUBRULE(this.boardLink);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.boardLink);
      });
    });
  });

  boardLink = this.RULE('boardLink', () => {
    this.CONSUME(Name, { LABEL: 'a' });
    this.CONSUME(Colon);
    this.CONSUME2(Name, { LABEL: 'b' });
  });

  provinceDecl = this.RULE('provinceDecl', () => {
    this.lead([Kw.province]);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.MANY({
      // A word that is no keyword goes on the flags only when it is a wrong flag, else it ends them.
      GATE: () => this.LA(1).tokenType !== Identifier || this.wrongFlag(),
      DEF: () =>
        this.OR([
          { ALT: () => this.CONSUME(Kw.land, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Kw.sea, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Kw.coast, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Kw.supply, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Kw.impassable, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Kw.archipelago, { LABEL: 'flag' }) },
          { ALT: () => this.CONSUME(Identifier, { LABEL: 'wrongFlag' }) },
        ]),
    });
    this.OPTION2(() => {
      this.CONSUME(LCurly);
      const items = PROVINCE_ITEMS;
      this.MANY2(() =>
        this.OR2([
          { GATE: () => this.starts(Kw.coast, 'coast', items), ALT: () => this.SUBRULE(this.coastItem), IGNORE_AMBIGUITIES: true },
          { GATE: () => this.starts(Kw.name, 'name', items), ALT: () => this.SUBRULE(this.nameItem), IGNORE_AMBIGUITIES: true },
          { GATE: () => this.starts(Kw.alias, 'alias', items), ALT: () => this.SUBRULE(this.aliasItem), IGNORE_AMBIGUITIES: true },
          { GATE: () => this.starts(Kw.at, 'at', items), ALT: () => this.SUBRULE(this.atItem), IGNORE_AMBIGUITIES: true },
          { ALT: () => this.CONSUME(Semicolon) },
          { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
        ]),
      );
      this.CONSUME(RCurly);
    });
  });

  coastItem = this.RULE('coastItem', () => {
    this.lead([Kw.coast]);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.OPTION2(() => {
      this.CONSUME(LCurly);
      this.MANY(() =>
        this.OR([
          { GATE: () => this.starts(Kw.name, 'name', COAST_ITEMS), ALT: () => this.SUBRULE(this.nameItem), IGNORE_AMBIGUITIES: true },
          { ALT: () => this.CONSUME(Semicolon) },
          { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
        ]),
      );
      this.CONSUME(RCurly);
    });
  });

  nameItem = this.RULE('nameItem', () => {
    this.lead([Kw.name]);
    this.CONSUME(Name, { LABEL: 'lang' });
    this.CONSUME(StringLiteral, { LABEL: 'value' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(StringLiteral, { LABEL: 'value' });
    });
  });

  aliasItem = this.RULE('aliasItem', () => {
    this.lead([Kw.alias]);
    this.SUBRULE(this.nameList);
  });

  nameList = this.RULE('nameList', () => {
    this.CONSUME(Name, { LABEL: 'name' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(Name, { LABEL: 'name' });
    });
  });

  atItem = this.RULE('atItem', () => {
    this.lead([Kw.at]);
    this.SUBRULE(this.signedNumber, { LABEL: 'x' });
    this.OPTION(() => this.CONSUME(Comma));
    this.SUBRULE2(this.signedNumber, { LABEL: 'y' });
  });

  signedNumber = this.RULE('signedNumber', () => {
    this.OPTION(() => this.CONSUME(Minus));
    this.CONSUME(NumberLiteral);
  });

  location = this.RULE('location', () => {
    this.CONSUME(Name, { LABEL: 'province' });
    this.OPTION(() => {
      this.CONSUME(Slash);
      this.CONSUME2(Name, { LABEL: 'coast' });
    });
  });

  adjacencyDecl = this.RULE('adjacencyDecl', () => {
    this.lead([Kw.adjacency]);
    this.CONSUME(LCurly);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.adjacencyLine) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  adjacencyLine = this.RULE('adjacencyLine', () => {
    this.CONSUME(Name, { LABEL: 'unit' });
    this.SUBRULE(this.location, { LABEL: 'from' });
    this.OR([{ ALT: () => this.CONSUME(Colon, { LABEL: 'twoWay' }) }, { ALT: () => this.CONSUME(Arrow, { LABEL: 'oneWay' }) }]);
    this.SUBRULE2(this.location, { LABEL: 'to' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE3(this.location, { LABEL: 'to' });
    });
  });

  powerDecl = this.RULE('powerDecl', () => {
    this.lead([Kw.power]);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.CONSUME(LCurly);
    const items = POWER_ITEMS;
    this.MANY(() =>
      this.OR([
        { GATE: () => this.starts(Kw.adjective, 'adjective', items), ALT: () => this.SUBRULE(this.adjectiveItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.colour, 'colour', items), ALT: () => this.SUBRULE(this.colourItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.name, 'name', items), ALT: () => this.SUBRULE(this.nameItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.alias, 'alias', items), ALT: () => this.SUBRULE(this.aliasItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.home, 'home', items), ALT: () => this.SUBRULE(this.homeItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.country, 'country', items), ALT: () => this.SUBRULE(this.countryItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.units, 'units', items), ALT: () => this.SUBRULE(this.unitsItem), IGNORE_AMBIGUITIES: true },
        { GATE: () => this.starts(Kw.owns, 'owns', items), ALT: () => this.SUBRULE(this.ownsItem), IGNORE_AMBIGUITIES: true },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  adjectiveItem = this.RULE('adjectiveItem', () => {
    this.lead([Kw.adjective]);
    this.CONSUME(StringLiteral, { LABEL: 'value' });
  });

  colourItem = this.RULE('colourItem', () => {
    this.lead([Kw.colour]);
    this.CONSUME(Colour, { LABEL: 'value' });
  });

  homeItem = this.RULE('homeItem', () => {
    this.lead([Kw.home]);
    this.SUBRULE(this.nameList);
  });

  countryItem = this.RULE('countryItem', () => {
    this.lead([Kw.country]);
    this.SUBRULE(this.nameList);
  });

  ownsItem = this.RULE('ownsItem', () => {
    this.lead([Kw.owns]);
    this.OPTION(() => this.SUBRULE(this.nameList));
  });

  unitsItem = this.RULE('unitsItem', () => {
    this.lead([Kw.units]);
    this.SUBRULE(this.unitSpec);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.unitSpec);
    });
  });

  unitSpec = this.RULE('unitSpec', () => {
    this.CONSUME(Name, { LABEL: 'unit' });
    this.SUBRULE(this.location);
  });

  neutralDecl = this.RULE('neutralDecl', () => {
    this.lead([Kw.neutral]);
    this.OR([
      {
        GATE: () => this.starts(Kw.centres, 'centres', NEUTRAL_WORDS),
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(Kw.centres) }, { ALT: () => this.CONSUME(Identifier, { LABEL: 'wrongWord' }) }]);
          this.SUBRULE(this.nameList);
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        GATE: () => this.starts(Kw.units, 'units', NEUTRAL_WORDS),
        IGNORE_AMBIGUITIES: true,
        ALT: () => {
          this.OR3([{ ALT: () => this.CONSUME(Kw.units) }, { ALT: () => this.CONSUME2(Identifier, { LABEL: 'wrongWord' }) }]);
          this.SUBRULE(this.unitSpec);
          this.MANY(() => {
            this.CONSUME(Comma);
            this.SUBRULE2(this.unitSpec);
          });
        },
      },
    ]);
  });

  rulesDecl = this.RULE('rulesDecl', () => {
    this.lead([Kw.rules]);
    this.SUBRULE(this.optionBlock);
  });

  rulesetDecl = this.RULE('rulesetDecl', () => {
    this.lead([Kw.ruleset]);
    this.SUBRULE(this.rulesetName, { LABEL: 'name' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.OPTION2(() => {
      this.CONSUME(Kw.extends);
      this.SUBRULE2(this.rulesetName, { LABEL: 'base' });
    });
    this.SUBRULE(this.optionBlock);
  });

  rulesetName = this.RULE('rulesetName', () => {
    this.OR([
      { ALT: () => this.CONSUME(Name) },
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(StringLiteral) },
    ]);
  });

  optionBlock = this.RULE('optionBlock', () => {
    this.CONSUME(LCurly);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.ruleOption) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  ruleOption = this.RULE('ruleOption', () => {
    this.CONSUME(Name, { LABEL: 'key' });
    this.SUBRULE(this.optionValue);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.optionValue);
    });
  });

  optionValue = this.RULE('optionValue', () => {
    this.OR([
      { ALT: () => this.CONSUME(Name) },
      { ALT: () => this.SUBRULE(this.signedNumber) },
      { ALT: () => this.CONSUME(StringLiteral) },
    ]);
  });

  removeDecl = this.RULE('removeDecl', () => {
    this.lead([Kw.remove]);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(Kw.province, { LABEL: 'what' });
          this.CONSUME(Name, { LABEL: 'id' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(Kw.power, { LABEL: 'what' });
          this.CONSUME2(Name, { LABEL: 'id' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(Kw.adjacency, { LABEL: 'what' });
          this.SUBRULE(this.adjacencyLine);
        },
      },
      {
        // `remove neutral centres` (all of the base's) or `remove neutral centres bel, hol`.
        ALT: () => {
          this.CONSUME(Kw.neutral, { LABEL: 'what' });
          this.CONSUME(Kw.centres, { LABEL: 'centres' });
          // Keywords are names too: a top-level keyword on a later line starts the next
          // declaration, not the list (`remove neutral centres` then `power …`).
          this.OPTION({
            GATE: () => {
              const next = this.LA(1);
              return next.startLine === this.LA(0).startLine || !topLevelKeywords.some((k) => tokenMatcher(next, k));
            },
            DEF: () => this.SUBRULE(this.nameList),
          });
        },
      },
    ]);
  });
}

let mapGrammarCache: MapGrammar | undefined;
/** One grammar instance serves every parse (chevrotain parsers are meant to be reused), built on first use. */
export function mapGrammar(): MapGrammar {
  mapGrammarCache ??= new MapGrammar();
  return mapGrammarCache;
}

/**
 * The `.dipmap` grammar (chevrotain, concrete syntax tree, error recovery on).
 *
 * Recovery strategy: besides chevrotain's own token insertion and deletion,
 * every block and the top level accept "junk" tokens as a last alternative, so
 * that one unknown word costs one diagnostic and not the rest of the block. Junk
 * inside a block never swallows a brace or a top-level keyword, so an unclosed
 * block ends where the next declaration begins.
 */
import type { TokenType } from 'chevrotain';
import { createToken, CstParser, Lexer, tokenMatcher } from '../chevrotain.js';
import {
  allTokens,
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
} from '../lexer.js';

/** Categories for junk: any token at the top level; inside blocks, none that close or start a declaration. */
export const AnyToken = createToken({ name: 'AnyToken', pattern: Lexer.NA });
export const BlockJunk = createToken({ name: 'BlockJunk', pattern: Lexer.NA });

const topLevelKeywords: TokenType[] = [
  Kw.variant,
  Kw.province,
  Kw.power,
  Kw.adjacency,
  Kw.neutral,
  Kw.rules,
  Kw.ruleset,
  Kw.import,
  Kw.remove,
];

for (const token of allTokens) {
  if (token === Name || token.PATTERN === Lexer.NA) continue;
  const categories = (token.CATEGORIES ??= []);
  categories.push(AnyToken);
  if (token !== LCurly && token !== RCurly && !topLevelKeywords.includes(token)) categories.push(BlockJunk);
}

const parserTokens: TokenType[] = [...allTokens, AnyToken, BlockJunk];

export class MapGrammar extends CstParser {
  /**
   * `validate` runs chevrotain's checks of the grammar itself (ambiguities, left recursion), which
   * cost about a fifth of building it and find nothing in a grammar that passed them once: the
   * tests build it with them (grammar-validations.test.ts), a run of dipforge without.
   */
  constructor(options: { validate?: boolean } = {}) {
    super(parserTokens, { recoveryEnabled: true, nodeLocationTracking: 'full', maxLookahead: 3, skipValidations: !options.validate });
    this.performSelfAnalysis();
  }

  file = this.RULE('file', () => {
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.importDecl) },
        { ALT: () => this.SUBRULE(this.variantDecl) },
        { ALT: () => this.SUBRULE(this.provinceDecl) },
        { ALT: () => this.SUBRULE(this.adjacencyDecl) },
        { ALT: () => this.SUBRULE(this.powerDecl) },
        { ALT: () => this.SUBRULE(this.neutralDecl) },
        { ALT: () => this.SUBRULE(this.rulesDecl) },
        { ALT: () => this.SUBRULE(this.rulesetDecl) },
        { ALT: () => this.SUBRULE(this.removeDecl) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(AnyToken, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
  });

  importDecl = this.RULE('importDecl', () => {
    this.CONSUME(Kw.import);
    this.CONSUME(StringLiteral, { LABEL: 'path' });
  });

  variantDecl = this.RULE('variantDecl', () => {
    this.CONSUME(Kw.variant);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.CONSUME(LCurly);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.extendsItem) },
        { ALT: () => this.SUBRULE(this.textItem) },
        { ALT: () => this.SUBRULE(this.startItem) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  extendsItem = this.RULE('extendsItem', () => {
    this.CONSUME(Kw.extends);
    this.OR([
      { ALT: () => this.CONSUME(StringLiteral, { LABEL: 'path' }) },
      { ALT: () => this.CONSUME(Name, { LABEL: 'name' }) },
    ]);
  });

  textItem = this.RULE('textItem', () => {
    this.OR([
      { ALT: () => this.CONSUME(Kw.author, { LABEL: 'key' }) },
      { ALT: () => this.CONSUME(Kw.version, { LABEL: 'key' }) },
      { ALT: () => this.CONSUME(Kw.description, { LABEL: 'key' }) },
    ]);
    this.CONSUME(StringLiteral, { LABEL: 'value' });
  });

  startItem = this.RULE('startItem', () => {
    this.CONSUME(Kw.start);
    this.CONSUME(NumberLiteral, { LABEL: 'year' });
    this.CONSUME(Name, { LABEL: 'season' });
    this.CONSUME2(Name, { LABEL: 'phase' });
  });

  provinceDecl = this.RULE('provinceDecl', () => {
    this.CONSUME(Kw.province);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.MANY(() =>
      this.OR([
        { ALT: () => this.CONSUME(Kw.land, { LABEL: 'flag' }) },
        { ALT: () => this.CONSUME(Kw.sea, { LABEL: 'flag' }) },
        { ALT: () => this.CONSUME(Kw.coast, { LABEL: 'flag' }) },
        { ALT: () => this.CONSUME(Kw.supply, { LABEL: 'flag' }) },
        { ALT: () => this.CONSUME(Kw.impassable, { LABEL: 'flag' }) },
        { ALT: () => this.CONSUME(Kw.archipelago, { LABEL: 'flag' }) },
      ]),
    );
    this.OPTION2(() => {
      this.CONSUME(LCurly);
      this.MANY2(() =>
        this.OR2([
          { ALT: () => this.SUBRULE(this.coastItem) },
          { ALT: () => this.SUBRULE(this.nameItem) },
          { ALT: () => this.SUBRULE(this.aliasItem) },
          { ALT: () => this.SUBRULE(this.atItem) },
          { ALT: () => this.CONSUME(Semicolon) },
          { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
        ]),
      );
      this.CONSUME(RCurly);
    });
  });

  coastItem = this.RULE('coastItem', () => {
    this.CONSUME(Kw.coast);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.OPTION2(() => {
      this.CONSUME(LCurly);
      this.MANY(() =>
        this.OR([
          { ALT: () => this.SUBRULE(this.nameItem) },
          { ALT: () => this.CONSUME(Semicolon) },
          { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
        ]),
      );
      this.CONSUME(RCurly);
    });
  });

  nameItem = this.RULE('nameItem', () => {
    this.CONSUME(Kw.name);
    this.CONSUME(Name, { LABEL: 'lang' });
    this.CONSUME(StringLiteral, { LABEL: 'value' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(StringLiteral, { LABEL: 'value' });
    });
  });

  aliasItem = this.RULE('aliasItem', () => {
    this.CONSUME(Kw.alias);
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
    this.CONSUME(Kw.at);
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
    this.CONSUME(Kw.adjacency);
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
    this.CONSUME(Kw.power);
    this.CONSUME(Name, { LABEL: 'id' });
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: 'title' }));
    this.CONSUME(LCurly);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.adjectiveItem) },
        { ALT: () => this.SUBRULE(this.colourItem) },
        { ALT: () => this.SUBRULE(this.nameItem) },
        { ALT: () => this.SUBRULE(this.aliasItem) },
        { ALT: () => this.SUBRULE(this.homeItem) },
        { ALT: () => this.SUBRULE(this.countryItem) },
        { ALT: () => this.SUBRULE(this.unitsItem) },
        { ALT: () => this.SUBRULE(this.ownsItem) },
        { ALT: () => this.CONSUME(Semicolon) },
        { ALT: () => this.CONSUME(BlockJunk, { LABEL: 'junk' }), IGNORE_AMBIGUITIES: true },
      ]),
    );
    this.CONSUME(RCurly);
  });

  adjectiveItem = this.RULE('adjectiveItem', () => {
    this.CONSUME(Kw.adjective);
    this.CONSUME(StringLiteral, { LABEL: 'value' });
  });

  colourItem = this.RULE('colourItem', () => {
    this.CONSUME(Kw.colour);
    this.CONSUME(Colour, { LABEL: 'value' });
  });

  homeItem = this.RULE('homeItem', () => {
    this.CONSUME(Kw.home);
    this.SUBRULE(this.nameList);
  });

  countryItem = this.RULE('countryItem', () => {
    this.CONSUME(Kw.country);
    this.SUBRULE(this.nameList);
  });

  ownsItem = this.RULE('ownsItem', () => {
    this.CONSUME(Kw.owns);
    this.OPTION(() => this.SUBRULE(this.nameList));
  });

  unitsItem = this.RULE('unitsItem', () => {
    this.CONSUME(Kw.units);
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
    this.CONSUME(Kw.neutral);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(Kw.centres);
          this.SUBRULE(this.nameList);
        },
      },
      {
        ALT: () => {
          this.CONSUME(Kw.units);
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
    this.CONSUME(Kw.rules);
    this.SUBRULE(this.optionBlock);
  });

  rulesetDecl = this.RULE('rulesetDecl', () => {
    this.CONSUME(Kw.ruleset);
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
    this.CONSUME(Kw.remove);
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

/**
 * The token vocabulary shared by dipforge's languages.
 *
 * Keywords are contextual: every keyword token is also in the `Name` category,
 * so wherever the grammar expects a name, a keyword is accepted (a province may
 * be called `sea`). Names are Unicode (华沙, Pariisi) with inner hyphens
 * (`convoy-paradox`, `zh-Hant`, `old-rules`).
 */
import type { CustomPatternMatcherFunc, IToken, TokenType } from 'chevrotain';
import { createToken, Lexer } from './chevrotain.js';

/**
 * chevrotain rebuilds regular expressions with only the `i` and `y` flags, which
 * would drop the `u` that Unicode property classes need; so Unicode-aware tokens
 * use custom matchers with their own sticky regular expression.
 */
function unicodePattern(source: string, ignoreCase = false): CustomPatternMatcherFunc {
  const re = new RegExp(source, ignoreCase ? 'iuy' : 'uy');
  return (text, offset) => {
    re.lastIndex = offset;
    return re.exec(text);
  };
}

/** Characters of a name: letters, combining marks, decimal digits and `_` (the VariantConfig id pattern). */
const NAME_CHAR = '[\\p{L}\\p{M}\\p{Nd}_]';
/** What may not follow a keyword or a number for it to end there. */
const NAME_GOES_ON = `(?!${NAME_CHAR}|-${NAME_CHAR})`;

/** Sticky: matches (empty) where a keyword or number may end. Shared, so it is compiled once. */
const nameEnds = new RegExp(NAME_GOES_ON, 'uy');

/**
 * A keyword's matcher runs at every name the lexer meets, once for each keyword, so it is kept
 * cheap. An ASCII first character that is not the keyword's own (either case) is turned away
 * before any regular expression runs; anything else (a non-ASCII letter, which Unicode
 * case-insensitive matching may fold onto the keyword's, such as `ſ` onto `s`) goes to it. The
 * word is matched case-insensitively and where it ends is checked apart: the same as one
 * expression `word(?!name character)` with the `i` flag (a name character's class is closed under
 * case folding already), but each keyword's own expression is then small to compile.
 */
function keywordPattern(word: string, pattern: string): CustomPatternMatcherFunc {
  const head = new RegExp(pattern, 'iuy');
  const lower = word.charCodeAt(0);
  const upper = word.toUpperCase().charCodeAt(0);
  return (text, offset) => {
    const c = text.charCodeAt(offset);
    if (c < 0x80 && c !== lower && c !== upper) return null;
    head.lastIndex = offset;
    const found = head.exec(text);
    if (!found) return null;
    nameEnds.lastIndex = offset + found[0].length;
    return nameEnds.test(text) ? found : null;
  };
}

/**
 * The keywords, each with the expression its spellings match (case-insensitively), in matching
 * order. A table, not the tokens: the tokens are made on first use (`mapTokens`).
 */
const KEYWORDS = {
  variant: 'variant',
  province: 'province',
  power: 'power',
  adjacency: 'adjacency',
  neutral: 'neutral',
  rules: 'rules',
  ruleset: 'ruleset',
  import: 'import',
  remove: 'remove',
  extends: 'extends',
  author: 'author',
  version: 'version',
  description: 'description',
  start: 'start',
  board: 'board',
  link: 'link',
  land: 'land',
  sea: 'sea',
  coast: 'coast',
  supply: 'supply',
  impassable: 'impassable',
  archipelago: 'archipelago',
  name: 'name',
  alias: 'alias',
  at: 'at',
  adjective: 'adjective',
  colour: 'colou?r',
  home: 'home',
  units: 'units',
  owns: 'owns',
  country: 'country',
  centres: 'cent(?:re|er)s',
} as const;

/** Each keyword token's name and the expression its spellings match (case-insensitively). */
export const keywordSpellings = new Map<string, string>(Object.entries(KEYWORDS).map(([word, pattern]) => [`Kw_${word}`, pattern]));

function keyword(word: string, pattern: string): TokenType {
  const token = createToken({
    name: `Kw_${word}`,
    pattern: keywordPattern(word, pattern),
    categories: [Name],
    line_breaks: false,
  });
  (token as { LABEL?: string }).LABEL = `'${word}'`;
  return token;
}

/*
 * The tokens are made by `mapTokens`, on first use, not when the module loads: making them costs a
 * fresh process several milliseconds of chevrotain's work, and a run that reads only built-in maps
 * takes their stored trees (workspace/stored-parses.ts) and never lexes a map. Until then the
 * bindings below are unset; the lexer and the grammar make the tokens before they read them.
 */
export let Name: TokenType;
export let Identifier: TokenType;
export let Kw: { readonly [K in keyof typeof KEYWORDS]: TokenType };
export let StringLiteral: TokenType;
/** A string with no closing quote on its line: accepted as a string, and reported. */
export let UnterminatedString: TokenType;
export let NumberLiteral: TokenType;
export let Colour: TokenType;
export let LCurly: TokenType;
export let RCurly: TokenType;
export let Comma: TokenType;
export let Colon: TokenType;
export let Semicolon: TokenType;
export let Arrow: TokenType;
export let Slash: TokenType;
export let Minus: TokenType;
export let WhiteSpace: TokenType;
export let LineComment: TokenType;
export let BlockComment: TokenType;
export let UnterminatedComment: TokenType;
/** The grammar's categories for junk: any token at the top level; inside blocks, none that close or start a declaration. */
export let AnyToken: TokenType;
export let BlockJunk: TokenType;
/** The keywords that start a top-level declaration. */
export let topLevelKeywords: TokenType[];
/** Token types in matching order: comments before `/`, `->` before `-`, keywords before names. */
export let allTokens: TokenType[];

let made = false;

/**
 * Makes the tokens, once. The grammar's junk categories are given to them here too, with the
 * tokens, so that every lexer and parser is built from tokens that already carry them.
 */
export function mapTokens(): void {
  if (made) return;
  made = true;
  Name = createToken({ name: 'Name', pattern: Lexer.NA });
  Identifier = createToken({
    name: 'Identifier',
    pattern: unicodePattern(`[\\p{L}\\p{Nd}_]${NAME_CHAR}*(?:-${NAME_CHAR}+)*`),
    categories: [Name],
    line_breaks: false,
  });
  const kw = {} as Record<keyof typeof KEYWORDS, TokenType>;
  for (const [word, pattern] of Object.entries(KEYWORDS)) kw[word as keyof typeof KEYWORDS] = keyword(word, pattern);
  Kw = kw;
  StringLiteral = createToken({ name: 'String', pattern: /"(?:[^"\\\r\n]|\\.)*"/ });
  UnterminatedString = createToken({
    name: 'UnterminatedString',
    pattern: /"(?:[^"\\\r\n]|\\.)*/,
    categories: [StringLiteral],
  });
  NumberLiteral = createToken({
    name: 'Number',
    pattern: unicodePattern(`\\d+(?:\\.\\d+)?${NAME_GOES_ON}`),
    line_breaks: false,
  });
  Colour = createToken({ name: 'Colour', pattern: /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?![0-9a-zA-Z_])/ });

  LCurly = createToken({ name: 'LCurly', pattern: '{', label: "'{'" });
  RCurly = createToken({ name: 'RCurly', pattern: '}', label: "'}'" });
  Comma = createToken({ name: 'Comma', pattern: ',', label: "','" });
  Colon = createToken({ name: 'Colon', pattern: ':', label: "':'" });
  Semicolon = createToken({ name: 'Semicolon', pattern: ';', label: "';'" });
  Arrow = createToken({ name: 'Arrow', pattern: /->|=>|\u2192/, label: "'->'" });
  Slash = createToken({ name: 'Slash', pattern: '/', label: "'/'" });
  Minus = createToken({ name: 'Minus', pattern: '-', label: "'-'" });

  WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\u00a0\u3000\ufeff]+/, group: Lexer.SKIPPED });
  LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: 'comments' });
  BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'comments', line_breaks: true });
  UnterminatedComment = createToken({
    name: 'UnterminatedComment',
    pattern: /\/\*[\s\S]*/,
    group: 'comments',
    line_breaks: true,
  });

  allTokens = [
    WhiteSpace,
    LineComment,
    BlockComment,
    UnterminatedComment,
    StringLiteral,
    UnterminatedString,
    Colour,
    NumberLiteral,
    Arrow,
    LCurly,
    RCurly,
    Comma,
    Colon,
    Semicolon,
    Slash,
    Minus,
    ...Object.values(kw),
    Identifier,
    Name,
  ];

  AnyToken = createToken({ name: 'AnyToken', pattern: Lexer.NA });
  BlockJunk = createToken({ name: 'BlockJunk', pattern: Lexer.NA });
  topLevelKeywords = [kw.variant, kw.province, kw.power, kw.adjacency, kw.neutral, kw.rules, kw.ruleset, kw.import, kw.remove];
  for (const token of allTokens) {
    if (token === Name || token.PATTERN === Lexer.NA) continue;
    const categories = (token.CATEGORIES ??= []);
    categories.push(AnyToken);
    if (token !== LCurly && token !== RCurly && !topLevelKeywords.includes(token)) categories.push(BlockJunk);
  }
}

let mapLexerCache: InstanceType<typeof Lexer> | undefined;
/** The `.dipmap` lexer, built on first use: loading the languages does no work that a run may not need. */
export function mapLexer(): InstanceType<typeof Lexer> {
  if (mapLexerCache) return mapLexerCache;
  mapTokens();
  mapLexerCache = new Lexer(allTokens, {
    positionTracking: 'full',
    ensureOptimizations: false,
    // The custom (Unicode) matchers give no first characters, so chevrotain cannot index the
    // tokens by first character anyway; safe mode skips its attempt (a 64K-entry table).
    safeMode: true,
    skipValidations: true,
  });
  return mapLexerCache;
}

export type Token = IToken;

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

export const Name = createToken({ name: 'Name', pattern: Lexer.NA });
export const Identifier = createToken({
  name: 'Identifier',
  pattern: unicodePattern(`[\\p{L}\\p{Nd}_]${NAME_CHAR}*(?:-${NAME_CHAR}+)*`),
  categories: [Name],
  line_breaks: false,
});

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

const keywordTokens: TokenType[] = [];
/** Each keyword token's name and the expression its spellings match (case-insensitively). */
export const keywordSpellings = new Map<string, string>();
function keyword(word: string, pattern: string = word): TokenType {
  keywordSpellings.set(`Kw_${word}`, pattern);
  const token = createToken({
    name: `Kw_${word}`,
    pattern: keywordPattern(word, pattern),
    categories: [Name],
    line_breaks: false,
  });
  (token as { LABEL?: string }).LABEL = `'${word}'`;
  keywordTokens.push(token);
  return token;
}

export const Kw = {
  variant: keyword('variant'),
  province: keyword('province'),
  power: keyword('power'),
  adjacency: keyword('adjacency'),
  neutral: keyword('neutral'),
  rules: keyword('rules'),
  ruleset: keyword('ruleset'),
  import: keyword('import'),
  remove: keyword('remove'),
  extends: keyword('extends'),
  author: keyword('author'),
  version: keyword('version'),
  description: keyword('description'),
  start: keyword('start'),
  board: keyword('board'),
  link: keyword('link'),
  land: keyword('land'),
  sea: keyword('sea'),
  coast: keyword('coast'),
  supply: keyword('supply'),
  impassable: keyword('impassable'),
  archipelago: keyword('archipelago'),
  name: keyword('name'),
  alias: keyword('alias'),
  at: keyword('at'),
  adjective: keyword('adjective'),
  colour: keyword('colour', 'colou?r'),
  home: keyword('home'),
  units: keyword('units'),
  owns: keyword('owns'),
  country: keyword('country'),
  centres: keyword('centres', 'cent(?:re|er)s'),
} as const;

export const StringLiteral = createToken({ name: 'String', pattern: /"(?:[^"\\\r\n]|\\.)*"/ });
/** A string with no closing quote on its line: accepted as a string, and reported. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /"(?:[^"\\\r\n]|\\.)*/,
  categories: [StringLiteral],
});
export const NumberLiteral = createToken({
  name: 'Number',
  pattern: unicodePattern(`\\d+(?:\\.\\d+)?${NAME_GOES_ON}`),
  line_breaks: false,
});
export const Colour = createToken({ name: 'Colour', pattern: /#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?![0-9a-zA-Z_])/ });

export const LCurly = createToken({ name: 'LCurly', pattern: '{', label: "'{'" });
export const RCurly = createToken({ name: 'RCurly', pattern: '}', label: "'}'" });
export const Comma = createToken({ name: 'Comma', pattern: ',', label: "','" });
export const Colon = createToken({ name: 'Colon', pattern: ':', label: "':'" });
export const Semicolon = createToken({ name: 'Semicolon', pattern: ';', label: "';'" });
export const Arrow = createToken({ name: 'Arrow', pattern: /->|=>|\u2192/, label: "'->'" });
export const Slash = createToken({ name: 'Slash', pattern: '/', label: "'/'" });
export const Minus = createToken({ name: 'Minus', pattern: '-', label: "'-'" });

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\u00a0\u3000\ufeff]+/, group: Lexer.SKIPPED });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: 'comments' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'comments', line_breaks: true });
export const UnterminatedComment = createToken({
  name: 'UnterminatedComment',
  pattern: /\/\*[\s\S]*/,
  group: 'comments',
  line_breaks: true,
});

/** Token types in matching order: comments before `/`, `->` before `-`, keywords before names. */
export const allTokens: TokenType[] = [
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
  ...keywordTokens,
  Identifier,
  Name,
];

let mapLexerCache: InstanceType<typeof Lexer> | undefined;
/** The `.dipmap` lexer, built on first use: loading the languages does no work that a run may not need. */
export function mapLexer(): InstanceType<typeof Lexer> {
  mapLexerCache ??= new Lexer(allTokens, {
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

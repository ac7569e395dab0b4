/**
 * Text to `.dipmap` syntax tree: lex, parse with recovery, then build the AST
 * from the concrete syntax tree. Never throws on any text; every problem is a
 * diagnostic with a range (the parser's own errors phrased by syntax-errors.ts).
 */
import type { CstElement, CstNode, IToken } from 'chevrotain';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { mapLexer, UnterminatedComment, UnterminatedString } from '../lexer.js';
import { LineIndex, type Range } from '../text/range.js';
import type * as A from './ast.js';
import { mapGrammar } from './grammar.js';
import { capped, isReal, syntaxDiagnostic, tokenRange } from './syntax-errors.js';
import { quoted } from '@dipforge/engine/config';
import {
  COAST_ITEMS,
  NEUTRAL_WORDS,
  OTHER_FLAGS,
  POWER_ITEMS,
  PROVINCE_ITEMS,
  slipFor,
  suggestionsFor,
  TERRAIN_WORDS,
  TOP_LEVEL_WORDS,
  VARIANT_ITEMS,
  wrongWordMessage,
} from './expected.js';

export interface ParsedMap {
  file: string;
  text: string;
  ast: A.MapFile;
  diagnostics: Diagnostic[];
  /** Comment tokens, kept for tools that need them (folding, formatting). */
  comments: IToken[];
  lines: LineIndex;
}

export function parseMap(text: string, file: string): ParsedMap {
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const lexed = mapLexer().tokenize(text);
  for (const e of lexed.errors) {
    const length = Math.max(1, e.length);
    const shown = quoted(text.slice(e.offset, e.offset + length));
    diagnostics.push(diagnostic('unexpectedCharacter', file, lines.range(e.offset, e.offset + length), `Unexpected character${length > 1 ? 's' : ''} ${shown}`),
    );
  }
  const comments = lexed.groups['comments'] ?? [];
  for (const c of comments) {
    if (c.tokenType === UnterminatedComment) {
      diagnostics.push(diagnostic('unterminatedComment', file, lines.range(c.startOffset, c.startOffset + 2), 'Block comment is not closed: add */'));
    }
  }
  for (const t of lexed.tokens) {
    if (t.tokenType === UnterminatedString) {
      diagnostics.push(diagnostic('unterminatedString', file, tokenRange(lines, t), 'String is not closed: add " before the end of the line'));
    }
  }

  const grammar = mapGrammar();
  grammar.input = lexed.tokens;
  const cst = grammar.file();
  for (const e of grammar.errors) diagnostics.push(syntaxDiagnostic(e, file, lines, lexed.tokens, text));

  const builder = new AstBuilder(lines, file, diagnostics);
  const ast = builder.file(cst, text.length);
  return { file, text, ast, diagnostics: capped(diagnostics, file, lines), comments, lines };
}

function unquote(image: string): string {
  const body = image.startsWith('"') ? image.slice(1, image.endsWith('"') && image.length > 1 ? -1 : undefined) : image;
  return body.replace(/\\(.)/g, '$1');
}

type Children = Record<string, CstElement[] | undefined>;

/** Builds AST nodes from CST nodes, skipping tokens chevrotain invented during recovery. */
class AstBuilder {
  constructor(
    private readonly lines: LineIndex,
    private readonly fileName: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  private range(node: CstNode | IToken): Range {
    if ('image' in node) return tokenRange(this.lines, node);
    const loc = node.location;
    if (loc && Number.isFinite(loc.startOffset) && loc.startOffset >= 0) {
      const end = Number.isFinite(loc.endOffset) && (loc.endOffset as number) >= loc.startOffset ? (loc.endOffset as number) + 1 : loc.startOffset;
      return this.lines.range(loc.startOffset, end);
    }
    // A node made only of inserted tokens: an empty range where it would have been.
    const first = this.firstRealToken(node);
    return first ? tokenRange(this.lines, first) : this.lines.range(0, 0);
  }

  private firstRealToken(node: CstNode): IToken | undefined {
    let best: IToken | undefined;
    for (const list of Object.values(node.children)) {
      for (const el of list ?? []) {
        const t = 'image' in el ? (isReal(el) ? el : undefined) : this.firstRealToken(el);
        if (t && (!best || t.startOffset < best.startOffset)) best = t;
      }
    }
    return best;
  }

  private tokens(children: Children, label: string): IToken[] {
    return (children[label] ?? []).filter((e): e is IToken => 'image' in e && isReal(e));
  }

  private token(children: Children, label: string): IToken | undefined {
    return this.tokens(children, label)[0];
  }

  private nodes(children: Children, label: string): CstNode[] {
    return (children[label] ?? []).filter((e): e is CstNode => !('image' in e));
  }

  private ident(t: IToken | undefined): A.Ident | undefined {
    return t ? { text: t.image, value: t.image.toLowerCase(), range: tokenRange(this.lines, t) } : undefined;
  }

  private str(t: IToken | undefined): A.StringLit | undefined {
    return t ? { value: unquote(t.image), range: tokenRange(this.lines, t) } : undefined;
  }

  private num(node: CstNode | undefined): A.NumberLit | undefined {
    if (!node) return undefined;
    const n = this.token(node.children, 'Number');
    if (!n) return undefined;
    const minus = this.token(node.children, 'Minus');
    const text = (minus ? '-' : '') + n.image;
    return { value: Number(text), text, range: this.range(node) };
  }

  private junk(children: Children): void {
    const junk = this.tokens(children, 'junk');
    // One diagnostic per run of adjacent junk tokens.
    let runStart: IToken | undefined;
    let runEnd: IToken | undefined;
    const flush = (): void => {
      if (!runStart || !runEnd) return;
      const range = this.lines.range(runStart.startOffset, (runEnd.endOffset ?? runEnd.startOffset) + 1);
      const text = this.lines.text.slice(range.start.offset, range.end.offset);
      this.diagnostics.push(diagnostic('syntaxError', this.fileName, range, `Unexpected ${quoted(text)} here`));
    };
    for (const t of junk.sort((a, b) => a.startOffset - b.startOffset)) {
      if (runEnd && this.onlySpaceBetween(runEnd, t)) runEnd = t;
      else {
        flush();
        runStart = t;
        runEnd = t;
      }
    }
    flush();
  }

  /**
   * Reports the word a declaration or item begins with that the grammar took for
   * one of the place's keywords (`misspelt`), with what the place expects, and
   * gives the keyword it stands for.
   */
  private misspelt(node: CstNode, words: readonly string[], closing = true): string | undefined {
    const t = this.token(node.children, 'misspelt');
    if (!t) return undefined;
    const suggestions = suggestionsFor(t.image, words);
    const expected = closing ? [...words, "'}'"] : [...words];
    this.wrongWord(t, expected, suggestions);
    return slipFor(t.image, words);
  }

  private wrongWord(t: IToken, expected: readonly string[], suggestions: readonly string[]): void {
    this.diagnostics.push(diagnostic('syntaxError', this.fileName, tokenRange(this.lines, t), wrongWordMessage(t.image, expected, suggestions), suggestions));
  }

  /** The items of a block: each item node, its wrong first word reported against the block's keywords. */
  private items(c: Children, labels: readonly string[], words: readonly string[]): void {
    for (const label of labels) for (const n of this.nodes(c, label)) this.misspelt(n, words);
  }

  /** A wrong word after a declaration's first that the grammar took for one of `words` (`neutral cnetres`). */
  private misspeltAfter(node: CstNode, words: readonly string[]): void {
    for (const t of this.tokens(node.children, 'wrongWord')) this.wrongWord(t, words, suggestionsFor(t.image, words));
  }

  private onlySpaceBetween(a: IToken, b: IToken): boolean {
    return /^[ \t]*$/.test(this.lines.text.slice((a.endOffset ?? a.startOffset) + 1, b.startOffset));
  }

  file(cst: CstNode, length: number): A.MapFile {
    const c = cst.children;
    this.junk(c);
    const decls: A.TopDecl[] = [];
    const all: CstNode[] = [];
    for (const list of Object.values(c)) for (const el of list ?? []) if (!('image' in el)) all.push(el);
    all.sort((a, b) => (a.location?.startOffset ?? 0) - (b.location?.startOffset ?? 0));
    for (const node of all) {
      const decl = this.topDecl(node);
      if (decl) decls.push(decl);
    }
    return { kind: 'MapFile', decls, range: this.lines.range(0, length) };
  }

  private topDecl(node: CstNode): A.TopDecl | undefined {
    this.misspelt(node, TOP_LEVEL_WORDS, false);
    switch (node.name) {
      case 'importDecl':
        return { kind: 'Import', path: this.str(this.token(node.children, 'path')), range: this.range(node) };
      case 'variantDecl':
        return this.variant(node);
      case 'provinceDecl':
        return this.province(node);
      case 'adjacencyDecl':
        return this.adjacency(node);
      case 'powerDecl':
        return this.power(node);
      case 'neutralDecl':
        this.misspeltAfter(node, NEUTRAL_WORDS);
        return {
          kind: 'Neutral',
          centres: this.nameList(node.children),
          units: this.nodes(node.children, 'unitSpec').map((s) => this.unitSpec(s)),
          range: this.range(node),
        };
      case 'rulesDecl':
        return { kind: 'Rules', options: this.optionBlock(this.nodes(node.children, 'optionBlock')[0]), range: this.range(node) };
      case 'rulesetDecl':
        return this.ruleset(node);
      case 'removeDecl':
        return this.remove(node);
      default:
        return undefined;
    }
  }

  private variant(node: CstNode): A.VariantDecl {
    const c = node.children;
    this.junk(c);
    this.items(c, ['extendsItem', 'startItem', 'boardItem'], VARIANT_ITEMS);
    const decl: A.VariantDecl = {
      kind: 'Variant',
      id: this.ident(this.token(c, 'id')),
      title: this.str(this.token(c, 'title')),
      extends: [],
      author: [],
      version: [],
      description: [],
      start: [],
      board: [],
      range: this.range(node),
    };
    for (const e of this.nodes(c, 'extendsItem')) {
      const path = this.str(this.token(e.children, 'path'));
      const name = this.ident(this.token(e.children, 'name'));
      if (path) decl.extends.push({ kind: 'file', path, range: this.range(e) });
      else if (name) decl.extends.push({ kind: 'builtin', name, range: this.range(e) });
    }
    for (const t of this.nodes(c, 'textItem')) {
      const key = this.token(t.children, 'key')?.image.toLowerCase() ?? this.misspelt(t, VARIANT_ITEMS);
      const value = this.str(this.token(t.children, 'value'));
      if (!value) continue;
      if (key === 'author') decl.author.push(value);
      else if (key === 'version') decl.version.push(value);
      else if (key === 'description') decl.description.push(value);
    }
    for (const s of this.nodes(c, 'startItem')) {
      const yearTok = this.token(s.children, 'year');
      decl.start.push({
        year: yearTok ? { value: Number(yearTok.image), text: yearTok.image, range: tokenRange(this.lines, yearTok) } : undefined,
        season: this.ident(this.token(s.children, 'season')),
        phase: this.ident(this.token(s.children, 'phase')),
        range: this.range(s),
      });
    }
    for (const b of this.nodes(c, 'boardItem')) {
      decl.board.push({
        path: this.str(this.token(b.children, 'path')),
        links: this.nodes(b.children, 'boardLink').map((l) => ({ a: this.ident(this.token(l.children, 'a')), b: this.ident(this.token(l.children, 'b')), range: this.range(l) })),
        range: this.range(b),
      });
    }
    return decl;
  }

  private nameItems(c: Children): A.NameItem[] {
    return this.nodes(c, 'nameItem').map((n) => ({
      lang: this.ident(this.token(n.children, 'lang')),
      values: this.tokens(n.children, 'value').map((t) => this.str(t) as A.StringLit),
      range: this.range(n),
    }));
  }

  private unitSpec(s: CstNode): A.UnitSpec {
    return { unit: this.ident(this.token(s.children, 'unit')), at: this.location(this.nodes(s.children, 'location')[0]), range: this.range(s) };
  }

  private nameList(c: Children): A.Ident[] {
    return this.nodes(c, 'nameList').flatMap((l) => this.tokens(l.children, 'name').map((t) => this.ident(t) as A.Ident));
  }

  private province(node: CstNode): A.ProvinceDecl {
    const c = node.children;
    this.junk(c);
    this.items(c, ['coastItem', 'nameItem', 'aliasItem', 'atItem'], PROVINCE_ITEMS);
    const flags = this.tokens(c, 'flag').map((t) => ({ flag: t.image.toLowerCase() as A.ProvinceFlag, range: tokenRange(this.lines, t) }));
    const wrongFlags = this.tokens(c, 'wrongFlag');
    for (const t of wrongFlags) this.wrongFlag(t, flags, this.tokens(c, 'LCurly').length > 0);
    return {
      kind: 'Province',
      id: this.ident(this.token(c, 'id')),
      title: this.str(this.token(c, 'title')),
      flags,
      wrongFlags: wrongFlags.map((t) => this.ident(t) as A.Ident),
      coasts: this.nodes(c, 'coastItem').map((k) => {
        this.junk(k.children);
        this.items(k.children, ['nameItem'], COAST_ITEMS);
        return {
          id: this.ident(this.token(k.children, 'id')),
          title: this.str(this.token(k.children, 'title')),
          names: this.nameItems(k.children),
          range: this.range(k),
        };
      }),
      names: this.nameItems(c),
      aliases: this.nodes(c, 'aliasItem').flatMap((a) => this.nameList(a.children)),
      at: this.nodes(c, 'atItem').map((a) => ({
        x: this.num(this.nodes(a.children, 'x')[0]),
        y: this.num(this.nodes(a.children, 'y')[0]),
        range: this.range(a),
      })),
      range: this.range(node),
    };
  }

  /**
   * A word among a province's flags that is none of them: expected is the
   * terrain when the province gives none, else the flags it does not give yet
   * (and the block); the flags that fit are suggested first.
   */
  private wrongFlag(t: IToken, given: readonly A.FlagWord[], block: boolean): void {
    const has = new Set<string>(given.map((f) => f.flag));
    const terrainGiven = TERRAIN_WORDS.some((w) => has.has(w));
    const others = OTHER_FLAGS.filter((w) => !has.has(w));
    const fits = new Set<string>(terrainGiven ? others : TERRAIN_WORDS);
    const expected = terrainGiven ? [...others, ...(block ? [] : ["'{'"])] : [...TERRAIN_WORDS];
    this.wrongWord(t, expected.length > 0 ? expected : ["'{'"], suggestionsFor(t.image, [...TERRAIN_WORDS, ...OTHER_FLAGS], fits));
  }

  private location(node: CstNode | undefined): A.Location | undefined {
    if (!node) return undefined;
    const province = this.ident(this.token(node.children, 'province'));
    if (!province) return undefined;
    const coast = this.ident(this.token(node.children, 'coast'));
    return coast ? { province, coast, range: this.range(node) } : { province, range: this.range(node) };
  }

  private adjacencyLine(node: CstNode): A.AdjacencyLine {
    const c = node.children;
    return {
      unit: this.ident(this.token(c, 'unit')),
      from: this.location(this.nodes(c, 'from')[0]),
      oneWay: this.tokens(c, 'oneWay').length > 0,
      to: this.nodes(c, 'to')
        .map((n) => this.location(n))
        .filter((l): l is A.Location => l !== undefined),
      range: this.range(node),
    };
  }

  private adjacency(node: CstNode): A.AdjacencyDecl {
    this.junk(node.children);
    return { kind: 'Adjacency', lines: this.nodes(node.children, 'adjacencyLine').map((l) => this.adjacencyLine(l)), range: this.range(node) };
  }

  private power(node: CstNode): A.PowerDecl {
    const c = node.children;
    this.junk(c);
    this.items(c, ['adjectiveItem', 'colourItem', 'nameItem', 'aliasItem', 'homeItem', 'countryItem', 'unitsItem', 'ownsItem'], POWER_ITEMS);
    const strings = (label: string): A.StringLit[] =>
      this.nodes(c, label).flatMap((n) => {
        const s = this.str(this.token(n.children, 'value'));
        return s ? [s] : [];
      });
    const ownsItems = this.nodes(c, 'ownsItem');
    return {
      kind: 'Power',
      id: this.ident(this.token(c, 'id')),
      title: this.str(this.token(c, 'title')),
      adjective: strings('adjectiveItem'),
      colour: this.nodes(c, 'colourItem').flatMap((n) => {
        const t = this.token(n.children, 'value');
        return t ? [{ value: t.image.toLowerCase(), range: tokenRange(this.lines, t) }] : [];
      }),
      names: this.nameItems(c),
      aliases: this.nodes(c, 'aliasItem').flatMap((a) => this.nameList(a.children)),
      home: this.nodes(c, 'homeItem').flatMap((a) => this.nameList(a.children)),
      country: this.nodes(c, 'countryItem').flatMap((a) => this.nameList(a.children)),
      units: this.nodes(c, 'unitsItem').flatMap((u) => this.nodes(u.children, 'unitSpec').map((s) => this.unitSpec(s))),
      owns: ownsItems.flatMap((a) => this.nameList(a.children)),
      hasOwns: ownsItems.length > 0,
      range: this.range(node),
    };
  }

  private rulesetName(node: CstNode | undefined): A.RuleSetName | undefined {
    if (!node) return undefined;
    const t = this.token(node.children, 'Name') ?? this.token(node.children, 'Number') ?? this.token(node.children, 'String');
    if (!t) return undefined;
    const value = (t.tokenType.name === 'String' || t.tokenType.name === 'UnterminatedString' ? unquote(t.image) : t.image).toLowerCase();
    return { value, range: tokenRange(this.lines, t) };
  }

  private ruleset(node: CstNode): A.RulesetDecl {
    const c = node.children;
    return {
      kind: 'Ruleset',
      name: this.rulesetName(this.nodes(c, 'name')[0]),
      title: this.str(this.token(c, 'title')),
      extends: this.rulesetName(this.nodes(c, 'base')[0]),
      options: this.optionBlock(this.nodes(c, 'optionBlock')[0]),
      range: this.range(node),
    };
  }

  private optionBlock(node: CstNode | undefined): A.RuleOptionNode[] {
    if (!node) return [];
    this.junk(node.children);
    const options: A.RuleOptionNode[] = [];
    for (const o of this.nodes(node.children, 'ruleOption')) {
      const key = this.ident(this.token(o.children, 'key'));
      if (!key) continue;
      const values: A.ValueLit[] = [];
      for (const v of this.nodes(o.children, 'optionValue')) {
        const name = this.token(v.children, 'Name');
        const str = this.token(v.children, 'String');
        const num = this.num(this.nodes(v.children, 'signedNumber')[0]);
        if (name) values.push({ kind: 'name', value: name.image.toLowerCase(), text: name.image, range: tokenRange(this.lines, name) });
        else if (str) values.push({ kind: 'string', value: unquote(str.image), text: str.image, range: tokenRange(this.lines, str) });
        else if (num) values.push({ kind: 'number', value: num.value, text: num.text, range: num.range });
      }
      options.push({ key, values, range: this.range(o) });
    }
    return options;
  }

  private remove(node: CstNode): A.RemoveDecl {
    const c = node.children;
    const what = this.token(c, 'what')?.image.toLowerCase();
    const range = this.range(node);
    if (what === 'adjacency') {
      const line = this.nodes(c, 'adjacencyLine')[0];
      return line ? { kind: 'Remove', what: 'adjacency', line: this.adjacencyLine(line), range } : { kind: 'Remove', what: 'adjacency', range };
    }
    if (what === 'neutral') {
      const keyword = this.token(c, 'centres');
      return { kind: 'Remove', what: 'neutral centres', centres: this.nameList(c), keyword: keyword ? tokenRange(this.lines, keyword) : undefined, range };
    }
    return { kind: 'Remove', what: what === 'power' ? 'power' : 'province', id: this.ident(this.token(c, 'id')), range };
  }
}

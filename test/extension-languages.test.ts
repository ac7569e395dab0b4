/**
 * How VS Code reads the two languages without the server: the TextMate
 * grammars (run with JavaScript regular expressions on sample lines, by a small
 * TextMate tokenizer here) and the language configurations, as the extension
 * ships them (test/extension.test.ts checks that the package holds these files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXT = join(ROOT, 'extension');
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');

// ------------------------------------------------------------------ the grammars

interface Rule {
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
  endCaptures?: Record<string, { name?: string }>;
  patterns?: Rule[];
  include?: string;
}
interface Grammar {
  scopeName: string;
  patterns: Rule[];
  repository: Record<string, Rule>;
}
interface Token {
  text: string;
  scopes: string[];
}

/** An Oniguruma pattern as a JavaScript one: a leading (?i) becomes the i flag; d for group indices. */
function regex(source: string): RegExp {
  let flags = 'dgu';
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    flags += 'i';
  }
  return new RegExp(source, flags);
}

/**
 * A small TextMate tokenizer, enough for these grammars: match and begin/end
 * rules, includes of the repository, captures (not nested), the end pattern
 * winning a tie, state carried from line to line.
 */
function tokenize(g: Grammar, text: string): Token[][] {
  const flatten = (rules: Rule[]): Rule[] =>
    rules.flatMap((r) => {
      if (r.include) {
        const target = r.include === '$self' ? { patterns: g.patterns } : g.repository[r.include.slice(1)];
        if (!target) throw new Error(`no repository entry ${r.include}`);
        return flatten([target]);
      }
      if (!r.match && !r.begin) return flatten(r.patterns ?? []);
      return [r];
    });
  const stack: { rule: Rule; scopes: string[]; end?: RegExp }[] = [{ rule: { patterns: g.patterns }, scopes: [g.scopeName] }];
  const lines: Token[][] = [];
  for (const line of text.split('\n')) {
    const out: Token[] = [];
    const emit = (from: number, to: number, scopes: string[]): void => {
      if (to > from) out.push({ text: line.slice(from, to), scopes });
    };
    const emitMatch = (m: RegExpExecArray, scopes: string[], captures: Record<string, { name?: string }> | undefined): void => {
      const indices = m.indices as unknown as ([number, number] | undefined)[];
      const groups = Object.entries(captures ?? {})
        .map(([k, v]) => ({ k: Number(k), name: v.name, at: indices[Number(k)] }))
        .filter((x) => x.k > 0 && x.at && x.name)
        .sort((a, b) => a.at![0] - b.at![0]);
      const whole = captures?.['0']?.name ? [...scopes, captures['0'].name] : scopes;
      let pos = m.index;
      for (const c of groups) {
        const [s, e] = c.at!;
        if (s < pos) continue;
        emit(pos, s, whole);
        emit(s, e, [...whole, c.name!]);
        pos = e;
      }
      emit(pos, m.index + m[0].length, whole);
    };
    let pos = 0;
    while (pos <= line.length) {
      const top = stack[stack.length - 1]!;
      let endMatch: RegExpExecArray | null = null;
      if (top.end) {
        top.end.lastIndex = pos;
        endMatch = top.end.exec(line);
      }
      let best: { rule: Rule; m: RegExpExecArray } | undefined;
      for (const rule of flatten(top.rule.patterns ?? [])) {
        const re = regex((rule.match ?? rule.begin) as string);
        re.lastIndex = pos;
        const m = re.exec(line);
        if (m && (!best || m.index < best.m.index)) best = { rule, m };
      }
      if (endMatch && (!best || endMatch.index <= best.m.index)) {
        emit(pos, endMatch.index, top.scopes);
        emitMatch(endMatch, top.scopes, top.rule.endCaptures);
        stack.pop();
        pos = endMatch.index + endMatch[0].length;
        if (endMatch[0].length === 0 && endMatch.index >= line.length) break;
        continue;
      }
      if (!best) {
        emit(pos, line.length, top.scopes);
        break;
      }
      const { rule, m } = best;
      emit(pos, m.index, top.scopes);
      const scopes = rule.name ? [...top.scopes, rule.name] : top.scopes;
      if (rule.match) {
        emitMatch(m, scopes, rule.captures);
        pos = m.index + Math.max(m[0].length, 1);
      } else {
        emitMatch(m, scopes, rule.beginCaptures);
        stack.push({ rule, scopes, end: regex(rule.end as string) });
        pos = m.index + m[0].length;
      }
    }
    // A rule that ends at the end of the line (a line comment) ends here.
    while (stack.length > 1 && stack[stack.length - 1]!.end?.source === '$') stack.pop();
    lines.push(out);
  }
  return lines;
}

/** The scopes of the token that is `word` (the n-th one of that text on the line). */
function scopesOf(tokens: Token[], word: string, n = 0): string[] {
  const found = tokens.filter((t) => t.text === word);
  const t = found[n];
  if (!t) throw new Error(`no token '${word}' in ${JSON.stringify(tokens.map((x) => x.text))}`);
  return t.scopes;
}

describe('the TextMate grammars', () => {
  const grammars = (): Record<string, Grammar> => ({
    dipmap: JSON.parse(readFileSync(join(EXT, 'syntaxes/dipmap.tmLanguage.json'), 'utf8')),
    dipgame: JSON.parse(readFileSync(join(EXT, 'syntaxes/dipgame.tmLanguage.json'), 'utf8')),
  });

  it('are the output of extension/scripts/grammars.mjs', async () => {
    const mod = (await import(pathToFileURL(join(EXT, 'scripts/grammars.mjs')).href)) as { grammars: Record<string, unknown>; grammarText: (g: unknown) => string };
    for (const [name, g] of Object.entries(mod.grammars)) {
      expect(readFileSync(join(EXT, 'syntaxes', name), 'utf8'), name).toBe(mod.grammarText(g));
    }
  });

  it('use only patterns that JavaScript reads too, (?i) only at the start', () => {
    for (const [lang, g] of Object.entries(grammars())) {
      expect(g.scopeName).toBe(`source.${lang}`);
      const all: string[] = [];
      const walk = (r: Rule): void => {
        for (const k of ['match', 'begin', 'end'] as const) if (r[k]) all.push(r[k]!);
        for (const p of r.patterns ?? []) walk(p);
      };
      for (const p of g.patterns) walk(p);
      for (const r of Object.values(g.repository)) walk(r);
      expect(all.length).toBeGreaterThan(15);
      for (const src of all) {
        expect(() => regex(src), src).not.toThrow();
        expect(src.slice(4).includes('(?i)'), src).toBe(false);
        expect(src, src).not.toMatch(/\\[hHAzZG]|\(\?>|[+*?]\+/);
      }
    }
  });

  it('colour a game: comments, header, phases, powers, units, provinces, coasts, orders, results', () => {
    const g = grammars().dipgame!;
    const [comment, variant, edition, rule, phase, power, convoy, coastMove, viaConvoy, build, units, owners, expect_, bad, player, year, language] = tokenize(
      g,
      [
        '// DATC 6.A.5: move to own sector with convoy',
        'variant classic',
        'edition 2000',
        'rule convoy-paradox 1982        // overrides',
        'phase spring 1901 movement',
        '  england:',
        '    F nth C A yor - yor   [illegal]',
        '    F stp/nc - bar',
        '    A lon -> nwy via convoy   [succeeds]',
        '    Build F lon',
        '  units england: F nth, A lvp',
        '  owners england: edi, lvp       // centre owners',
        'expect',
        '    A par - bur   [bounced]',
        'player england "Alice"',
        'phase 1902 fall retreat',
        'language fi for russia',
      ].join('\n'),
    );
    expect(comment).toHaveLength(2);
    expect(comment![0]!.scopes).toContain('comment.line.double-slash.dipgame');
    expect(comment![1]!.scopes).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(variant!, 'variant')).toContain('keyword.other.header.dipgame');
    expect(scopesOf(variant!, 'classic')).toContain('entity.name.type.variant.dipgame');
    expect(scopesOf(edition!, '2000')).toContain('constant.other.edition.dipgame');
    expect(scopesOf(rule!, 'convoy-paradox')).toContain('support.type.property-name.rule.dipgame');
    expect(scopesOf(rule!, ' overrides')).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(rule!, '1982')).toContain('constant.numeric.dipgame');
    expect(scopesOf(phase!, 'phase')).toContain('keyword.control.section.dipgame');
    expect(scopesOf(phase!, 'spring')).toContain('entity.name.section.season.dipgame');
    expect(scopesOf(phase!, '1901')).toContain('constant.numeric.year.dipgame');
    expect(scopesOf(phase!, 'movement')).toContain('constant.language.phase.dipgame');
    expect(scopesOf(year!, '1902')).toContain('constant.numeric.year.dipgame');
    expect(scopesOf(year!, 'retreat')).toContain('constant.language.phase.dipgame');
    expect(scopesOf(power!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(convoy!, 'F')).toContain('storage.type.unit.dipgame');
    expect(scopesOf(convoy!, 'nth')).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, 'C')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(convoy!, 'A')).toContain('storage.type.unit.dipgame');
    expect(scopesOf(convoy!, 'yor', 0)).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, '-')).toContain('keyword.operator.move.dipgame');
    expect(scopesOf(convoy!, 'yor', 1)).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, 'illegal')).toContain('constant.language.result.dipgame');
    expect(scopesOf(coastMove!, 'stp')).toContain('variable.other.province.dipgame');
    expect(scopesOf(coastMove!, 'nc')).toContain('variable.other.coast.dipgame');
    expect(scopesOf(viaConvoy!, '->')).toContain('keyword.operator.move.dipgame');
    expect(scopesOf(viaConvoy!, 'via')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(viaConvoy!, 'convoy')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(viaConvoy!, 'succeeds')).toContain('constant.language.result.dipgame');
    expect(scopesOf(build!, 'Build')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(build!, 'lon')).toContain('variable.other.province.dipgame');
    expect(scopesOf(units!, 'units')).toContain('keyword.other.expect.dipgame');
    expect(scopesOf(units!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(units!, 'lvp')).toContain('variable.other.province.dipgame');
    expect(scopesOf(owners!, 'owners')).toContain('keyword.other.expect.dipgame');
    expect(scopesOf(owners!, ' centre owners')).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(expect_!, 'expect')).toContain('keyword.control.section.dipgame');
    expect(scopesOf(bad!, 'bounced')).toContain('invalid.illegal.result.dipgame');
    expect(scopesOf(player!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(player!, 'Alice')).toContain('string.quoted.double.dipgame');
    expect(scopesOf(language!, 'language')).toContain('keyword.other.header.dipgame');
    expect(scopesOf(language!, 'fi')).toContain('constant.language.tag.dipgame');
    expect(scopesOf(language!, 'for')).toContain('keyword.other.header.dipgame');
  });

  it('colour a map: declarations, terrain, coasts, adjacency, units, rules blocks, comments', () => {
    const g = grammars().dipmap!;
    const lines = tokenize(
      g,
      [
        'variant classic "Classic" {', // 0
        'province spa "Spain" coast supply {', // 1
        '  coast nc "North Coast" { name zh "北岸" }', // 2
        '  at 130 520', // 3
        '}', // 4
        'adjacency {', // 5
        '  army  spa: por, gas', // 6
        '  fleet spa/nc: mao, por', // 7
        '  fleet cns -> woo', // 8
        '}', // 9
        'power france "France" {', // 10
        '  colour #2e6fd8', // 11
        '  units F bre, A mar', // 12
        '}', // 13
        'rules {', // 14
        '  edition 2023', // 15
        '  victory-centres 18   // to win', // 16
        '}', // 17
        'ruleset 2000 "DATC v2.4" extends 2023 {', // 18
        '  via-convoy-fallback true', // 19
        '}', // 20
        '/* a block', // 21
        '   comment */ import "base.dipmap"', // 22
        'province sea-side "Sea Side" land', // 23
        'neutral centres bel, hol', // 24
      ].join('\n'),
    );
    const l = (i: number): Token[] => lines[i] as Token[];
    expect(scopesOf(l(0), 'variant')).toContain('storage.type.dipmap');
    expect(scopesOf(l(0), 'classic')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(0), 'Classic')).toContain('string.quoted.double.dipmap');
    expect(scopesOf(l(1), 'spa')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(1), 'coast')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(1), 'supply')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(2), 'coast')).toContain('storage.type.coast.dipmap');
    expect(scopesOf(l(2), 'nc')).toContain('entity.name.type.coast.dipmap');
    expect(scopesOf(l(2), 'name')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(3), 'at')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(3), '130')).toContain('constant.numeric.dipmap');
    expect(scopesOf(l(5), 'adjacency')).toContain('storage.type.dipmap');
    expect(scopesOf(l(6), 'army')).toContain('storage.type.unit.dipmap');
    expect(scopesOf(l(6), 'spa')).toContain('variable.other.province.dipmap');
    expect(scopesOf(l(6), ':')).toContain('keyword.operator.adjacency.dipmap');
    expect(scopesOf(l(7), 'nc')).toContain('variable.other.coast.dipmap');
    expect(scopesOf(l(8), '->')).toContain('keyword.operator.adjacency.dipmap');
    expect(scopesOf(l(10), 'france')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(11), 'colour')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(11), '#2e6fd8')).toContain('constant.other.color.dipmap');
    expect(scopesOf(l(12), 'units')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(12), 'F')).toContain('storage.type.unit.dipmap');
    expect(scopesOf(l(12), 'bre')).toContain('variable.other.province.dipmap');
    expect(scopesOf(l(14), 'rules')).toContain('storage.type.rules.dipmap');
    expect(scopesOf(l(15), 'edition')).toContain('keyword.other.edition.dipmap');
    expect(scopesOf(l(15), '2023')).toContain('constant.other.edition.dipmap');
    // A rule option is one name: `centres` inside `victory-centres` is no keyword.
    expect(scopesOf(l(16), 'victory-centres')).toContain('support.type.property-name.rule.dipmap');
    expect(scopesOf(l(16), '18')).toContain('constant.numeric.dipmap');
    expect(scopesOf(l(16), ' to win')).toContain('comment.line.double-slash.dipmap');
    expect(scopesOf(l(18), 'ruleset')).toContain('storage.type.ruleset.dipmap');
    expect(scopesOf(l(18), '2000')).toContain('entity.name.type.ruleset.dipmap');
    expect(scopesOf(l(18), '2023')).toContain('entity.other.inherited-class.dipmap');
    expect(scopesOf(l(19), 'via-convoy-fallback')).toContain('support.type.property-name.rule.dipmap');
    expect(scopesOf(l(19), 'true')).toContain('constant.language.boolean.dipmap');
    expect(l(20).map((t) => t.scopes.includes('meta.block.ruleset.dipmap'))).toEqual([true]);
    expect(scopesOf(l(21), ' a block')).toContain('comment.block.dipmap');
    expect(scopesOf(l(22), '   comment ')).toContain('comment.block.dipmap');
    expect(scopesOf(l(22), 'import')).toContain('keyword.control.import.dipmap');
    expect(scopesOf(l(23), 'sea-side')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(23), 'land')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(24), 'neutral')).toContain('storage.type.dipmap');
    expect(scopesOf(l(24), 'centres')).toContain('keyword.other.dipmap');
  });

  it('read the whole classic map and the 1901 example without running away', () => {
    const g = grammars();
    const map = tokenize(g.dipmap!, readFileSync(join(ROOT, 'variants/classic/classic.dipmap'), 'utf8'));
    const game = tokenize(g.dipgame!, readFileSync(EXAMPLE, 'utf8'));
    // Provinces everywhere, and the rules block closed where it ends (it is four lines long).
    expect(map.flat().filter((t) => t.scopes.includes('variable.other.province.dipmap')).length).toBeGreaterThan(100);
    expect(map.filter((line) => line.some((t) => t.scopes.includes('meta.block.rules.dipmap')))).toHaveLength(4);
    expect(game.flat().filter((t) => t.scopes.includes('storage.type.unit.dipgame')).length).toBeGreaterThan(60);
  });
});

describe('the language configurations', () => {
  const conf = (lang: string): any => JSON.parse(readFileSync(join(EXT, `${lang}.language-configuration.json`), 'utf8'));
  const re = (r: string | { pattern: string; flags?: string }): RegExp => (typeof r === 'string' ? new RegExp(r) : new RegExp(r.pattern, r.flags));

  it('say how comments, brackets and auto-closing work', () => {
    expect(conf('dipmap').comments).toEqual({ lineComment: '//', blockComment: ['/*', '*/'] });
    expect(conf('dipgame').comments).toEqual({ lineComment: '//' });
    expect(conf('dipmap').brackets).toContainEqual(['{', '}']);
    expect(conf('dipgame').brackets).toContainEqual(['[', ']']);
    expect(conf('dipmap').autoClosingPairs).toContainEqual({ open: '"', close: '"', notIn: ['string', 'comment'] });
    expect(conf('dipgame').autoClosingPairs).toContainEqual({ open: '[', close: ']' });
  });

  it('have words and indentation rules that match the languages (JavaScript patterns, as VS Code reads them)', () => {
    for (const lang of ['dipmap', 'dipgame']) {
      const words = re(conf(lang).wordPattern);
      expect('F stp/nc'.match(new RegExp(words.source, 'gu'))).toEqual(['F', 'stp', 'nc']);
      expect('rule convoy-paradox 华沙'.match(new RegExp(words.source, 'gu'))).toEqual(['rule', 'convoy-paradox', '华沙']);
    }
    const map = conf('dipmap').indentationRules;
    expect(re(map.increaseIndentPattern).test('province spa "Spain" coast supply {')).toBe(true);
    expect(re(map.increaseIndentPattern).test('province swi "Switzerland" impassable')).toBe(false);
    expect(re(map.increaseIndentPattern).test('province hig "Highland" coast supply { at 300 150 }')).toBe(false);
    expect(re(map.increaseIndentPattern).test('adjacency {   // the edges')).toBe(true);
    expect(re(map.decreaseIndentPattern).test('  }')).toBe(true);
    const game = conf('dipgame').indentationRules;
    const inc = re(game.increaseIndentPattern);
    for (const l of ['phase spring 1901 movement', '  england:', 'expect', 'position fall 1901 retreat', '  Great Britain:   // the island']) expect(inc.test(l), l).toBe(true);
    for (const l of ['    A par - bur', '  owners england: edi', '  england: F nth, A lvp', 'variant classic']) expect(inc.test(l), l).toBe(false);
    expect(re(game.decreaseIndentPattern).test('    phase fall 1901 movement')).toBe(true);
  });
});

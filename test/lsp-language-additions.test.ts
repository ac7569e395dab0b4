/**
 * The language server's features on the language's additions, in process: the
 * map's `country`, the old rules' order forms (retreat, build and disband
 * lists, on packages/lsp/test/fixtures/postal.dipgame), misspelt names (DF8030)
 * and rule conflicts (DF2014, DF8008, DF8007: every conflict the checks give
 * has its explanation, each in docs/RULES.md's words).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeAction, type CompletionItem } from 'vscode-languageserver-protocol';
import {
  codeActions,
  CONFLICT_DOCS,
  completion,
  diagnostics,
  format,
  formatText,
  references,
  rename,
  tokenSpans,
  type MapDoc,
} from '@dipforge/lsp';
import { at, EXAMPLE, fileUri, POSTAL, put, workspace, WS } from '../packages/lsp/test/util.js';
import { labels, game, hoverText } from './helpers/lsp-features.js';

const example = readFileSync(EXAMPLE, 'utf8');
const postalGame = readFileSync(POSTAL, 'utf8');
const tinyMap = join(WS, 'tiny.dipmap');
const gameA = join(WS, 'a.dipgame');

describe('the map language\'s country', () => {
  const tinyText = readFileSync(tinyMap, 'utf8');

  it('completion: the keyword in a power block; after country the land and coastal provinces no other power has', () => {
    const ws = workspace();
    const t1 = tinyText.replace('  home hom\n', '  home hom\n  country \n');
    expect(labels(completion(ws, put(ws, tinyMap, t1) as MapDoc, at(t1, '  country \n', 10)))).toEqual(['hom', 'mid', 'spl']);
    // Listed already, or in blue's country: not offered; the word being typed is.
    const t2 = tinyText.replace('  home far\n', '  home far\n  country spl\n').replace('  home hom\n', '  home hom\n  country mid, \n');
    expect(labels(completion(ws, put(ws, tinyMap, t2) as MapDoc, at(t2, 'country mid, ')))).toEqual(['hom']);
    expect(labels(completion(ws, put(ws, tinyMap, t2) as MapDoc, at(t2, 'country mid')))).toEqual(['mid']);
  });

  it('hover on a province of a home country names the power, in the map and in a game', () => {
    const ws = workspace();
    const map = tinyText.replace('  home hom\n', '  home hom\n  country hom, mid\n');
    const doc = put(ws, tinyMap, map) as MapDoc;
    expect(diagnostics(doc)).toEqual([]);
    expect(hoverText(ws, doc, at(map, 'province mid', 10))).toBe('**Middle** (`mid`): inland\n\nIn the home country of Red (`red`)\n\nArmy neighbours: far, hom, spl');
    // A home centre says so, not the country as well.
    expect(hoverText(ws, doc, at(map, 'country hom', 10))?.split('\n\n')[1]).toBe('Home centre of Red');
    const a = readFileSync(gameA, 'utf8');
    expect(hoverText(ws, put(ws, gameA, a), at(a, 'A hom - mid', 10))).toBe(
      '**Middle** (`mid`): inland\n\nIn the home country of Red (`red`)\n\nArmy neighbours: far, hom, spl\n\nIn spring 1901 movement: unit none',
    );
  });

  it('references and rename include the country lists', async () => {
    const ws = workspace();
    const map = tinyText.replace('  home hom\n', '  home hom\n  country hom, mid\n');
    const doc = put(ws, tinyMap, map) as MapDoc;
    const refs = await references(ws, doc, at(map, 'country hom, mid', 14), true);
    expect(refs.map((r) => `${r.uri.split('/').pop()}:${r.range.start.line}:${r.range.start.character}`)).toEqual([
      'a.dipgame:4:12', 'tiny.dipmap:6:9', 'tiny.dipmap:16:12', 'tiny.dipmap:17:7', 'tiny.dipmap:27:15',
    ]);
    const edit = await rename(ws, doc, at(map, 'province mid', 10), 'mdl');
    expect(edit?.changes?.[fileUri(tinyMap)]?.map((e) => `${e.range.start.line}:${e.range.start.character}`)).toEqual(['6:9', '16:12', '17:7', '27:15']);
    expect(tokenSpans(doc).filter((s) => s.line === 27).map((s) => `${s.character}:${s.length}:${s.type}`)).toEqual(['2:7:keyword', '10:3:variable', '15:3:variable']);
  });
});

describe('the old rules\' order forms: retreat, build and disband lists', () => {
  it('completion after retreat: the unit\'s neighbours not listed yet (who stands there now as detail), then disband', () => {
    const ws = workspace();
    const detail = (items: CompletionItem[]): string[] => items.map((i) => (i.detail ? `${i.label} (${i.detail})` : i.label));
    const t1 = postalGame.replace('A mun H retreat ber, kie, ruh', 'A mun H retreat ');
    expect(detail(completion(ws, game(ws, POSTAL, t1), at(t1, 'A mun H retreat ')))).toEqual([
      'ber (now: A ber (germany))', 'boh (now: A boh (austria))', 'bur', 'kie', 'ruh', 'sil (now: A sil (germany))', 'tyr (now: A tyr (austria))',
      'disband (disband when no listed place is a legal retreat)',
    ]);
    const t2 = postalGame.replace('A mun H retreat ber, kie, ruh', 'A mun H retreat ber, kie, ');
    expect(labels(completion(ws, game(ws, POSTAL, t2), at(t2, 'retreat ber, kie, ')))).toEqual(['boh', 'bur', 'ruh', 'sil', 'tyr', 'disband']);
    // After a move, too; nothing after a place with no comma, or after disband.
    const t3 = postalGame.replace('A ber H retreat kie', 'A ber - kie retreat ');
    expect(labels(completion(ws, game(ws, POSTAL, t3), at(t3, 'A ber - kie retreat ')))).toEqual(['kie', 'mun', 'pru', 'sil', 'disband']);
    const t4 = postalGame.replace('A ber H retreat kie', 'A ber H retreat kie ');
    expect(labels(completion(ws, game(ws, POSTAL, t4), at(t4, 'A ber H retreat kie ')))).toEqual([]);
    // Where retreats have a phase of their own a retreat list is illegal: nothing is offered.
    const t5 = t1.replace('edition old-rules', 'edition 2023');
    expect(labels(completion(ws, game(ws, join(WS, 'memory-2023.dipgame'), t5), at(t5, 'A mun H retreat ')))).toEqual([]);
  });

  it('formatting keeps the lists as orders, idempotently', () => {
    const ws = workspace();
    const path = join(WS, 'memory-postal-format.dipgame');
    const messy = postalGame.replace('    A mun H retreat ber, kie, ruh', 'A mun H retreat ber, kie, ruh').replace('    Build A bud, F tri', '        Build A bud, F tri   ').replace('    Disband A sil, A kie', '  Disband A sil, A kie');
    const once = formatText(put(ws, path, messy));
    expect(once).toBe(postalGame);
    expect(format(put(ws, POSTAL, postalGame))).toEqual([]);
  });

  it('hover on a list entry: what became of it; on the order: the whole list', () => {
    const ws = workspace();
    const doc = put(ws, POSTAL, postalGame);
    const last = (s: string | undefined): string | undefined => s?.split('\n\n').pop();
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 9)))).toBe('Retreat list entry: passed over, the province is occupied (occupied)');
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 14)))).toBe('Retreat list entry: the unit retreated here');
    expect(last(hoverText(ws, doc, at(postalGame, 'retreat ber, kie, ruh', 19)))).toBe('Retreat list entry: not reached, the unit retreated to kie');
    expect(last(hoverText(ws, doc, at(postalGame, 'A ber H retreat kie', 17)))).toBe('Retreat list entry: not needed, the unit was not dislodged');
    // The unit itself is no entry.
    expect(last(hoverText(ws, doc, at(postalGame, 'A mun H retreat', 3)))).toBe('In spring 1901 movement: owner germany, unit A mun (germany)');
    expect(last(hoverText(ws, doc, at(postalGame, 'Build A bud, F tri', 8)))).toBe('Build list entry A bud: built');
    expect(last(hoverText(ws, doc, at(postalGame, 'Build A bud, F tri', 16)))).toBe('Build list entry F tri: not carried out (too-many-builds): the power has no builds left');
    expect(last(hoverText(ws, doc, at(postalGame, 'Disband A sil, A kie', 10)))).toBe('Disband list entry A sil: disbanded');
    expect(last(hoverText(ws, doc, at(postalGame, 'Disband A sil, A kie', 18)))).toBe('Disband list entry A kie: not carried out (too-many-disbands): the power has no removals left');
    expect(hoverText(ws, doc, at(postalGame, 'A mun H retreat', 6))).toBe(
      // A boh - mun with A tyr's support (2) against A mun's hold (1).
      '**A mun H retreat ber, kie, ruh**\n\nRead as `A mun H retreat ber, kie, ruh` (germany)\n\nResult: fails: dislodged by A boh - mun (2 against 1)\n\nWhy: fails (dislodged): the unit was dislodged\n\n' +
        'Retreat list: ber, kie, ruh (then retreat-default)\n\nDislodged from boh: retreated to kie; passed over ber (occupied)\n\nExpected: fails',
    );
    expect(hoverText(ws, doc, at(postalGame, 'Build A bud', 2))).toBe(
      '**Build A bud, F tri**\n\nRead as `Build A bud, F tri` (austria)\n\nResult: succeeds\n\n- A bud: built\n- F tri: not carried out (too-many-builds): the power has no builds left',
    );
  });
});

describe('misspelt names and rule conflicts', () => {
  it('DF8030: a quick fix writes the canonical id for the misspelt words', () => {
    const ws = workspace();
    const text = example.replace('A par - bur', 'A par - burgandy').replace('F nth C A yor - nwy', 'F North Atlantc Ocean H');
    const doc = put(ws, EXAMPLE, text);
    const warnings = diagnostics(doc).filter((d) => d.code === 'DF8030');
    expect(warnings.map((d) => d.message)).toEqual(["read 'burgandy' as bur (Burgundy)", "read 'North Atlantc Ocean' as nao (North Atlantic Ocean)"]);
    const actions = codeActions(ws, doc, { start: at(text, 'burgandy', 3), end: at(text, 'burgandy', 3) });
    for (const a of actions) expect(CodeAction.is(a)).toBe(true);
    const fix = actions.find((a) => a.kind === 'quickfix');
    expect(fix?.title).toBe("Write bur (Burgundy) for 'burgandy'");
    expect(fix?.isPreferred).toBe(true);
    expect(fix?.diagnostics?.map((d) => d.code)).toEqual(['DF8030']);
    expect(fix?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'burgandy', 0), end: at(text, 'burgandy') }, newText: 'bur' }]);
    const sea = codeActions(ws, doc, { start: at(text, 'Atlantc', 0), end: at(text, 'Atlantc', 0) }).find((a) => a.kind === 'quickfix');
    expect(sea?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'North Atlantc Ocean', 0), end: at(text, 'North Atlantc Ocean') }, newText: 'nao' }]);
    // Applied, the warning is gone.
    expect(diagnostics(put(ws, EXAMPLE, text.replace('burgandy', 'bur'))).filter((d) => d.code === 'DF8030').map((d) => d.message)).toEqual([
      "read 'North Atlantc Ocean' as nao (North Atlantic Ocean)",
    ]);
  });

  it('DF2014, DF8008, DF8007: the hover on the rule line explains the conflict as docs/RULES.md does', () => {
    const ws = workspace();
    const path = join(WS, 'memory-conflicts.dipgame');
    const text = 'variant classic\nedition 2023\nrule retreats priority-list\nrule alliance-victory solo-threshold\nrule victory-ties shared\nrule solo-bonus 5\n';
    const doc = put(ws, path, text);
    expect(diagnostics(doc).map((d) => `${d.code}@${d.range.start.line}`)).toEqual(['DF8008@2', 'DF2014@4', 'DF8007@5']);
    const partial = hoverText(ws, doc, at(text, 'rule retreats', 7));
    expect(partial?.startsWith('**retreats**: How dislodged units retreat.')).toBe(true);
    expect(partial?.split('\n\n---\n\n')[1]).toBe(
      "**DF8008**, options that work together only in part (warning): retreats priority-list in a five-phase year: each movement carries out its retreats at once by the lists, so its retreat phases never have anything to do; the old rules' year without them is year-shape postal\n\n" +
        'docs/RULES.md, "Options that conflict": `retreats priority-list` in a year with retreat phases (priority retreat lists under a five-phase year); what happens: Each movement carries out its retreats at once by the lists (else `retreat-default`), so the retreat phases never have anything to do. The old rules\' year without them is `year-shape postal`.',
    );
    // On the `rule` word itself: the conflict alone.
    expect(hoverText(ws, doc, at(text, 'rule victory-ties', 1))).toBe(
      '**DF2014**, options that cannot work together (error): alliance-victory with victory-ties shared: two alliances (or an alliance and a power) meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b); write victory-ties extend (000 §4)\n\n' +
        'docs/RULES.md, "Options that conflict": `alliance-victory` (a number or `solo-threshold`) with `victory-ties shared`; why: Two alliances, or an alliance and a power, meeting a condition at once would share the win, so more than two powers would win together, which an alliance victory rules out (000 §4b). Write `victory-ties extend` (000 §4).',
    );
    const ignored = hoverText(ws, doc, at(text, 'rule solo-bonus 5', 16));
    expect(ignored?.endsWith('docs/RULES.md, "Options that conflict": `solo-bonus`; ignored when: `scoring` is not `centres-plus-bonus`.')).toBe(true);
    // A line without a conflict: no such section.
    expect(hoverText(ws, doc, at(text, 'rule alliance-victory', 7))).not.toContain('---');
    // In a map's rules block, the same.
    const tinyText = readFileSync(tinyMap, 'utf8');
    const map = `${tinyText}\nrules {\n  solo-bonus 5\n}\n`;
    const mdoc = put(ws, tinyMap, map) as MapDoc;
    expect(diagnostics(mdoc).map((d) => d.code)).toEqual(['DF8007']);
    expect(hoverText(ws, mdoc, at(map, '  solo-bonus', 4))?.split('\n\n---\n\n')[1]?.startsWith('**DF8007**, an option that has no effect (warning): solo-bonus is ignored')).toBe(true);
  });

  it('every explanation is docs/RULES.md\'s own words, and every conflict the checks give has one', () => {
    const rules = readFileSync(join(WS, '../../../../../docs/RULES.md'), 'utf8').replace(/\s+/g, ' ');
    for (const c of CONFLICT_DOCS) {
      expect(rules, c.combination).toContain(c.combination.replace(/\s+/g, ' '));
      expect(rules, c.explanation).toContain(c.explanation.replace(/\s+/g, ' '));
    }
    // Games that give each conflict of the document's tables: each message has its explanation.
    const ws = workspace();
    const games = [
      'edition 2023\nrule year-shape postal\nrule adjustments priority-list',
      'edition old-rules\nrule adjustments phase',
      'edition 2023\nrule adjustments priority-list',
      'edition 2023\nrule year-shape custom\nrule custom-phases spring-retreat',
      'edition 2023\nrule alliance-victory solo-threshold\nrule victory-ties shared',
      'edition 2023\nrule retreats priority-list',
      'edition 2023\nrule adjustments priority-list\nrule retreats priority-list',
      'edition 2023\nrule custom-phases spring-movement',
      'edition old-rules\nrule excess-builds first',
      'edition 2023\nrule alliance-victory off\nrule solo-beats-alliance true\nrule alliance-bonus 3',
      'edition 2023\nrule solo-bonus 5\nrule scoring none',
      'edition 1971\nrule support-cut-via-convoy cut\nrule via-convoy-fallback true',
    ];
    const seen = new Set<string>();
    games.forEach((g, i) => {
      const doc = put(ws, join(WS, `memory-conflict-${i}.dipgame`), `variant classic\n${g}\n`);
      const list = diagnostics(doc).filter((d) => d.code === 'DF2014' || d.code === 'DF8008' || d.code === 'DF8007');
      expect(list.length, g).toBeGreaterThan(0);
      for (const d of list) {
        const message = typeof d.message === 'string' ? d.message : d.message.value;
        const known = CONFLICT_DOCS.findIndex((c) => c.code === d.code && c.message.test(message));
        expect(known, message).toBeGreaterThanOrEqual(0);
        seen.add(String(known));
      }
    });
    expect(seen.size).toBe(CONFLICT_DOCS.length);
  });
});

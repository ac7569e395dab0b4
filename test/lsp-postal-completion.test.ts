/**
 * Writing a game of the old rules (`edition old-rules`, the postal year) as
 * it is typed, in process: completion of `phase` lines, of `retreat` after a
 * movement order, of `Build` and `Disband` lists in the fall, of power blocks;
 * and the diagnostics of a line that stops in a keyword. Where the answer
 * differs, a game of separate phases (`edition 2023`) is checked too.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompletionItemKind, DiagnosticSeverity, type CompletionItem } from 'vscode-languageserver-protocol';
import { completion, diagnostics, type GameDoc } from '@dipforge/lsp';
import { at, put, workspace, WS } from '../packages/lsp/test/util.js';
import { isCompletionItem } from '../packages/lsp/test/shapes.js';

const PATH = join(WS, 'memory-postal-typing.dipgame');
const OLD = 'variant classic\nedition old-rules\n\n';
const SPRING = `${OLD}phase spring 1901 movement\n  germany:\n    A mun - tyr\n    A ber - sil\n    F kie - den\n\n`;
/** Germany abroad (F den, A tyr), in its home country off a centre (A sil) and at home (A mun); Russia with one unit. */
const FALL = [
  OLD.trimEnd(),
  '',
  'position fall 1901 movement',
  '  germany: A mun, F den, A tyr, A sil',
  '  russia: A war',
  '  owners germany: ber, kie, mun, den',
  '  owners russia: mos, sev, stp, war',
  '',
  'phase fall 1901 movement',
  '',
].join('\n');

function labels(items: CompletionItem[]): string[] {
  for (const i of items) expect(isCompletionItem(i)).toBe(true);
  return items.map((i) => i.label);
}

/** Label (detail) of each item. */
function described(items: CompletionItem[]): string[] {
  return labels(items).map((l, i) => (items[i]?.detail ? `${l} (${items[i]?.detail})` : l));
}

/** What each item writes, and over which characters of the line. */
function edits(items: CompletionItem[]): string[] {
  return items.map((i) => {
    const e = i.textEdit;
    if (!e || !('range' in e)) return `${i.label}: no edit`;
    return `${e.range.start.line}:${e.range.start.character}-${e.range.end.character} ${JSON.stringify(e.newText)}`;
  });
}

const ws = workspace();

/** Completion at the end of `text` (where the cursor is while typing it). */
function complete(text: string, path = PATH): CompletionItem[] {
  const doc = put(ws, path, text) as GameDoc;
  return completion(ws, doc, at(text, text));
}

describe('completion while an old-rules game is typed', () => {
  it('after phase: the phases the year has under the rules, the one due next first', () => {
    expect(described(complete(`${OLD}phase `))).toEqual(['spring 1901 movement (the phase due next)', 'fall 1901 movement']);
    expect(described(complete(`${SPRING}phase `))).toEqual(['fall 1901 movement (the phase due next)', 'spring 1902 movement']);
    expect(labels(complete(`${SPRING}phase spring `))).toEqual(['1902 movement']);
    expect(labels(complete(`${SPRING}phase fall 1901 `))).toEqual(['movement']);
    // A year past the list keeps its phases; a postal year has no winter, and spring 1901 is past.
    expect(labels(complete(`${SPRING}phase spring 1905 `))).toEqual(['movement']);
    expect(labels(complete(`${SPRING}phase winter `))).toEqual([]);
    expect(labels(complete(`${SPRING}phase spring 1901 `))).toEqual([]);
    // The name replaces the word being typed.
    const typed = complete(`${SPRING}phase fa`);
    expect(edits(typed)).toEqual(['9:6-8 "fall 1901 movement"']);
    // A year of separate phases has its retreat and adjustment phases (the empty spring retreat is passed over).
    const y2023 = SPRING.replace('old-rules', '2023');
    expect(labels(complete(`${y2023}phase `, join(WS, 'memory-2023-typing.dipgame')))).toEqual([
      'fall 1901 movement', 'fall 1901 retreat', 'winter 1901 adjustment', 'spring 1902 movement', 'spring 1902 retreat',
    ]);
    expect(labels(complete(`${y2023}phase fall 1901 `, join(WS, 'memory-2023-typing.dipgame')))).toEqual(['movement', 'retreat']);
  });

  it('after a movement order: retreat; after retreat and a comma: where the unit could go, then disband', () => {
    const fall = `${SPRING}phase fall 1901 movement\n  germany:\n`;
    expect(described(complete(`${fall}    A tyr H `))).toEqual(['retreat (a retreat list: where the unit goes if it is dislodged)']);
    expect(labels(complete(`${fall}    F den - swe `))).toEqual(['retreat']);
    expect(labels(complete(`${fall}    A sil S A tyr - boh `))).toEqual(['retreat']);
    // An army on a coast may still be convoyed; a fleet is not.
    expect(labels(complete(`${SPRING}phase fall 1901 movement\n  england:\n    A lvp - yor `))).toEqual(['via convoy', 'retreat']);
    const r = complete(`${fall}    A tyr H r`);
    expect(edits(r)).toEqual(['11:12-13 "retreat"']);
    expect(labels(complete(`${fall}    A tyr H retreat `))).toEqual(['boh', 'mun', 'pie', 'tri', 'ven', 'vie', 'disband']);
    expect(labels(complete(`${fall}    A tyr H retreat mun, boh, `))).toEqual(['pie', 'tri', 'ven', 'vie', 'disband']);
    // Nothing after a list's entry without a comma, and no second list.
    expect(labels(complete(`${fall}    A tyr H retreat mun `))).toEqual([]);
    // Where retreats have a phase of their own, a retreat list is illegal: not offered.
    const y2023 = `${SPRING.replace('old-rules', '2023')}phase fall 1901 movement\n  germany:\n    A tyr H `;
    expect(labels(complete(y2023, join(WS, 'memory-2023-typing.dipgame')))).toEqual([]);
  });

  it('in the fall: Build and Disband at the start of a line; the build sites with unit kinds, the units in the order 000 §11 removes them', () => {
    const germany = `${FALL}  germany:\n    `;
    expect(described(complete(germany))).toEqual([
      'A mun', 'A sil', 'A tyr', 'F den',
      'Build (a build list: the first entries that can be built after the fall)',
      'Disband (a disband list: the first entries, as many as the power must remove after the fall)',
    ]);
    expect(edits(complete(`${germany}Bu`))).toEqual(['11:4-6 "Build"']);
    expect(described(complete(`${germany}Build `))).toEqual(['A ber', 'F ber', 'A kie', 'F kie', 'A mun (now: A mun (germany))']);
    expect(labels(complete(`${germany}Build A ber, `))).toEqual(['A kie', 'F kie', 'A mun']);
    expect(labels(complete(`${germany}Build F `))).toEqual(['ber', 'kie']);
    // Split coasts: a fleet on each.
    expect(labels(complete(`${FALL}  russia:\n    Build `))).toEqual(['A mos', 'A sev', 'F sev', 'A stp', 'F stp/nc', 'F stp/sc', 'A war']);
    expect(labels(complete(`${FALL}  russia:\n    Build F `))).toEqual(['sev', 'stp/nc', 'stp/sc']);
    // Where any owned centre is a build site (`build-sites any-owned-centre`), Denmark too.
    const anywhere = `${germany.replace('edition old-rules', 'edition old-rules\nrule build-sites any-owned-centre')}Build `;
    expect(labels(complete(anywhere, join(WS, 'memory-anywhere.dipgame')))).toEqual(['A ber', 'F ber', 'A kie', 'F kie', 'A den', 'F den', 'A mun']);
    expect(described(complete(`${germany}Disband `))).toEqual(['F den (abroad)', 'A tyr (abroad)', 'A sil (not on a supply centre)', 'A mun']);
    expect(labels(complete(`${germany}Disband F den, `))).toEqual(['A tyr', 'A sil', 'A mun']);
    expect(labels(complete(`${germany}Disband A `))).toEqual(['tyr', 'sil', 'mun']);
    // Not in the spring, whose lists would be illegal.
    const spring = `${OLD}phase spring 1901 movement\n  germany:\n    `;
    expect(labels(complete(spring))).toEqual(['A ber', 'A mun', 'F kie']);
    expect(labels(complete(`${spring}Build `))).toEqual([]);
  });

  it('a line that stops in a keyword says what is expected, not that a province is unknown', () => {
    const errorsOn = (line: string, edition = 'old-rules'): string[] => {
      const text = `${FALL.replace('old-rules', edition)}  germany:\n${line}\n`;
      const doc = put(ws, PATH, text) as GameDoc;
      return diagnostics(doc)
        .filter((d) => d.range.start.line === 11)
        .map((d) => `${d.code} ${d.range.start.character}-${d.range.end.character} ${String(d.message)}${d.severity === DiagnosticSeverity.Error ? '' : ' (not an error)'}`);
    };
    expect(errorsOn('    Bu')).toEqual(["DF6003 4-6 the order stops at 'Bu': expected Build UNIT, UNIT… (a build list), or a unit and its order"]);
    expect(errorsOn('    Disband')).toEqual(["DF6003 4-11 the order stops at 'Disband': expected Disband UNIT, UNIT… (a disband list)"]);
    expect(errorsOn('    A tyr H r')).toEqual(["DF6003 12-13 the order stops at 'r': expected retreat PROVINCE, PROVINCE… (a retreat list; disband may end it)"]);
    expect(errorsOn('    A tyr H ret')).toEqual(["DF6003 12-15 the order stops at 'ret': expected retreat PROVINCE, PROVINCE… (a retreat list; disband may end it)"]);
    expect(errorsOn('  fra')).toEqual(["DF6003 2-5 the order stops at 'fra': expected france: (France's orders), or a unit and its order"]);
    // `A` is a unit; a name that begins no keyword keeps the reader's message.
    expect(errorsOn('    A')).toEqual(['DF6003 4-5 the order ends where a province was expected']);
    expect(errorsOn('    xyz')).toEqual(["DF2001 4-7 unknown province 'xyz'"]);
    // Where the fall has no lists, `Bu` is no keyword of the line.
    expect(errorsOn('    Bu', '2023')[0]).toMatch(/^DF2001 4-6 unknown province 'Bu'/);
  });

  it('at the indentation of a power block: the powers; under it: its units; after POWER: a space before the unit', () => {
    const text = `${OLD}phase spring 1901 movement\n  germany:\n    A mun H\n  `;
    const powers = ['austria:', 'england:', 'france:', 'germany:', 'italy:', 'russia:', 'turkey:'];
    expect(labels(complete(text))).toEqual(powers);
    expect(complete(text).every((i) => i.kind === CompletionItemKind.Module)).toBe(true);
    expect(edits(complete(`${text}fr`))).toEqual(['6:2-4 "france:"']);
    expect(labels(complete(`${text}  `))).toEqual(['A ber', 'A mun', 'F kie']);
    // Orders written at the margin under a power at the margin: the margin holds its orders.
    expect(labels(complete(`${OLD}phase spring 1901 movement\ngermany:\nA mun H\n`)).slice(0, 3)).toEqual(['A ber', 'A mun', 'F kie']);
    // Right after the colon the unit is written after a space.
    const colon = `${OLD}phase spring 1901 movement\n  germany:`;
    expect(edits(complete(colon))).toEqual(['4:10-10 " A ber"', '4:10-10 " A mun"', '4:10-10 " F kie"']);
    expect(edits(complete(`${colon} `))).toEqual(['4:11-11 "A ber"', '4:11-11 "A mun"', '4:11-11 "F kie"']);
    // A retreat list's comma likewise.
    const comma = `${OLD}phase spring 1901 movement\n  germany:\n    A mun H retreat ber,`;
    expect(edits(complete(comma)).slice(0, 2)).toEqual(['5:24-24 " boh"', '5:24-24 " bur"']);
  });
});

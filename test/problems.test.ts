/**
 * Problems are problems: the results of play (a bounce, a cut support) are not
 * diagnostics unless the setting `dipforge.results.inProblems` asks for them,
 * while an order no position can make legal (`F bre - mun`, DF3030) is a
 * problem of the text, reported alike by `dipforge check` and the language
 * server; and a did-you-mean carries its suggestions to the editor's quick fix.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeActions, diagnostics, readSettings, suggestionsOf, DEFAULT_SETTINGS } from '@dipforge/lsp';
import { at, EXAMPLE, put, workspace, WS } from '../packages/lsp/test/util.js';
import { dipforgeIn, scratchFolder } from './cli-in-process.js';
import { join } from 'node:path';

const example = readFileSync(EXAMPLE, 'utf8');
const ON = readSettings({ dipforge: { results: { inProblems: true } } });

describe('order results and the Problems panel', () => {
  it('the results of play are not diagnostics by default, and are with the setting', () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, example);
    const results = (list: ReturnType<typeof diagnostics>) => list.filter((d) => d.source === 'dipforge adjudication');
    expect(results(diagnostics(doc))).toEqual([]);
    expect(diagnostics(doc)).toEqual([]);
    ws.settings = ON;
    const listed = results(diagnostics(doc, ws.settings));
    // The example game's fall bounces and the like: every one an order that did not succeed.
    expect(listed.length).toBeGreaterThan(0);
    const failing = doc.kind === 'game' ? doc.run.phases.flatMap((p) => (p.section ? p.orders : [])).filter((o) => o.result && o.result.status !== 'succeeds' && !o.result.implicit) : [];
    expect(listed.length).toBe(failing.length);
  });

  it('reads the setting from any shape a client sends, keeping the rest as it was', () => {
    expect(readSettings(undefined)).toBe(DEFAULT_SETTINGS);
    expect(readSettings({ results: { inProblems: true } }).resultsInProblems).toBe(true);
    expect(readSettings({ 'dipforge.results.inProblems': true }).resultsInProblems).toBe(true);
    expect(readSettings({ dipforge: { results: { inProblems: 'yes' } } }, ON)).toBe(ON);
    const odd: unknown[] = [null, 0, 'x', [], [true], { dipforge: null }, { dipforge: { results: [] } }, { results: { inProblems: 1 } }, Object.create(null)];
    for (const v of odd) expect(readSettings(v, ON)).toBe(ON);
  });
});

describe('an order that can never be legal (DF3030)', () => {
  const text = example.replace('    F bre - mao', '    F bre - mun');

  it('the language server and dipforge check report it with the same code, severity and place', async () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, text);
    const found = diagnostics(doc).filter((d) => d.code === 'DF3030');
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe(2); // Warning
    expect(found[0]?.range.start).toEqual(at(text, 'F bre - mun', 0));
    const scratch = scratchFolder();
    try {
      scratch.write('game.dipgame', text);
      const run = await dipforgeIn(scratch.dir, 'check', 'game.dipgame');
      const lines = `${run.out}${run.err}`.split('\n').filter((l) => l.includes('[DF3030]'));
      const line = (found[0]?.range.start.line ?? 0) + 1;
      const column = (found[0]?.range.start.character ?? 0) + 1;
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^game\\.dipgame:${line}:${column}: warning: .*F bre - mun.* \\[DF3030\\]$`))]);
      expect(run.code).toBe(0);
    } finally {
      scratch.remove();
    }
  });

  it('is listed once with the results in the Problems panel, and not at all where the line expects [illegal]', () => {
    const ws = workspace();
    const doc = put(ws, EXAMPLE, text);
    const on = diagnostics(doc, ON).filter((d) => d.range.start.line === at(text, 'F bre - mun', 0).line);
    expect(on.map((d) => d.code)).toEqual(['DF3030']);
    const expected = put(ws, EXAMPLE, example.replace('    F bre - mao', '    F bre - mun [illegal]'));
    expect(diagnostics(expected, ON).filter((d) => d.code === 'DF3030')).toEqual([]);
  });
});

describe('quick fixes carry the ranked suggestions', () => {
  it('a wrong terrain word in a map: one error saying what was expected, fixed to the word meant', () => {
    const ws = workspace();
    const path = join(WS, 'slip.dipmap');
    const text = 'variant slip "Slip" { start 1901 spring movement }\nprovince mun "Munich" lnad supply { at 1 2 }\nprovince ber "Berlin" coast supply\nprovince nth "North Sea" sea\nadjacency {\n  army mun: ber\n  fleet ber: nth\n}\npower germany { home mun, ber  units A mun, F ber }\n';
    const doc = put(ws, path, text);
    const list = diagnostics(doc);
    expect(list.map((d) => [d.code, d.message])).toEqual([['DF1002', "Unexpected 'lnad': expected land, coast or sea; did you mean 'land'?"]]);
    expect(suggestionsOf(list[0]!)).toEqual(['land']);
    const actions = codeActions(ws, doc, list[0]!.range);
    expect(actions[0]?.title).toBe('Did you mean land?');
    expect(actions[0]?.edit?.changes?.[doc.uri]).toEqual([{ range: { start: at(text, 'lnad', 0), end: at(text, 'lnad') }, newText: 'land' }]);
  });

  it('a misspelt destination: the provinces the unit can reach first (vne: ven before vie)', () => {
    const ws = workspace();
    const text = example.replace('    A rom - ven', '    A rom - vne');
    const doc = put(ws, EXAMPLE, text);
    const [d] = diagnostics(doc).filter((x) => x.code === 'DF2001');
    expect(d?.message).toContain("did you mean 'ven' (Venice)");
    expect(suggestionsOf(d!)[0]).toBe('ven');
    const actions = codeActions(ws, doc, d!.range);
    expect(actions.map((a) => a.title).slice(0, 2)).toEqual(['Did you mean ven (Venice)?', 'Did you mean vie (Vienna)?']);
  });
});

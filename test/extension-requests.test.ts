/**
 * The editor extension's side of the language server, in process: the custom
 * requests of packages/lsp/src/board.ts (board, status, next phase, editions,
 * switching the edition, comparing editions), and the extension's pure
 * modules (the board page and its Content-Security-Policy, the New Variant
 * scaffold, the snippets). The packaged extension and the bundled server over
 * stdio are tested in test/extension.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMapFile, GameWorkspace, runGameFile, runGameText } from '@dipforge/dsl';
import {
  boardAt,
  completion,
  GAME_SNIPPETS,
  MAP_SNIPPETS,
  diffEditions,
  editionsOf,
  nextPhaseEdit,
  setEditionEdits,
  statusAt,
  Workspace,
  type Doc,
  type GameDoc,
} from '@dipforge/lsp';
import { boardCsp, boardHtml, makeNonce } from '../extension/src/html.js';
import { checkVariantId, scaffoldVariant, titleOf } from '../extension/src/scaffold.js';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');
const CLASSIC = join(ROOT, 'variants/classic/classic.dipmap');

const tmp = mkdtempSync(join(tmpdir(), 'dipforge-ext-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let version = 0;
function open(ws: Workspace, path: string, text: string): Doc {
  const uri = pathToFileURL(path).href;
  if (ws.open.has(uri)) ws.changeDocument(uri, text, ++version);
  else ws.openDocument(uri, text, ++version);
  const doc = ws.docByUri(uri);
  if (!doc) throw new Error(`no document for ${path}`);
  return doc;
}

function game(ws: Workspace, name: string, text: string): GameDoc {
  const doc = open(ws, join(tmp, name), text);
  if (doc.kind !== 'game') throw new Error('not a game');
  return doc;
}

/** Applies LSP text edits (non-overlapping) to a text. */
function apply(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: { line: number; character: number }): number => (starts[p.line] ?? text.length) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

function lineOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`'${needle}' is not in the text`);
  return text.slice(0, i).split('\n').length - 1;
}

function errors(text: string, name: string): string[] {
  const run = runGameText(text, join(tmp, name), new GameWorkspace());
  return run.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`);
}

/** Every unit drawn on a board: its power, kind (from its class) and `data-location`. */
function unitsDrawn(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/<g class="unit ([^"]*)"([^>]*)>/g)) {
    const attrs = m[2] as string;
    const unit = `${(m[1] as string).split(' ').includes('army') ? 'A' : 'F'} ${/data-location="([^"]*)"/.exec(attrs)?.[1]}`;
    const power = /data-power="([^"]*)"/.exec(attrs)?.[1];
    out.push(`${power} ${unit}`);
  }
  return out.sort();
}

const example = readFileSync(EXAMPLE, 'utf8');

describe('dipforge/board', () => {
  const ws = new Workspace();
  const doc = game(ws, '1901.dipgame', example);
  const run = runGameFile(EXAMPLE, new GameWorkspace());

  it('draws the phase under the cursor: its position, its orders and their results', () => {
    const line = lineOf(example, 'phase fall 1901 movement');
    const r = boardAt(ws, doc, { line: line + 3, character: 4 });
    expect(r.phase).toBe('fall 1901 movement');
    expect(r.variant).toBe('classic');
    expect(r.edition).toBe('2023');
    expect(r.line).toBe(line);
    const svg = r.svg as string;
    expect(svg).toContain('data-phase="fall 1901 movement"');
    const fall = run.phases.find((p) => p.phase.season === 'fall' && p.phase.kind === 'movement');
    expect(fall).toBeDefined();
    expect(unitsDrawn(svg)).toEqual(fall!.before.units.map((u) => `${u.power} ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
    // Every order of the phase is drawn with its result.
    const orders = [...svg.matchAll(/<g class="order [^"]*"[^>]*data-order="([^"]*)"[^>]*data-status="([^"]*)"/g)];
    expect(orders.length).toBe(fall!.result.results.length);
    expect(orders.map((m) => m[1])).toContain('A ser - gre');
  });

  it('draws the start in the header, and the winter phase with its builds', () => {
    const r = boardAt(ws, doc, { line: 0, character: 0 });
    expect(r.phase).toBe('spring 1901 movement');
    expect(r.line).toBe(-1);
    expect(unitsDrawn(r.svg as string)).toHaveLength(22);
    const winter = boardAt(ws, doc, { line: lineOf(example, 'Build F lon'), character: 4 });
    expect(winter.phase).toBe('winter 1901 adjustment');
    expect(winter.svg).toContain('class="order build');
  });

  it('draws a map at its start', () => {
    const map = open(ws, CLASSIC, readFileSync(CLASSIC, 'utf8'));
    const r = boardAt(ws, map, { line: 0, character: 0 });
    expect(r.phase).toBe('spring 1901 movement');
    expect(r.variant).toBe('classic');
    expect(unitsDrawn(r.svg as string)).toHaveLength(22);
  });

  it('says why there is nothing to draw when the variant does not compile', () => {
    const bad = game(ws, 'bad.dipgame', 'variant "nowhere.dipmap"\n\nphase spring 1901 movement\n');
    const r = boardAt(ws, bad, { line: 2, character: 0 });
    expect(r.svg).toBeNull();
    expect(r.message).toMatch(/does not compile/);
  });
});

describe('dipforge/status', () => {
  const ws = new Workspace();
  it('reads variant · edition · phase under the cursor', () => {
    const doc = game(ws, '1901.dipgame', example);
    expect(statusAt(ws, doc, { line: lineOf(example, 'phase fall 1901 movement') + 2, character: 0 }).text).toBe('classic · 2023 · fall 1901 movement');
    expect(statusAt(ws, doc, { line: 0, character: 0 }).text).toBe('classic · 2023 · spring 1901 movement');
    const other = game(ws, 'other.dipgame', 'variant classic\nedition old-rules\n');
    const s = statusAt(ws, other, { line: 0, character: 0 });
    expect(s).toMatchObject({ kind: 'game', variant: 'classic', edition: 'old-rules', phase: 'spring 1901 movement' });
  });

  it('gives a map its variant and edition', () => {
    const map = open(ws, CLASSIC, readFileSync(CLASSIC, 'utf8'));
    expect(statusAt(ws, map, { line: 3, character: 0 })).toMatchObject({ kind: 'map', variant: 'classic', edition: '2023', phase: null, text: 'classic · 2023' });
  });
});

describe('dipforge/nextPhase', () => {
  const ws = new Workspace();

  it('appends the next movement phase with every unit\'s hold order', () => {
    const doc = game(ws, 'next-1.dipgame', example);
    const r = nextPhaseEdit(doc);
    expect(r).not.toBeNull();
    expect(r!.phase).toBe('spring 1902 movement');
    const text = apply(example, [r!.edit]);
    expect(text.split('\n')[r!.line]).toBe('phase spring 1902 movement');
    expect(text.startsWith(example)).toBe(true);
    expect(errors(text, 'next-1b.dipgame')).toEqual([]);
    const run = runGameText(text, join(tmp, 'next-1c.dipgame'), new GameWorkspace());
    const last = run.phases[run.phases.length - 1]!;
    expect(last.phase).toEqual({ year: 1902, season: 'spring', kind: 'movement' });
    expect(last.orders).toHaveLength(last.before.units.length);
    expect(last.orders.every((o) => o.order.type === 'hold' && o.result?.status === 'succeeds')).toBe(true);
  });

  it('appends the retreats that are due, with where each unit may go', () => {
    const text = `variant classic
position spring 1901 movement
  austria: A boh
  germany: A mun, A sil

phase spring 1901 movement
  germany:
    A mun - boh
    A sil S A mun - boh`;
    const doc = game(new Workspace(), 'next-2.dipgame', text);
    const r = nextPhaseEdit(doc)!;
    expect(r.phase).toBe('spring 1901 retreat');
    // No line break at the end of the file: a blank line is added before the phase.
    expect(r.edit.newText.startsWith('\n\nphase spring 1901 retreat\n')).toBe(true);
    expect(r.edit.newText).toContain('  austria:\n    A boh D   // or retreat: R gal, R tyr, R vie\n');
    const after = apply(text, [r.edit]);
    expect(errors(after, 'next-2b.dipgame')).toEqual([]);
  });

  it('gives the same answer after the server has played another game on the same board', () => {
    // One server workspace plays every open game; a game's results must not depend on the others.
    const text = 'variant classic\nposition spring 1901 movement\n  austria: A boh\n  germany: A mun, A sil\n\nphase spring 1901 movement\n  germany:\n    A mun - boh\n    A sil S A mun - boh\n';
    const shared = new Workspace();
    game(shared, 'other.dipgame', example);
    const after = game(shared, 'retreat.dipgame', text);
    const alone = game(new Workspace(), 'retreat.dipgame', text);
    const results = (d: GameDoc) => d.run.phases.map((p) => p.result.results.map((r) => `${r.status} ${r.reason ?? ''}`));
    expect(results(after)).toEqual(results(alone));
    expect(nextPhaseEdit(after)?.phase).toBe('spring 1901 retreat');
  });

  it('appends the adjustments that are due: the engine\'s removals, a waive per build', () => {
    const text = `variant classic
position fall 1901 movement
  austria: A vie, A bud, A tri, A gal, A boh
  russia: A rum
  owners austria: vie, bud, tri
  owners russia: mos, war, sev, stp

phase fall 1901 movement
  russia:
    A rum H
`;
    const doc = game(ws, 'next-3.dipgame', text);
    const r = nextPhaseEdit(doc)!;
    // The fall retreat phase has nothing to order: it is skipped.
    expect(r.phase).toBe('winter 1901 adjustment');
    expect(r.edit.newText).toContain('  austria:\n    // 3 centres, 5 units: 2 removals\n    Remove ');
    expect(r.edit.newText).toContain('  russia:\n    // 5 centres, 1 unit: 4 builds at mos, sev, stp, war\n    Waive\n    Waive\n    Waive\n    Waive\n');
    const after = apply(text, [r.edit]);
    expect(errors(after, 'next-3b.dipgame')).toEqual([]);
    // The removals are the ones the rules for missing orders would make.
    const withOrders = runGameText(after, join(tmp, 'next-3c.dipgame'), new GameWorkspace());
    const without = runGameText(`${text}\nphase winter 1901 adjustment\n`, join(tmp, 'next-3d.dipgame'), new GameWorkspace());
    const units = (run: typeof withOrders) => run.final?.units.filter((u) => u.power === 'austria').map((u) => u.at).sort();
    expect(units(withOrders)).toEqual(units(without));
    expect(units(withOrders)).toHaveLength(3);
  });

  it('writes a postal year\'s next movement phase', () => {
    const text = 'variant classic\nedition old-rules\n\nphase spring 1901 movement\n  france:\n    A par - bur\n';
    const r = nextPhaseEdit(game(ws, 'next-4.dipgame', text))!;
    expect(r.phase).toBe('fall 1901 movement');
    expect(errors(apply(text, [r.edit]), 'next-4b.dipgame')).toEqual([]);
  });

  it('has no next phase when the variant does not compile', () => {
    expect(nextPhaseEdit(game(ws, 'next-5.dipgame', 'variant "nowhere.dipmap"\n'))).toBeNull();
  });
});

describe('dipforge/editions and dipforge/setEdition', () => {
  const ws = new Workspace();

  it('lists the built-in editions and the variant\'s own rule sets, with the one the file plays', () => {
    const builtins = editionsOf(ws, undefined);
    expect(builtins.current).toBeNull();
    expect(builtins.editions.map((e) => e.name)).toEqual(['1971', '1982', '2000', '2023', 'old-rules', 'online-5']);
    expect(builtins.editions.every((e) => e.builtin && e.title)).toBe(true);
    const mapPath = join(tmp, 'house.dipmap');
    const map = 'variant house "House" { extends classic }\nruleset house-rules "House rules" extends 2000 {\n  victory-centres 17\n}\n';
    writeFileSync(mapPath, map);
    const doc = game(ws, 'house.dipgame', 'variant "house.dipmap"\nedition house-rules\n');
    const list = editionsOf(ws, doc);
    expect(list.current).toBe('house-rules');
    expect(list.editions.find((e) => e.name === 'house-rules')).toEqual({ name: 'house-rules', title: 'House rules', builtin: false });
  });

  const switched = (name: string, text: string, edition: string): string => {
    const doc = open(ws, join(tmp, name), text);
    const out = apply(text, setEditionEdits(doc, edition));
    return out;
  };

  it('changes a game\'s edition line, or adds one after the variant line', () => {
    expect(switched('e1.dipgame', example, '2000')).toBe(example.replace('edition 2023', 'edition 2000'));
    expect(switched('e2.dipgame', '// a game\nvariant classic\nseed 3\n', 'old-rules')).toBe('// a game\nvariant classic\nedition old-rules\nseed 3\n');
    expect(switched('e3.dipgame', 'variant classic\nrule edition 1982\n', '1971')).toBe('variant classic\nrule edition 1971\n');
    expect(switched('e4.dipgame', '// nothing yet\n', '2000')).toBe('// nothing yet\nedition 2000\n');
    // The variant line is the last, with no line break: the edition goes on a line after it, not past the text's end.
    expect(switched('e7.dipgame', '// a game\nvariant classic', '2000')).toBe('// a game\nvariant classic\nedition 2000');
    expect(setEditionEdits(open(ws, join(tmp, 'e8.dipgame'), 'variant classic'), '2000')).toEqual([{ range: { start: { line: 0, character: 15 }, end: { line: 0, character: 15 } }, newText: '\nedition 2000' }]);
    const doc = game(ws, 'e5.dipgame', switched('e5.dipgame', example, 'old-rules'));
    expect(doc.run.edition).toBe('old-rules');
  });

  it('changes a map\'s rules, or adds the edition to them', () => {
    expect(switched('m1.dipmap', 'variant a "A" { extends classic }\nrules {\n  edition 2023\n  victory-centres 17\n}\n', '1982')).toBe(
      'variant a "A" { extends classic }\nrules {\n  edition 1982\n  victory-centres 17\n}\n',
    );
    expect(switched('m2.dipmap', 'variant b "B" { extends classic }\nrules {\n  victory-centres 17\n}\n', '2000')).toBe(
      'variant b "B" { extends classic }\nrules {\n  edition 2000\n  victory-centres 17\n}\n',
    );
    expect(switched('m3.dipmap', 'variant c "C" { extends classic }\n', '2000')).toBe('variant c "C" { extends classic }\n\nrules {\n  edition 2000\n}\n');
  });

  it('refuses what is no edition name', () => {
    const doc = open(ws, join(tmp, 'e6.dipgame'), example);
    expect(() => setEditionEdits(doc, 'two words')).toThrow(/no edition name/);
  });
});

describe('dipforge/diff', () => {
  it('gives what `dipforge diff --json` gives, and its text', async () => {
    const ws = new Workspace();
    const doc = game(ws, '1901.dipgame', example);
    const r = diffEditions(ws, doc, undefined, 'old-rules');
    const cli = JSON.parse((await dipforgeIn(ROOT, 'diff', EXAMPLE, '--vs', 'old-rules', '--json')).out) as Record<string, unknown>;
    expect(r.format).toBe(cli.format);
    expect(r.a).toEqual(cli.a);
    expect(r.b).toEqual(cli.b);
    expect(r.orders).toEqual(cli.orders);
    expect(r.outcomes).toEqual(cli.outcomes);
    expect(r.conversion).toEqual(cli.conversion);
    expect(r.parted).toEqual(cli.parted);
    expect(r.errors).toEqual([]);
    // The years differ in shape: the game is compared with its postal conversion.
    expect(r.conversion).toMatchObject({ made: true, side: 'b', edition: 'old-rules' });
    const human = await dipforgeIn(join(ROOT, 'variants/classic/examples'), 'diff', EXAMPLE, '--vs', 'old-rules');
    expect(r.text).toBe(human.out);
  });

  it('compares two editions other than the file\'s', () => {
    const ws = new Workspace();
    const doc = game(ws, '1901.dipgame', example);
    const r = diffEditions(ws, doc, '2000', '1982');
    expect(r.a.edition).toBe('2000');
    expect(r.b.edition).toBe('1982');
    expect(r.text.split('\n')[0]).toBe('1901.dipgame: edition 2000 vs edition 1982');
  });
});

describe('the board page', () => {
  it('has a strict Content-Security-Policy: nothing loads, the one style and script carry the nonce', () => {
    const nonce = makeNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(makeNonce()).not.toBe(nonce);
    const html = boardHtml(nonce);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
    expect(csp).toBe(`default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`);
    expect(csp).toBe(boardCsp(nonce));
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([`<script nonce="${nonce}">`]);
    expect([...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0])).toEqual([`<style nonce="${nonce}">`]);
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=|https?:|src=|href=/);
  });
});

describe('New Variant', () => {
  it('checks the id', () => {
    expect(checkVariantId('islands')).toBeUndefined();
    expect(checkVariantId('two-seas')).toBeUndefined();
    expect(checkVariantId('华沙')).toBeUndefined();
    expect(checkVariantId('')).toMatch(/id/);
    expect(checkVariantId('Islands')).toMatch(/lower-case/);
    expect(checkVariantId('a b')).toMatch(/lower-case/);
    expect(checkVariantId('-x')).toMatch(/lower-case/);
    expect(checkVariantId('classic')).toMatch(/built-in/);
    expect(titleOf('two-seas')).toBe('Two Seas');
  });

  it('makes a variant that compiles and an example game that plays and passes', async () => {
    const dir = join(tmp, 'two-seas');
    const s = scaffoldVariant('two-seas', '2000');
    expect(Object.keys(s.files).sort()).toEqual(['example.dipgame', 'two-seas.dipmap']);
    expect(s.open).toBe('example.dipgame');
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(s.files)) writeFileSync(join(dir, name), text);
    const compiled = compileMapFile(join(dir, 'two-seas.dipmap'));
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.config?.rules.edition).toBe('2000');
    expect(compiled.config?.powers.map((p) => p.id)).toEqual(['north', 'south']);
    const out = (await dipforgeIn(ROOT, 'test', join(dir, 'example.dipgame'))).out;
    expect(out.trim().split('\n').pop()).toBe('1 passed, 0 failed');
    const run = runGameFile(join(dir, 'example.dipgame'), new GameWorkspace());
    expect(run.diagnostics).toEqual([]);
    // Next Phase goes on from it: the winter builds.
    const ws = new Workspace();
    const doc = open(ws, join(dir, 'example.dipgame'), s.files['example.dipgame'] as string) as GameDoc;
    expect(nextPhaseEdit(doc)?.phase).toBe('winter 1901 adjustment');
  });
});

describe('the snippets', () => {
  /** A snippet's text with every placeholder at its default. */
  const expand = (body: string): string =>
    body
      .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
      .replace(/\$\{\d+:([^}]*)\}/g, '$1')
      .replace(/\$\d+/g, '')
      .replace(/\\([\\$}])/g, '$1');
  const labels = (list: { label: string }[]): string[] => list.map((i) => i.label);
  const snippetItems = <T extends { kind?: number }>(list: T[]): T[] => list.filter((i) => i.kind === 15 /* CompletionItemKind.Snippet */);

  it('are offered at the start of a line, and not inside an order', () => {
    const ws = new Workspace();
    const text = 'variant classic\n\nphase spring 1901 movement\n  france:\n    A par - \n\n';
    const doc = open(ws, join(tmp, 'snip.dipgame'), text) as GameDoc;
    const atStart = completion(ws, doc, { line: 5, character: 0 });
    expect(labels(snippetItems(atStart))).toEqual(expect.arrayContaining(['game', 'phase', 'position', 'expect', 'declare', 'phase-next']));
    const inOrder = completion(ws, doc, { line: 4, character: 12 });
    expect(labels(inOrder).sort()).toEqual(['bre', 'bur', 'gas', 'pic']);
    expect(snippetItems(inOrder)).toEqual([]);
    const typed = 'variant classic\n\nde';
    const doc2 = open(ws, join(tmp, 'snip2.dipgame'), typed) as GameDoc;
    expect(labels(snippetItems(completion(ws, doc2, { line: 2, character: 2 })))).toEqual(['declare']);
  });

  it('the next-phase snippet holds every unit of the classic start in its first phase', () => {
    const ws = new Workspace();
    const doc = open(ws, join(tmp, 'holds.dipgame'), 'variant classic\n\n') as GameDoc;
    const next = snippetItems(completion(ws, doc, { line: 2, character: 0 })).find((i) => (i as { label: string }).label === 'phase-next') as { textEdit?: { newText: string } } | undefined;
    expect(next?.textEdit).toBeDefined();
    const text = `variant classic\n\n${expand(next!.textEdit!.newText)}\n`;
    const run = runGameText(text, join(tmp, 'holds.dipgame'), new GameWorkspace());
    expect(run.diagnostics).toEqual([]);
    const config = compileMapFile(CLASSIC).config!;
    const start = config.powers.flatMap((p) => p.units.map((u) => `${p.id} ${u.kind} ${u.at}`)).sort();
    const held = run.phases[0]!.orders.flatMap((o) => (o.order.type === 'hold' ? [`${o.power} ${o.order.unit.kind} ${o.order.unit.at}`] : [])).sort();
    expect(held).toEqual(start);
  });

  it('expand to text that parses', () => {
    const game = GAME_SNIPPETS.find((s) => s.label === 'game')!;
    const phase = GAME_SNIPPETS.find((s) => s.label === 'phase')!;
    const text = `${expand(game.body.join('\n'))}\n${expand(phase.body.join('\n')).replace('power:', 'france:')}A par - bur\n`;
    expect(errors(text, 'snippet.dipgame')).toEqual([]);
    for (const s of [...GAME_SNIPPETS, ...MAP_SNIPPETS]) expect(s.body.length, s.label).toBeGreaterThan(0);
    const province = MAP_SNIPPETS.find((s) => s.label === 'province')!;
    const mapText = `variant x "X" { extends classic }\n${expand(province.body.join('\n')).replace(' id ', ' xyz ')}\nadjacency {\n  army xyz: par\n}\n`;
    writeFileSync(join(tmp, 'x.dipmap'), mapText);
    expect(compileMapFile(join(tmp, 'x.dipmap')).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('in a map file, only outside every block', () => {
    const ws = new Workspace();
    const doc = open(ws, join(tmp, 'snip.dipmap'), 'variant x "X" { extends classic }\n\nprovince xyz "Xyz" {\n  \n}\n');
    expect(labels(snippetItems(completion(ws, doc, { line: 1, character: 0 })))).toEqual(MAP_SNIPPETS.map((s) => s.label));
    expect(snippetItems(completion(ws, doc, { line: 3, character: 2 }))).toEqual([]);
  });
});

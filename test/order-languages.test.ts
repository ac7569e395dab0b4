/**
 * Orders in other languages in game files, the editor and the command line
 * (docs/GAME-LANGUAGE.md, "Orders in other languages"): every game under
 * test/order-languages/ must pass as `dipforge test` runs it; the diagnostics
 * of lines that read two ways, no way or with a guess, with their positions;
 * the `language` lines; completion, hover and code actions of the language
 * server in process; `dipforge adjudicate --lang`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GameWorkspace, parseGame, runGame, runGameText, testGameFile, type Diagnostic } from '@dipforge/dsl';
import { codeActions, completion, hover, Workspace, type GameDoc } from '@dipforge/lsp';
import { main } from '@dipforge/cli';
import { formatLocalizedOrder, type Board, type Order } from '@dipforge/engine';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'test', 'order-languages');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.dipgame'))
  .sort();

const tmp = mkdtempSync(join(tmpdir(), 'dipforge-lang-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const workspace = new GameWorkspace();

function run(text: string): Diagnostic[] {
  return runGameText(text, join(tmp, 'game.dipgame'), workspace).diagnostics;
}

/** `path:line:col code` of a diagnostic, 1-based as the command line prints it. */
function where(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.column + 1}-${d.range.end.line + 1}:${d.range.end.column + 1} ${d.code}`;
}

describe('game files in other languages (test/order-languages)', () => {
  it('holds a Chinese, a Japanese, a Finnish and a mixed game', () => {
    expect(files.some((f) => f.startsWith('zh-'))).toBe(true);
    expect(files.some((f) => f.startsWith('ja-'))).toBe(true);
    expect(files.some((f) => f.startsWith('fi-'))).toBe(true);
    expect(files.some((f) => f.startsWith('mixed-'))).toBe(true);
  });

  for (const f of files) {
    it(f, () => {
      const result = testGameFile(join(DIR, f), workspace);
      expect(result.failures.map((x) => `${x.range.start.line + 1}: ${x.message}`)).toEqual([]);
      expect(result.run.expectations.length).toBeGreaterThan(5);
      expect(result.run.expectations.every((e) => e.ok)).toBe(true);
    });
  }

  it('dipforge test runs the folder', async () => {
    let out = '';
    const code = await main(['test', DIR], { out: (s) => (out += s), err: (s) => (out += s), cwd: ROOT });
    expect(out.trim().split('\n').pop()).toBe(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  });
});

const HEADER = 'variant classic\nlanguage zh\n\nposition spring 1901 movement\n  russia: F nwy, F nwg, A war\n  germany: A ber\n\nphase spring 1901 movement\n';

describe('reading order lines in a language', () => {
  it('a line that reads two ways is an error listing each reading in canonical notation', () => {
    const diags = run(`${HEADER}  russia:\n    挪威海军移动到北海\n`);
    const d = diags.find((x) => x.code === 'DF6031');
    expect(d, JSON.stringify(diags)).toBeDefined();
    expect(where(d as Diagnostic)).toBe('10:5-10:14 DF6031');
    expect(d?.severity).toBe('error');
    expect(d?.message).toContain('F nwy - nth');
    expect(d?.message).toContain('nwg - nth');
  });

  it('a word not understood is an error on that word only', () => {
    const diags = run(`${HEADER}  russia:\n    华沙陆军移动到xyz莫斯科\n`);
    expect(diags.map(where)).toEqual(['10:12-10:15 DF6030']);
    expect(diags[0]?.message).toContain("'xyz'");
  });

  it('an order that stops too early says so (DF6032), and the phase is still played', () => {
    const text = `${HEADER}  germany:\n    柏林陆军支援\n  russia:\n    华沙陆军移动到西利西亚 [succeeds]\n`;
    const r = runGameText(text, join(tmp, 'game.dipgame'), workspace);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['DF6032']);
    expect(r.diagnostics[0]?.range.start.line).toBe(9);
    expect(r.phases[0]?.incomplete).toBe(true);
    expect(r.expectations.map((e) => e.ok)).toEqual([true]);
  });

  it('a misspelt name is read as the one name it is close to, with a warning on the name', () => {
    const diags = run(`${HEADER}  germany:\n    柏林陆军移动到普鲁仕\n`);
    expect(diags.map(where)).toEqual(['10:12-10:15 DF8040']);
    expect(diags[0]?.severity).toBe('warning');
  });

  const CONVOY = 'variant classic\nlanguage zh\n\nposition spring 1901 movement\n  france: F nth, F nwg, A hol, A par\n\nphase spring 1901 movement\n  france:\n';

  it('the standard notation reads in every language, and a line may hold several orders', () => {
    const text = `${CONVOY}    A par - bur                          [succeeds]\n    北海舰队、挪威海舰队运输荷兰陆军移动克莱德   [succeeds]\n    A hol - cly via convoy\n`;
    const r = runGameText(text, join(tmp, 'game.dipgame'), workspace);
    expect(r.diagnostics).toEqual([]);
    const orders = r.phases[0]?.orders ?? [];
    expect(orders.map((o) => `${o.order.type} ${'unit' in o.order ? o.order.unit.at : ''}`)).toEqual(['move par', 'convoy nth', 'convoy nwg', 'move hol']);
    // Both orders of the line share its line and its expected result.
    expect(orders[1]?.line).toBe(orders[2]?.line);
    expect(r.expectations.filter((e) => e.ok).length).toBe(3);
  });

  it('a line of several orders fails its expectation once per order that differs', () => {
    const text = `${CONVOY}    北海舰队、挪威海舰队运输荷兰陆军移动克莱德   [fails]\n    A hol - cly via convoy\n`;
    const r = runGameText(text, join(tmp, 'game.dipgame'), workspace);
    expect(r.expectations.filter((e) => !e.ok).length).toBe(2);
  });

  it('reads the language line: unknown languages, unknown powers, a power set twice', () => {
    const text = 'variant classic\nlanguage xx\nlanguage fi for prussia\nlanguage ja for russia\nlanguage fi for russia\nlanguage\n\nphase spring 1901 movement\n  russia:\n    陸軍 ワルシャワ-モスクワ [fails]\n';
    const diags = run(text);
    expect(diags.map(where).sort()).toEqual(['2:10-2:12 DF6040', '3:17-3:24 DF2002', '5:17-5:23 DF2012', '6:1-6:9 DF6001'].sort());
    const r = runGameText(text, join(tmp, 'game.dipgame'), workspace);
    expect(r.languages?.of('russia')).toBe('ja');
    expect(r.expectations.every((e) => e.ok)).toBe(true);
  });

  it('a language line after the phases is misplaced', () => {
    expect(run('variant classic\n\nphase spring 1901 movement\nlanguage zh\n').map((d) => d.code)).toEqual(['DF6002']);
  });

  it('an edit of the language line is never answered from the run read in the old language', () => {
    const body = '\nphase spring 1901 movement\n  russia:\n    A sev H\n\nphase fall 1901 movement\n  russia:\n    华沙陆军移动到莫斯科\n';
    const path = join(tmp, 'edit.dipgame');
    const before = runGame(parseGame(`variant classic\nlanguage zh\n${body}`, path), workspace);
    expect(before.diagnostics).toEqual([]);
    const after = runGame(parseGame(`variant classic\nlanguage en\n${body}`, path), workspace, { reuse: { run: before, sections: 0 } });
    expect(after.cutoff ?? 0).toBe(0);
    expect(after.diagnostics.map((d) => `${d.range.start.line + 1} ${d.code}`)).toEqual(['10 DF2001']);
  });

  it('language en sets a power back to the standard notation', () => {
    const text = 'variant classic\nlanguage zh\nlanguage en for russia\n\nphase spring 1901 movement\n  russia:\n    华沙陆军移动到莫斯科\n  germany:\n    A ber - kie\n';
    const diags = run(text);
    expect(diags.map((d) => d.code)).toEqual(['DF2001']);
    expect(diags[0]?.range.start.line).toBe(6);
  });
});

// ------------------------------------------------------------------ the editor

let version = 0;
function open(ws: Workspace, name: string, text: string): GameDoc {
  const uri = pathToFileURL(join(tmp, name)).href;
  if (ws.open.has(uri)) ws.changeDocument(uri, text, ++version);
  else ws.openDocument(uri, text, ++version);
  const doc = ws.docByUri(uri);
  if (doc?.kind !== 'game') throw new Error('not a game');
  return doc;
}

const at = (line: number, character: number): { line: number; character: number } => ({ line, character });
const labels = (list: { label: string }[]): string[] => list.map((i) => i.label);

describe('the language server in a game in another language', () => {
  const ws = new Workspace();
  const game = (body: string): GameDoc => open(ws, 'zh.dipgame', `variant classic\nlanguage zh\nlanguage fi for germany\n\nphase spring 1901 movement\n${body}`);

  it('completes the order words after a unit, then the places it can reach, in Chinese', () => {
    const doc = game('  russia:\n    华沙陆军\n');
    const words = labels(completion(ws, doc, at(6, 8)));
    expect(words).toEqual(expect.arrayContaining(['移动到', '支援', '防守']));
    expect(words).not.toContain('A');
    const moved = game('  russia:\n    华沙陆军移动到\n');
    const places = completion(ws, moved, at(6, 11));
    expect(labels(places)).toEqual(expect.arrayContaining(['莫斯科', '普鲁士', '乌克兰', '西利希亚']));
    expect(labels(places)).not.toContain('巴黎');
    // A place is inserted at the cursor, after what is written.
    const moscow = places.find((i) => i.label === '莫斯科');
    expect(moscow?.textEdit && 'range' in moscow.textEdit ? moscow.textEdit.range : undefined).toEqual({ start: at(6, 11), end: at(6, 11) });
  });

  it('offers after a unit’s place only the word of its kind: no fleet words after inland Paris', () => {
    const paris = labels(completion(ws, game('  france:\n    巴黎\n'), at(6, 6)));
    expect(paris).toContain('陆军');
    expect(paris.filter((w) => w === '舰队' || w === '海军')).toEqual([]);
    const brest = labels(completion(ws, game('  france:\n    布瑞斯特\n'), at(6, 8)));
    expect(brest.some((w) => w === '舰队' || w === '海军')).toBe(true);
    expect(brest).not.toContain('陆军');
    // The supported unit's kind after a support: the fleet in Brest, supported from Paris.
    const support = labels(completion(ws, game('  france:\n    巴黎陆军支援布瑞斯特\n'), at(6, 14)));
    expect(support).not.toContain('陆军');
    expect(support.some((w) => w === '舰队' || w === '海军')).toBe(true);
  });

  it('finds a unit and a place by every spelling the map gives, in the spelling typed', () => {
    // 马塞 and 马赛 are the map's two names of Marseilles; 伯干第 and 勃艮第 of Burgundy.
    expect(labels(completion(ws, game('  france:\n    马赛\n'), at(6, 6)))).toContain('马赛陆军');
    expect(labels(completion(ws, game('  france:\n    马塞\n'), at(6, 6)))).toContain('马塞陆军');
    expect(labels(completion(ws, game('  france:\n    \n'), at(6, 4)))).not.toContain('马赛陆军');
    const burgundy = completion(ws, game('  france:\n    巴黎陆军移动到勃\n'), at(6, 12));
    expect(labels(burgundy)).toEqual(['勃艮第']);
    expect(burgundy[0]?.detail).toBe('bur');
    expect(labels(completion(ws, game('  france:\n    巴黎陆军移动到伯\n'), at(6, 12)))).toEqual(['伯干第']);
  });

  it('completes a word being typed, replacing only the typed part', () => {
    const doc = game('  russia:\n    华沙陆军移\n');
    const items = completion(ws, doc, at(6, 9));
    const move = items.find((i) => i.label === '移动到');
    expect(move?.textEdit && 'range' in move.textEdit ? move.textEdit.range : undefined).toEqual({ start: at(6, 8), end: at(6, 9) });
  });

  it('offers the power’s units at the start of a line, in its language', () => {
    const doc = game('  russia:\n    \n  germany:\n    \n');
    expect(labels(completion(ws, doc, at(6, 4)))).toEqual(expect.arrayContaining(['华沙陆军', '莫斯科陆军', '史瓦施托普舰队']));
    expect(labels(completion(ws, doc, at(8, 4)))).toEqual(expect.arrayContaining(['Armeija Berliini', 'Laivasto Kiel']));
  });

  it('completes Finnish order words after a unit', () => {
    const doc = game('  germany:\n    Armeija Berliini \n');
    expect(labels(completion(ws, doc, at(6, 21)))).toEqual(expect.arrayContaining(['hyökkää', 'tukee', 'pysyy']));
  });

  it('completes the language line: the languages, then for and the powers', () => {
    const doc = open(ws, 'header.dipgame', 'variant classic\nlanguage \nlanguage fi \nlanguage fi for \n');
    expect(labels(completion(ws, doc, at(1, 9)))).toEqual(['en', 'fi', 'ja', 'zh']);
    expect(labels(completion(ws, doc, at(2, 12)))).toEqual(['for']);
    expect(labels(completion(ws, doc, at(3, 16)))).toEqual(expect.arrayContaining(['england', 'russia']));
  });

  it('completes a Japanese move after the dash with the places the unit reaches', () => {
    const doc = open(ws, 'ja.dipgame', 'variant classic\nlanguage ja\n\nphase spring 1901 movement\n  ドイツ:陸軍 キール-\n');
    const places = labels(completion(ws, doc, at(4, 16)));
    expect(places).toEqual(expect.arrayContaining(['オランダ', 'デンマーク']));
    expect(places).not.toContain('モスクワ');
  });

  it('hovers a localized order with its canonical order and result', () => {
    const doc = game('  russia:\n    华沙陆军移动到莫斯科\n    莫斯科陆军移动到乌克兰\n');
    // On the order's words (陆军), not on a province it names: the order, in its language's words.
    const h = hover(ws, doc, at(6, 7));
    const value = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    expect(value).toContain('`A war - mos`');
    // The result in the game's language (成功: succeeds).
    expect(value).toContain('`A war - mos`（russia）：成功');
    expect(value).toContain('以中文（zh）书写');
    // On 华沙, the province.
    const province = hover(ws, doc, at(6, 5));
    expect(province && typeof province.contents === 'object' && 'value' in province.contents ? province.contents.value : '').toMatch(/^\*\*华沙\*\*（`war`）/u);
  });

  it('rewrites an order in the canonical notation and in the other languages', () => {
    const doc = game('  russia:\n    华沙陆军移动到莫斯科\n');
    const actions = codeActions(ws, doc, { start: at(6, 6), end: at(6, 6) });
    const text = (title: string): string | undefined => {
      const a = actions.find((x) => x.title === title);
      return a?.edit?.changes ? Object.values(a.edit.changes)[0]?.[0]?.newText : undefined;
    };
    expect(text('Rewrite in canonical notation')).toBe('A war - mos');
    // As the engine prints the order in each language (the variant's names in it, else its display names).
    const move: Order = { type: 'move', power: 'russia', unit: { kind: 'army', at: 'war' }, to: 'mos', viaConvoy: false };
    expect(text('Rewrite in Finnish (fi)')).toBe(formatLocalizedOrder(doc.board as Board, 'fi', move));
    expect(text('Rewrite in Finnish (fi)')).toMatch(/^Armeija Varsova hyökkää /u);
    expect(text('Rewrite in Japanese (ja)')).toBe(formatLocalizedOrder(doc.board as Board, 'ja', move));
    expect(text('Rewrite in Japanese (ja)')).toMatch(/^陸軍 ワルシャワ-/u);
    expect(actions.some((a) => a.title === 'Rewrite in Chinese (zh)')).toBe(false);
  });

  it('rewrites a line of two convoys as two lines', () => {
    const doc = open(ws, 'convoy.dipgame', 'variant classic\nlanguage zh\n\nposition spring 1901 movement\n  france: F nth, F nwg, A hol\n\nphase spring 1901 movement\n  france:\n    北海舰队、挪威海舰队运输荷兰陆军移动克莱德\n');
    const actions = codeActions(ws, doc, { start: at(8, 6), end: at(8, 6) });
    const a = actions.find((x) => x.title === 'Rewrite in canonical notation');
    expect(a?.edit?.changes ? Object.values(a.edit.changes)[0]?.[0]?.newText : undefined).toBe('F nth C A hol - cly\n    F nwg C A hol - cly');
  });

  it('offers one quick fix per reading of an ambiguous order', () => {
    const doc = open(ws, 'amb.dipgame', `${HEADER}  russia:\n    挪威海军移动到北海\n`);
    const actions = codeActions(ws, doc, { start: at(9, 6), end: at(9, 6) });
    const fixes = actions.filter((a) => a.kind === 'quickfix' && a.title.startsWith('Read as'));
    expect(fixes.length).toBe(2);
    expect(fixes[0]?.title).toMatch(/^Read as russia: (F )?nwy - nth$/u);
    expect(fixes[1]?.title).toMatch(/^Read as russia: (F )?nwg - nth$/u);
    expect(fixes.every((a) => a.diagnostics?.[0]?.code === 'DF6031')).toBe(true);
    // Each fix reads one way once applied.
    for (const fix of fixes) {
      const newText = fix.edit?.changes ? Object.values(fix.edit.changes)[0]?.[0]?.newText : '';
      const fixed = run(`${HEADER}  russia:\n    ${newText}\n`);
      expect(fixed.filter((d) => d.severity === 'error'), newText).toEqual([]);
    }
  });
});

// -------------------------------------------------------------- command line

describe('dipforge adjudicate --lang', () => {
  const game = join(DIR, 'mixed-per-power-languages.dipgame');
  const cli = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => {
    let out = '';
    let err = '';
    const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: ROOT });
    return { code, out, err };
  };

  it('prints orders, powers and units in Chinese', async () => {
    const r = await cli('adjudicate', game, '--lang', 'zh');
    expect(r.code).toBe(0);
    // The whole report in Chinese (docs/GAME-LANGUAGE.md): 成功 succeeds, 被…击退 dislodged by, with the full-width colon.
    expect(r.out).toContain('  法国：');
    expect(r.out).toMatch(/北海舰队运输荷兰陆军移动到克莱德\s+成功/u);
    expect(r.out).toMatch(/突尼斯舰队撤退到北非\s+成功/u);
    // F ion - tun with F tys's support: 2, against F tun's hold of 1.
    expect(r.out).toMatch(/突尼斯舰队防守\s+失败：被爱奥尼安海舰队移动到突尼斯击退（军力2对1）/u);
    expect(r.out).toContain('被击退：法国 突尼斯舰队');
    expect(r.out).not.toContain('F nth C A hol - cly');
  });

  it('prints in Finnish and Japanese', async () => {
    const fi = await cli('adjudicate', game, '--lang', 'fi');
    expect(fi.out).toMatch(/Armeija Varsova hyökkää Ukrainaan\s+onnistuu/u);
    const ja = await cli('adjudicate', game, '--lang', 'ja');
    expect(ja.out).toContain('陸軍 キール-オランダ');
  });

  it('adds the localized text to the JSON document, the rest unchanged', async () => {
    const plain = JSON.parse((await cli('adjudicate', game, '--json')).out);
    const zh = JSON.parse((await cli('adjudicate', game, '--json', '--lang', 'zh')).out);
    expect(zh.language).toBe('zh');
    expect(plain.language).toBeUndefined();
    const first = zh.phases[0].results[0];
    expect(first.text).toBe(plain.phases[0].results[0].text);
    expect(first.localized).toBe('北海舰队运输荷兰陆军移动到克莱德');
    expect(plain.phases[0].results[0].localized).toBeUndefined();
  });

  it('refuses a language it has no vocabulary for', async () => {
    const r = await cli('adjudicate', game, '--lang', 'xx');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--lang takes one of fi, ja, zh');
  });
});

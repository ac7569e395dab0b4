/**
 * Results in plain words and the whole report in the game's language
 * (docs/GAME-LANGUAGE.md, "`dipforge adjudicate`" and "Results in words"):
 * the words of each kind of result, every reason in the document with its
 * words, the names every built-in variant gives in each language, a report in
 * Chinese, Japanese or Finnish with no English word outside proper names, and
 * the orders such a report prints read back to the orders played.
 */
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMapFile, GameWorkspace, runGameFile } from '@dipforge/dsl';
import { main } from '@dipforge/cli';
import { canonicalNamer, compileBoard, formatLocalizedOrder, languageNamer, messagesFor, readLocalizedOrders, REASONS, resultWords, type Order } from '@dipforge/engine';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = join(ROOT, 'variants', 'classic', 'examples', '1901.dipgame');
const WORDS_GAME = join(ROOT, 'test', 'report-languages', 'plain-words.dipgame');
const LANGUAGES = ['zh', 'ja', 'fi'] as const;

const tmp = mkdtempSync(join(tmpdir(), 'dipforge-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function dipforge(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd: ROOT });
  return { code, out, err };
}

const classic = compileMapFile(join(ROOT, 'variants', 'classic', 'classic.dipmap')).config!;
const board = compileBoard(classic);

describe('results in plain words', () => {
  const workspace = new GameWorkspace();
  const run = runGameFile(WORDS_GAME, workspace);
  const words = new Map(run.phases[0]!.orders.map((o) => [o.line.text.text, o.result ? resultWords(o.result, canonicalNamer(board), board) : '']));

  it('says who stopped a move and with what strengths, who dislodged a unit, who cut a support, and why a fleet cannot go inland', () => {
    expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.fromEntries(words)).toEqual({
      'A par - bur': 'bounced by A mun - bur (1 against 1)',
      'A mun - bur': 'bounced by A par - bur (1 against 1)',
      'F bre - mun': 'a fleet cannot enter Munich (inland)',
      // A bud - rum with A gal's support: 2, against A rum's hold of 1.
      'A rum H': 'dislodged by A bud - rum (2 against 1)',
      'A tri S A vie': 'cut by A ser - tri',
      'A ser - tri': 'bounced by A tri (1 against 1)',
      'A bud - rum': 'succeeds',
      'A gal S A bud - rum': 'succeeds',
      'A vie H': 'succeeds',
    });
  });

  it('are short enough for an inlay hint', () => {
    for (const w of words.values()) expect(w.length).toBeLessThanOrEqual(60);
  });

  it('do not depend on the order the powers and orders are written in', () => {
    const text = readFileSync(WORDS_GAME, 'utf8');
    const phase = text.indexOf('phase spring 1901 movement');
    const expect_ = text.indexOf('\nexpect');
    const blocks = text.slice(phase, expect_).split(/\n(?=  \w+:)/);
    const reordered = [blocks[0], ...blocks.slice(1).reverse().map((b) => b.split('\n').reverse().filter((l) => l.trim()).join('\n').replace(/^(.*)\n((?:  \w+:))$/s, '$2\n$1'))].join('\n');
    const file = join(tmp, 'reordered.dipgame');
    writeFileSync(file, text.slice(0, phase) + reordered + text.slice(expect_));
    const again = runGameFile(file, new GameWorkspace());
    const wordsAgain = new Map(again.phases[0]!.orders.map((o) => [o.line.text.text, o.result ? resultWords(o.result, canonicalNamer(board), board) : '']));
    expect(again.phases[0]!.orders.length).toBe(words.size);
    expect(Object.fromEntries(wordsAgain)).toEqual(Object.fromEntries(words));
  });

  it('docs/GAME-LANGUAGE.md lists every reason with its words in each language', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'GAME-LANGUAGE.md'), 'utf8');
    const tables = ['en', ...LANGUAGES].map((l) => messagesFor(l)!);
    for (const [reason, sentence] of Object.entries(REASONS)) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${reason}\` |`));
      expect(row, reason).toBeDefined();
      const cells = row!.split(' | ');
      for (const [i, t] of tables.entries()) expect(cells[i + 1], `${reason} ${t.language}`).toBe(t.reasons[reason as keyof typeof REASONS]);
      expect(row).toContain(sentence);
    }
  });
});

describe('names in every language a built-in variant uses', () => {
  it('every province and power has a name in each language any of them has one in (the gaps are none)', () => {
    const gaps: string[] = [];
    let checked = 0;
    for (const v of readdirSync(join(ROOT, 'variants'))) {
      const file = join(ROOT, 'variants', v, `${v}.dipmap`);
      if (!existsSync(file)) continue;
      const config = compileMapFile(file).config;
      expect(config, v).toBeDefined();
      const things = [...config!.provinces.map((p) => ({ what: `province ${p.id}`, names: p.names })), ...config!.powers.map((p) => ({ what: `power ${p.id}`, names: p.names }))];
      // English is the display language: every name has its display name in English.
      const languages = new Set(things.flatMap((t) => Object.keys(t.names ?? {})).filter((l) => l !== 'en'));
      for (const l of languages) {
        checked++;
        for (const t of things) if (!t.names?.[l]?.length) gaps.push(`${v}: ${t.what} has no name in ${l}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(gaps).toEqual([]);
  });

  it('the Finnish names of Munich, Vienna, Moscow and the Norwegian Sea read in the cases the reader derives, and print back', () => {
    const cases: [string, Order][] = [
      ['Armeija Berliini hyökkää Müncheniin', { type: 'move', power: 'germany', unit: { kind: 'army', at: 'ber' }, to: 'mun', viaConvoy: false }],
      ['Armeija Böömi hyökkää Wieniin', { type: 'move', power: 'germany', unit: { kind: 'army', at: 'boh' }, to: 'vie', viaConvoy: false }],
      ['Armeija Varsova hyökkää Moskovaan', { type: 'move', power: 'germany', unit: { kind: 'army', at: 'war' }, to: 'mos', viaConvoy: false }],
      ['Laivasto Edinburgh hyökkää Norjanmereen', { type: 'move', power: 'germany', unit: { kind: 'fleet', at: 'edi' }, to: 'nwg', viaConvoy: false }],
      ['Armeija Münchenissä vetäytyy Ruhriin', { type: 'retreat', power: 'germany', unit: { kind: 'army', at: 'mun' }, to: 'ruh' }],
    ];
    for (const [text, order] of cases) {
      const read = readLocalizedOrders(board, 'fi', text, { power: 'germany', phase: order.type === 'retreat' ? 'retreat' : 'movement' });
      expect(read.ok && read.orders, text).toEqual([order]);
    }
    expect(formatLocalizedOrder(board, 'fi', cases[0]![1])).toBe('Armeija Berliini hyökkää Müncheniin');
    expect(formatLocalizedOrder(board, 'ja', cases[3]![1])).toBe('海軍 エディンバラ-ノルウェー海');
  });
});

/** Every word of the English report and result words: none may stand in a report in another language. */
const ENGLISH = new Set(
  `succeeds fails illegal unresolved bounced by against dislodged cut cannot enter built in an army fleet a inland sea coast
  edition seed not the file no orders attacked from convoy centres some of this phase could be read and were left out position at
  winner none result game has been ended alliances scores provisional expectations met failed declare start after retreat retreats to
  destroyed another unit retreated too its list default as says legal passed over adjustments units disbands removes builds allowed made
  change carried out disband build won alone with leader allies shared win draw conceded without tie between goes on year time
  spring summer fall autumn winter movement adjustment such place map yours order second support itself occupied standoff home centre
  owned supply left removals needed waived lists used only fleets carry route convoy paradox way power`.split(/\s+/),
);

function englishWords(report: string, proper: readonly string[]): string[] {
  let text = report;
  for (const p of proper) text = text.split(p).join(' ');
  return (text.match(/[A-Za-z]+/g) ?? []).filter((w) => ENGLISH.has(w.toLowerCase()));
}

describe('the report in the game language', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: the example game and every kind of result, with no English word outside proper names`, async () => {
      for (const game of [EXAMPLE, WORDS_GAME]) {
        const r = await dipforge('adjudicate', game, '--lang', lang);
        expect(r.code).toBe(0);
        // Proper names: the file's path, the variant's name and id, and the variant's names of places in this language.
        const proper = [game.slice(ROOT.length + 1), 'Classic', 'classic'];
        expect(englishWords(r.out, proper)).toEqual([]);
        // The oracle can fail: the English report is full of such words.
        expect(englishWords((await dipforge('adjudicate', game)).out, proper).length).toBeGreaterThan(20);
      }
    });

    it(`${lang}: the orders it prints are read back by the order reader to the orders played`, async () => {
      const r = await dipforge('adjudicate', EXAMPLE, '--lang', lang, '--json');
      const human = (await dipforge('adjudicate', EXAMPLE, '--lang', lang)).out;
      const doc = JSON.parse(r.out) as { phases: { phase: { kind: 'movement' | 'retreat' | 'adjustment' }; results: { power: string; order: Order; localized: string }[] }[] };
      let count = 0;
      for (const phase of doc.phases) {
        for (const row of phase.results) {
          const read = readLocalizedOrders(board, lang, row.localized, { power: row.power, phase: phase.phase.kind });
          expect(read.ok && read.orders, row.localized).toEqual([row.order]);
          expect(human).toContain(row.localized);
          count++;
        }
      }
      expect(count).toBeGreaterThan(40);
    });
  }

  it("a game's language line sets the report's language; --lang overrides it", async () => {
    const text = readFileSync(WORDS_GAME, 'utf8').replace('edition 2023\n', 'edition 2023\nlanguage ja\n');
    const file = join(tmp, 'ja.dipgame');
    writeFileSync(file, text);
    const own = await dipforge('adjudicate', file);
    expect(own.out).toContain('無効：海軍はミュンヘンに進入できない（内陸）');
    const fi = await dipforge('adjudicate', file, '--lang', 'fi');
    expect(fi.out).toContain('ei kelpaa: laivasto ei pääse Müncheniin (sisämaa)');
    expect(languageNamer(board, 'xx')).toBeUndefined();
  });
});

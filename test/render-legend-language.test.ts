/**
 * The board's legend in the labels' language (`renderBoard` with `lang`, the
 * game's `language`, `dipforge render --lang`): no English legend word is left
 * in a Chinese, Japanese or Finnish legend. The English words are listed here,
 * as a reader sees them on the English board (which the test checks holds
 * them all, so the list cannot go stale unnoticed); the phase is checked
 * against its name written out by hand in each language.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileBoard, initialPosition, renderBoard, type Position, type VariantConfig } from '@dipforge/engine';
import { boardAt, Workspace } from '@dipforge/lsp';
import { allElements, byClass, parseXml, type XmlElement } from '../packages/engine/test/helpers/svg.js';
import { dipforgeIn } from './cli-in-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLASSIC = JSON.parse(readFileSync(join(ROOT, 'packages/engine/builtin/classic.json'), 'utf8')) as VariantConfig;
const board = compileBoard(CLASSIC);

/** Every word the English legend writes: headings, the key's symbols, the rows' tooltips, the phase. */
const ENGLISH = ['Power', 'Centres', 'Units', 'Neutral', 'Key', 'Army', 'Fleet', 'Land', 'Sea', 'Coast', 'Named coast', 'Link', 'Impassable', 'Supply centre', 'Move', 'Support', 'Convoy', 'Hold', 'Failed', 'Illegal', 'Dislodged', 'Build', 'supply centres', 'units', 'dislodged', 'Spring', 'movement', 'retreat'];

/** Words only some maps' keys have (classic draws no link and has no impassable province). */
const SOME_MAPS = ['Link', 'Impassable'];

/** A retreat phase with a dislodged unit, so that the rows' dislodged counts are drawn too. */
const retreat: Position = {
  ...initialPosition(CLASSIC),
  phase: { year: 1901, season: 'spring', kind: 'retreat' },
  dislodged: [{ power: 'germany', kind: 'army', at: 'mun', from: 'boh' }],
};

/** The legend's words: its texts and tooltips (not the powers' and variant's names, which are names). */
function legendWords(svg: string): string {
  const legend = byClass(parseXml(svg), 'legend')[0] as XmlElement;
  const names = new Set([...CLASSIC.powers.flatMap((p) => [p.name, ...Object.values(p.names ?? {}).flat()]), CLASSIC.name]);
  return allElements(legend)
    .filter((e) => e.name === 'text' || e.name === 'title')
    .map((e) => e.text)
    .filter((t) => !names.has(t))
    .join('\n');
}

const hasWord = (text: string, word: string): boolean => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'iu').test(text);

describe('the legend in the labels\' language', () => {
  it('English (no language): every word of the list is there, so the list is the legend\'s', () => {
    const words = [legendWords(renderBoard(CLASSIC, board, retreat)), legendWords(renderBoard(CLASSIC, board, retreat, { map: 'graph' }))].join('\n');
    for (const w of ENGLISH.filter((x) => x !== 'movement' && !SOME_MAPS.includes(x))) expect(hasWord(words, w), w).toBe(true);
    expect(byClass(parseXml(renderBoard(CLASSIC, board, retreat)), 'legend')[0]?.attrs['data-label']).toBe('Legend');
    expect(hasWord(legendWords(renderBoard(CLASSIC, board, initialPosition(CLASSIC))), 'movement')).toBe(true);
  });

  const phases: Record<string, [string, string]> = {
    zh: ['1901年春季移动', '1901年春季撤退'],
    ja: ['1901年春の移動', '1901年春の後退'],
    fi: ['kevät 1901, liikkeet', 'kevät 1901, vetäytymiset'],
  };
  for (const [lang, [movement, retreatPhase]] of Object.entries(phases)) {
    it(`${lang}: no English legend word remains; the phase is named in ${lang}`, () => {
      for (const [position, map] of [[initialPosition(CLASSIC), 'regions'], [retreat, 'regions'], [retreat, 'graph']] as const) {
        const svg = renderBoard(CLASSIC, board, position, { lang, map });
        const words = legendWords(svg);
        const left = ENGLISH.filter((w) => hasWord(words, w));
        expect(left, `English words in the ${lang} legend:\n${words}`).toEqual([]);
        const legend = byClass(parseXml(svg), 'legend')[0]!;
        expect(legend.attrs['data-label']).not.toBe('Legend');
        // The key's ids stay English for programs, whatever the language.
        expect(byClass(legend, 'legend-key').map((k) => k.attrs['data-key'])).toContain('supply-centre');
      }
      const phase = (p: Position) => byClass(parseXml(renderBoard(CLASSIC, board, p, { lang })), 'legend-phase')[0]?.text;
      expect(phase(initialPosition(CLASSIC))).toBe(movement);
      expect(phase(retreat)).toBe(retreatPhase);
    });
  }

  it('a game written in Chinese (`language zh`) is drawn with the Chinese legend by `dipforge render`; --lang overrides it', async () => {
    const game = join(ROOT, 'test/order-languages/zh-whole-game-000-appendix-orders.dipgame');
    const render = async (...args: string[]): Promise<string> => {
      const r = await dipforgeIn(ROOT, 'render', game, ...args);
      expect(r.code, r.err).toBe(0);
      return r.out;
    };
    const heads = (svg: string) => byClass(parseXml(svg), 'legend-head').map((t) => t.text);
    expect(heads(await render())).toEqual(['国家', '资源点', '部队']);
    expect(heads(await render('--lang', 'fi'))).toEqual(['Valtio', 'Tukikohdat', 'Yksiköt']);
  });

  it('the editor\'s board of a game in Chinese has the Chinese legend and labels; in the standard notation, the English ones', () => {
    const ws = new Workspace();
    const path = join(ROOT, 'test/order-languages/zh-whole-game-000-appendix-orders.dipgame');
    const text = readFileSync(path, 'utf8');
    const board = (t: string, uri: string) => {
      ws.openDocument(uri, t, 1);
      const doc = ws.docByUri(uri)!;
      return parseXml(boardAt(ws, doc, { line: 0, character: 0 }).svg ?? '');
    };
    const zh = board(text, pathToFileURL(path).href);
    expect(byClass(zh, 'legend-head').map((t) => t.text)).toEqual(['国家', '资源点', '部队']);
    expect(byClass(zh, 'label').find((t) => t.attrs['data-province'] === 'par')?.text).toBe('巴黎');
    const en = board(text.replace(/^language zh$/mu, 'language en'), pathToFileURL(join(ROOT, 'test/order-languages/en-copy.dipgame')).href);
    expect(byClass(en, 'legend-head').map((t) => t.text)).toEqual(['Power', 'Centres', 'Units']);
    expect(byClass(en, 'label').find((t) => t.attrs['data-province'] === 'par')?.text).toBe('par');
  });
});

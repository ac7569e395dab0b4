/**
 * The editor in a Finnish game (test/editor-languages/fi-hover-and-spellings.dipgame), over stdio:
 * hover in Finnish with text 003's words, the province under the cursor inside an order in any
 * case (Burgundiaan, Müncheniin), did-you-mean across spellings written in the case the order
 * uses, and the English twin of the game unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covered, expectEnglishTwin, openEditorGame, startStdio, type EditorGame } from './helpers/editor-language.js';
import type { StdioClient } from '../packages/lsp/test/harness.js';

let client: StdioClient;
let game: EditorGame;

beforeAll(async () => {
  client = await startStdio([]);
  game = await openEditorGame(client, 'fi-hover-and-spellings.dipgame');
}, 60_000);
afterAll(async () => client?.close());

describe('hover in Finnish', () => {
  it('a province inside an order, in the case it is written in, shows the province', async () => {
    const munich = await game.hover('Laivasto Brest hyökkää Müncheniin', 26);
    expect(munich.covers).toBe('Müncheniin');
    expect(munich.value.split('\n\n')).toEqual([
      '**München** (`mun`): sisämaa, tukikohta',
      'Kotitukikohta: Saksa',
      'Nimet: zh: 慕尼黑; ja: ミュンヘン; fi: München',
      'Armeijan naapurit: Berliini, Böömi, Burgundia, Kiel, Ruhr, Sleesia, Tiroli',
      'kevät 1901, liikkeet: omistaja ei mitään, yksikkö armeija München (Saksa)',
    ]);
    const paris = await game.hover('Armeija Pariisi hyökkää Burgundiaan', 9);
    expect(paris.covers).toBe('Pariisi');
    expect(paris.value).toContain('**Pariisi** (`par`): sisämaa, tukikohta');
  });

  it('elsewhere on the order, the order and its result in Finnish, with the reason', async () => {
    const move = await game.hover('Armeija Pariisi hyökkää Burgundiaan', 18);
    expect(move.covers.startsWith('Armeija Pariisi hyökkää Burgundiaan')).toBe(true);
    expect(move.value.split('\n\n')).toEqual(['**Armeija Pariisi hyökkää Burgundiaan**', 'Kieli: suomi (fi)', 'Vakiomerkintä: `A par - bur` (france): onnistuu', 'Odotus: succeeds']);
    const bounce = await game.hover('Armeija München hyökkää Burgundiaan', 18);
    expect(bounce.value).toContain('epäonnistuu: torjuttu, vastassa Armeija Pariisi hyökkää Burgundiaan (1 vastaan 2) — torjuttu (`bounced`)');
    const fleet = await game.hover('Laivasto Brest hyökkää Müncheniin', 18);
    expect(fleet.value).toContain('ei kelpaa: laivasto ei pääse Müncheniin (sisämaa)');
  });

  it('a phase and a power, in Finnish', async () => {
    expect((await game.hover('phase spring', 2)).value).toBe('**kevät 1901, liikkeet**: 5 käskyä; 3 onnistuu, 1 epäonnistuu, 1 ei kelpaa');
    const france = await game.hover('Ranska:', 1);
    expect(france.value).toContain('Kotitukikohdat: Brest, Marseille, Pariisi');
    expect(france.value).toContain('yksiköt armeija Pariisi, armeija Marseille, laivasto Brest');
  });

  it('the code lenses and the inlay hints in the game\'s language', async () => {
    expect(await game.lensTitles()).toEqual(['Näytä kartta', 'Näytä kartta']);
    const hints = [...(await game.hints())];
    const label = (start: string): string | undefined => hints.find(([line]) => line.startsWith(start))?.[1];
    expect(label('Armeija München hyökkää Burgundiaan')).toBe('✗ torjuttu, vastassa Armeija Pariisi hyökkää Burgundiaan (1 vastaan 2)');
    expect(label('Laivasto Brest hyökkää Müncheniin')).toBe('⚠ laivasto ei pääse Müncheniin (sisämaa)');
  });
});

describe('did-you-mean across spellings, in Finnish', () => {
  it('a name two letters off: not understood, the range is the word, the suggestion in the case written', async () => {
    const d = (await game.diagnosticsWith('Armeija München hyökkää Burgundiaan', 'Armeija München hyökkää Bxrgxndiaan')).find((x) => x.code === 'DF6030');
    expect(d?.message).toContain("did you mean 'Burgundiaan'?");
    expect(covered(game.current(), d!)).toBe('Bxrgxndiaan');
    expect((await game.fixes(d!)).map((f) => f.newText)).toEqual(['Burgundiaan']);
  });

  it('a name guessed (one letter off) is named in Finnish, in its case, and the quick fix writes it', async () => {
    const d = (await game.diagnosticsWith('Armeija Pariisi hyökkää Burgundiaan', 'Armeija Pariisi hyökkää Burgunndiaan')).find((x) => x.code === 'DF8040');
    expect(d?.message).toBe("read 'Burgunndiaan' as 'Burgundiaan' (bur, Burgundy)");
    expect((await game.fixes(d!)).map((f) => f.newText)).toContain('Burgundiaan');
  });
});

describe('the English twin of the game', () => {
  it('answers in English, with ids, as before', async () => expectEnglishTwin(client));
});

/**
 * The editor in a Chinese game (test/editor-languages/zh-hover-and-spellings.dipgame), over stdio:
 * hover in Chinese with the rule texts' words, the province under the cursor inside an order
 * written without spaces, did-you-mean across the map's spellings (伯干第 and 勃艮第, 马塞 and
 * 马赛) written in Chinese, and the English twin of the game unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { covered, expectEnglishTwin, openEditorGame, startStdio, type EditorGame } from './helpers/editor-language.js';
import type { StdioClient } from '../packages/lsp/test/harness.js';

let client: StdioClient;
let game: EditorGame;

beforeAll(async () => {
  client = await startStdio([]);
  game = await openEditorGame(client, 'zh-hover-and-spellings.dipgame');
}, 60_000);
afterAll(async () => client?.close());

describe('hover in Chinese', () => {
  it('a province inside an order shows the province: its names, terrain, centre, owner and unit at that phase', async () => {
    const paris = await game.hover('巴黎陆军移动到勃艮第', 1);
    expect(paris.covers).toBe('巴黎');
    expect(paris.value.split('\n\n')).toEqual([
      '**巴黎**（`par`）：内陆，资源点',
      '法国的母国资源点',
      '名称：zh: 巴黎; ja: パリ; fi: Pariisi',
      '陆军可到：布瑞斯特、伯干第、加斯科涅、皮卡第',
      '1901年春季移动：归属无、部队巴黎陆军（法国）',
    ]);
    // The modern spelling finds the province too, at the end of the line.
    const burgundy = await game.hover('巴黎陆军移动到勃艮第', 8);
    expect(burgundy.covers).toBe('勃艮第');
    expect(burgundy.value).toContain('（`bur`）：内陆');
    expect(burgundy.value).toContain('名称：zh: 伯干第, 勃艮第');
    expect(burgundy.value).toContain('1901年春季移动：部队无');
  });

  it('elsewhere on the order, the order and its result in Chinese, with the reason', async () => {
    const move = await game.hover('巴黎陆军移动到勃艮第', 5);
    expect(move.covers.startsWith('巴黎陆军移动到勃艮第')).toBe(true);
    expect(move.value.split('\n\n')).toEqual(['**巴黎陆军移动到勃艮第**', '以中文（zh）书写', '标准写法：`A par - bur`（france）：成功', '预期：succeeds']);
    const bounce = await game.hover('慕尼黑陆军移动到勃艮第', 5);
    expect(bounce.value).toContain('失败：与巴黎陆军移动到伯干第对峙（军力1对2） — 对峙 (`bounced`)');
    const fleet = await game.hover('布瑞斯特舰队移动到慕尼黑', 7);
    expect(fleet.value).toContain('无效：舰队不能进入慕尼黑（内陆） — 这种部队不能执行此命令 (`wrong-unit-kind`)');
  });

  it('a phase, a power and a unit in the expect block, in Chinese', async () => {
    expect((await game.hover('phase spring', 2)).value).toBe('**1901年春季移动**：命令5条；成功3条，失败1条，无效1条');
    const france = await game.hover('法国:', 1);
    expect(france.value.split('\n\n')).toEqual([
      '**法国**（`france`）',
      '名称：zh: 法国; ja: フランス; fi: Ranska',
      '别名：fra',
      '母国资源点：布瑞斯特、马塞、巴黎',
      // A unit is named by the map's first Chinese spelling of its place (马塞), whichever the orders use.
      '1901年春季移动：资源点0个（无）；部队巴黎陆军、马塞陆军、布瑞斯特舰队',
    ]);
    const after = await game.hover('units france: A bur', 16);
    // Burgundy is no supply centre: no owner, only the unit.
    expect(after.value).toContain('1901年春季移动之后：部队伯干第陆军（法国）');
  });

  it('the code lenses and the inlay hints in the game\'s language', async () => {
    expect(await game.lensTitles()).toEqual(['显示地图', '显示地图']);
    const hints = [...(await game.hints())];
    const label = (start: string): string | undefined => hints.find(([line]) => line.startsWith(start))?.[1];
    expect(label('慕尼黑陆军移动到勃艮第')).toBe('✗ 与巴黎陆军移动到伯干第对峙（军力1对2）');
    expect(label('布瑞斯特舰队移动到慕尼黑')).toBe('⚠ 舰队不能进入慕尼黑（内陆）');
  });
});

describe('did-you-mean across spellings, in Chinese', () => {
  it('a name too short to guess: not understood, the range is the name, the suggestion and its quick fix in Chinese', async () => {
    const list = await game.diagnosticsWith('巴黎陆军移动到勃艮第', '巴里陆军移动到勃艮第');
    const d = list.find((x) => x.code === 'DF6030');
    expect(d?.message).toContain("did you mean '巴黎'?");
    expect(covered(game.current(), d!)).toBe('巴里');
    expect((await game.fixes(d!)).map((f) => f.newText)).toEqual(['巴黎']);
  });

  it('the map\'s second spelling: 马寨 is one character from both 马塞 and 马赛, and Marseilles is suggested once', async () => {
    const list = await game.diagnosticsWith('马赛陆军支援', '马寨陆军支援');
    const d = list.find((x) => x.code === 'DF6030');
    const fixes = (await game.fixes(d!)).map((f) => f.newText);
    expect(fixes.length).toBe(1);
    expect(['马塞', '马赛']).toContain(fixes[0]);
  });

  it('a name guessed (one character off) is named in Chinese, by the spelling it is closest to, and the quick fix writes it', async () => {
    const modern = (await game.diagnosticsWith('巴黎陆军移动到勃艮第', '巴黎陆军移动到勃艮地')).find((x) => x.code === 'DF8040');
    expect(modern?.message).toBe("read '勃艮地' as '勃艮第' (bur, Burgundy)");
    expect((await game.fixes(modern!)).map((f) => f.newText)).toContain('勃艮第');
    const old = (await game.diagnosticsWith('巴黎陆军移动到伯干第', '巴黎陆军移动到伯甘第')).find((x) => x.code === 'DF8040');
    expect(old?.message).toBe("read '伯甘第' as '伯干第' (bur, Burgundy)");
    expect((await game.fixes(old!)).map((f) => f.newText)).toContain('伯干第');
  });
});

describe('the old rules\' lists in Chinese', () => {
  it('a retreat list and a build list: what became of them and of each entry, in the report\'s words', async () => {
    const lists = await openEditorGame(client, 'zh-old-rules-lists.dipgame');
    const order = (await lists.hover('A mun H retreat ber, kie, ruh', 1)).value.split('\n\n');
    expect(order.slice(-2)).toEqual(['撤退：柏林、基尔、鲁尔、按GM默认规则', '被击退：撤退到基尔（按优先撤退顺序；跳过柏林 (区块已被占据)）']);
    expect((await lists.hover('retreat ber, kie, ruh', 9)).value.split('\n\n').pop()).toBe('撤退：撤退到基尔（按优先撤退顺序；跳过柏林 (区块已被占据)）');
    expect((await lists.hover('Build A bud, F tri', 2)).value.split('\n\n').pop()).toBe('- 生产布达佩斯陆军\n- 生产粹斯特舰队：生产数已满');
    expect((await lists.hover('Build A bud, F tri', 16)).value.split('\n\n').pop()).toBe('生产粹斯特舰队：生产数已满');
  });
});

describe('the English twin of the game', () => {
  it('answers in English, with ids, as before', async () => expectEnglishTwin(client));
});

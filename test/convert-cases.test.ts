/**
 * Conversion cases (test/convert/cases/): one game file per rule of text 000
 * §10–§11 and for online-5, each converted to the edition in its name's
 * pair and compared with the expected file beside it (`NAME.to-EDITION.dipgame`),
 * with the warnings it must give. The converted file must check with no errors
 * and meet every expectation it still states; the CLI prints the same text.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convertGame, GameWorkspace, runGameText } from '@dipforge/dsl';
import { main } from '@dipforge/cli';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CASES = join(ROOT, 'test', 'convert', 'cases');

/** Case → the edition it is converted to and the warning codes the conversion gives, in text order. */
const cases: Record<string, { to: string; warnings: string[] }> = {
  '000-s10-retreat-to-list': { to: 'old-rules', warnings: [] },
  '000-s10-failed-retreats-end-in-disband': { to: 'old-rules', warnings: [] },
  '000-s10-disband-and-default': { to: 'old-rules', warnings: ['DF8063'] },
  '000-s10-list-to-retreat-phase': { to: '2023', warnings: ['DF8062'] },
  '000-s10-gm-default-to-retreat-phase': { to: '2023', warnings: ['DF8063'] },
  '000-s11-builds-to-list': { to: 'old-rules', warnings: [] },
  '000-s11-disbands-to-list': { to: 'old-rules', warnings: [] },
  '000-s11-removal-order-to-disband-list': { to: 'old-rules', warnings: ['DF8063'] },
  '000-s11-build-list-to-phase': { to: '2023', warnings: ['DF8062'] },
  '000-s11-disband-to-rebuild': { to: '2023', warnings: ['DF8060', 'DF8064', 'DF8064', 'DF8064'] },
  '000-s11-unwritten-fall-removal-to-phase': { to: '2023', warnings: ['DF8063'] },
  'online-5-defaults-written': { to: 'online-5', warnings: ['DF8063', 'DF8063'] },
};

describe('conversion cases', () => {
  const workspace = new GameWorkspace();
  for (const [name, c] of Object.entries(cases)) {
    it(`${name} → ${c.to}`, async () => {
      const path = join(CASES, `${name}.dipgame`);
      const result = convertGame(readFileSync(path, 'utf8'), path, c.to, workspace);
      if (!result.ok) throw new Error(`not converted: ${result.why} ${result.diagnostics.map((d) => d.message).join('; ')}`);
      expect(result.text).toBe(readFileSync(join(CASES, `${name}.to-${c.to}.dipgame`), 'utf8'));
      expect(result.warnings.map((w) => w.code)).toEqual(c.warnings);
      // Each warning covers text of one line of the converted file.
      for (const w of result.warnings) {
        const covered = result.text.slice(w.range.start.offset, w.range.end.offset);
        expect(covered.trim(), `${w.code} ${w.message}`).not.toBe('');
        expect(covered).not.toContain('\n');
      }
      const run = runGameText(result.text, path, workspace);
      expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(run.expectations.filter((e) => !e.ok).map((e) => e.message)).toEqual([]);
      expect(run.complete).toBe(true);
      // The command line writes the same text, and the summary counts the warnings by code.
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['convert', path, '--edition', c.to], { out: (t) => out.push(t), err: (t) => err.push(t), cwd: ROOT });
      expect(code).toBe(0);
      expect(out.join('')).toBe(result.text);
      expect(err.join('')).toContain(c.warnings.length === 0 ? 'no warnings' : `${c.warnings.length} warning`);
    });
  }
});

describe('dipforge convert: the command line', () => {
  const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['convert', ...args], { out: (t) => out.push(t), err: (t) => err.push(t), cwd: ROOT });
    return { code, out: out.join(''), err: err.join('') };
  };
  const example = join('variants', 'classic', 'examples', '1901.dipgame');

  it('names the flag and lists the editions for an unknown edition (exit 2)', async () => {
    const r = await run([example, '--edition', 'postal']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown edition 'postal' (--edition)");
    expect(r.err).toMatch(/the editions are 1971, 1982, 2000, 2023, old-rules, online-5/u);
    expect(r.out).toBe('');
  });

  it('asks for the edition, and for one file (exit 2)', async () => {
    expect((await run([example])).code).toBe(2);
    expect((await run([example, example, '--edition', '2023'])).code).toBe(2);
  });

  it('refuses a file with errors, and one that starts in a phase the postal year lacks (exit 1)', async () => {
    const bad = await run([join('test', 'convert', 'cases', 'missing.dipgame'), '--edition', 'old-rules']);
    expect(bad.code).toBe(1);
    // DATC 6.I.1 starts in a winter adjustment phase.
    const retreatStart = await run([join('test', 'datc', 'v3.1', '6.I.01.dipgame'), '--edition', 'old-rules']);
    expect(retreatStart.code).toBe(1);
    expect(retreatStart.err).toContain('DF6050');
    expect(retreatStart.out).toBe('');
  });

  it('prints the summary to standard error: orders moved, phases removed, warnings by code', async () => {
    const r = await run([example, '--edition', 'old-rules']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('converted from 2023 (separate phases) to old-rules (the postal year)');
    expect(r.err).toContain('orders moved: 6');
    expect(r.err).toContain('phases removed: 1');
    expect(r.out).toContain('Build A mun, A ber');
    expect(r.out).not.toContain('winter 1901 adjustment');
  });
});

describe('orders in another language (language zh)', () => {
  const path = join(ROOT, 'test', 'order-languages', 'zh-whole-game-000-appendix-orders.dipgame');
  /** The order text of every order line of a converted game (what follows the indentation, without a mark or a comment). */
  const orderLines = (text: string): string[] =>
    text
      .split('\n')
      .filter((l) => /^ {4}\S/u.test(l) && !/^\s*\/\//u.test(l))
      .map((l) => l.replace(/\s*(\[[^\]]*\]|\/\/.*)$/u, '').trim());

  it('are written in the language, both ways: the list leaves the order it was written with, the retreat and the builds come in Chinese', () => {
    const workspace = new GameWorkspace();
    const there = convertGame(readFileSync(path, 'utf8'), path, '2023', workspace);
    if (!there.ok) throw new Error('not converted');
    // No order of the converted game is in the standard notation: no Latin letter in any order line.
    expect(orderLines(there.text).filter((l) => /[A-Za-z]/u.test(l))).toEqual([]);
    // France's list (Paris, then Gascony) leaves its hold, and its army retreats to Paris in a retreat phase.
    expect(there.text).toMatch(/\n {4}伯干第陆军防守\s+\[fails\]\n/u);
    expect(there.text).toMatch(/phase spring 1901 retreat\n {2}france:\n {4}伯干第陆军撤退到巴黎\n/u);
    // Nothing goes otherwise (the list, left in, would be illegal under 2023: DF8060).
    expect(there.warnings.map((w) => w.code).filter((c) => c === 'DF8060' || c === 'DF8061')).toEqual([]);
    expect(runGameText(there.text, path, workspace).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    const back = convertGame(there.text, path, 'old-rules', workspace);
    if (!back.ok) throw new Error('not converted back');
    expect(orderLines(back.text).filter((l) => /[A-Za-z]/u.test(l))).toEqual([]);
    expect(back.text).toContain('伯干第陆军防守，优先撤退到巴黎');
    expect(back.text).toContain('优先建造威尼斯舰队、罗马陆军');
    expect(back.warnings).toEqual([]);
  });

  it('a game without a language is converted in the standard notation', () => {
    const workspace = new GameWorkspace();
    const plain = join(CASES, '000-s10-list-to-retreat-phase.dipgame');
    const r = convertGame(readFileSync(plain, 'utf8'), plain, '2023', workspace);
    if (!r.ok) throw new Error('not converted');
    expect(r.text).toMatch(/phase spring 1901 retreat\n {2}germany:\n {4}A mun R ruh/u);
  });
});

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

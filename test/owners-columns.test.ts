/**
 * An expect block's owners lines are checked against columns by province and power index
 * (expectations.ts: the owners object read once into each province's owner and each power's
 * count, the names of places found once per board for every game on it). Here each owners
 * expectation of every game file of the project (test/ and variants/), and of real games whose
 * owners lines were changed (a centre added, left out, written twice, misspelt, written with a
 * coast, in capitals; a power misspelt), is compared with the answer worked out from the names and
 * the position's owners object as strings: the centres written, found by the variant's names, are
 * exactly the power's. The files are played one after another with one workspace, as
 * `dipforge test` plays a folder, so that what one file leaves found serves the next.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameFiles } from './helpers/game-files.js';
import { GameWorkspace, runGameText, type GameRun } from '@dipforge/dsl';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = [...gameFiles(join(ROOT, 'test')), ...gameFiles(join(ROOT, 'variants'))];

/** Each owners line of a played game against the string answer; the count of lines compared, and any that differ. */
function compare(run: GameRun, file: string): { compared: number; wrong: string[] } {
  const index = run.variant?.index;
  const wrong: string[] = [];
  let compared = 0;
  if (!index) return { compared, wrong };
  const byStart = new Map(run.expectations.filter((e) => e.what.startsWith('owners ')).map((e) => [e.range.start.offset, e]));
  for (const p of run.phases) {
    if (!p.section) continue;
    const owners = p.result.next.owners;
    for (const block of p.section.expect) {
      for (const stmt of block.owners) {
        const e = byStart.get(stmt.range.start.offset);
        const power = index.power(stmt.power.text);
        const ids = stmt.provinces.map((t) => index.province(t.text) ?? index.location(t.text)?.split('/')[0]);
        if (!power || ids.some((id) => id === undefined)) {
          // A name not found is said, and the line is not judged.
          if (e) wrong.push(`${file}: ${stmt.power.text} judged with a name not found`);
          continue;
        }
        const owned = Object.keys(owners).filter((c) => owners[c] === power);
        const want = new Set(ids as string[]);
        const ok = [...want].every((c) => owners[c] === power) && want.size === owned.length;
        compared++;
        if (e?.ok !== ok) wrong.push(`${file}:${stmt.range.start.line + 1}: ${e?.ok} where the strings say ${ok}`);
      }
    }
  }
  return { compared, wrong };
}

/** The owners lines of `text` changed, each in one of several ways by turns. */
function changedOwners(text: string): string {
  let k = 0;
  return text.replace(/^(\s*owners\s+)(\w+)(:\s*)(.*)$/gm, (line, head: string, power: string, colon: string, list: string) => {
    const items = list.split(',').map((s) => s.trim());
    const first = items[0] ?? 'par';
    switch (k++ % 9) {
      case 0:
        return `${head}${power}${colon}${[...items, items.includes('par') ? 'bre' : 'par'].join(', ')}`;
      case 1:
        return `${head}${power}${colon}${items.slice(1).join(', ')}`;
      case 2:
        return `${head}${power}${colon}${[...items, first].join(', ')}`;
      case 3:
        return `${head}${power}${colon}${[`${first}x`, ...items.slice(1)].join(', ')}`;
      case 4:
        return `${head}${power}${colon}${items.map((c) => (c === 'stp' ? 'stp/nc' : c === 'spa' ? 'spa/sc' : c)).join(', ')}`;
      case 5:
        return `${head}${power}${colon}${items.map((c) => c.toUpperCase()).join(', ')}`;
      case 6:
        return `${head}${power}x${colon}${list}`;
      default:
        return line;
    }
  });
}

describe('owners lines checked by columns', () => {
  it('judge every owners line of the project as the strings do', () => {
    const workspace = new GameWorkspace();
    let compared = 0;
    const wrong: string[] = [];
    for (const file of FILES) {
      const run = runGameText(readFileSync(file, 'utf8'), file, workspace, { headless: true });
      const got = compare(run, file);
      compared += got.compared;
      wrong.push(...got.wrong);
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  });

  it('judge changed owners lines of real games as the strings do, met or not', () => {
    const workspace = new GameWorkspace();
    let compared = 0;
    let unmet = 0;
    const wrong: string[] = [];
    for (const file of gameFiles(join(ROOT, 'test', 'games'))) {
      const text = readFileSync(file, 'utf8');
      // The changed game, then the game as written, with the same workspace: the names found in one serve the other.
      for (const version of [changedOwners(text), text]) {
        const run = runGameText(version, file, workspace, { headless: true });
        const got = compare(run, file);
        compared += got.compared;
        wrong.push(...got.wrong);
        unmet += run.expectations.filter((e) => e.what.startsWith('owners ') && !e.ok).length;
      }
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(200);
    // The changes made lines that are not met (else nothing but met lines was compared).
    expect(unmet).toBeGreaterThan(20);
  });
});

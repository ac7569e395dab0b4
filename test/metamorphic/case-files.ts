/**
 * The repository's case files (DATC and rule cases) for the metamorphic
 * tests: where they are, and which of a run's order lines a rule reads in the
 * order written (those keep their relative order in every layout).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameAst, GameRun } from '@dipforge/dsl';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folders of case files, relative to the repository. */
export const CASE_FOLDERS = ['test/datc/v2.4', 'test/datc/v3.1', 'test/datc/v3.1-other-choices', 'test/rules'] as const;

/** The `.dipgame` files under a folder (sub-folders included, as `dipforge test` collects them), relative to it, in name order. */
export function caseFiles(folder: string, under = ''): string[] {
  const entries = readdirSync(join(ROOT, folder, under), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return entries.flatMap((e) => {
    const path = under === '' ? e.name : `${under}/${e.name}`;
    if (e.isDirectory()) return caseFiles(folder, path);
    return e.isFile() && e.name.endsWith('.dipgame') ? [path] : [];
  });
}

const ADJUSTMENT_ORDERS = new Set(['build', 'build-list', 'disband', 'disband-list', 'waive']);

/**
 * The order lines of a run whose relative order a rule reads:
 * - every line of an adjustment phase: the first (or last) legal builds and
 *   disbands are the ones carried out when a power orders too many
 *   (`excess-builds`, `same-province-builds`, `excess-disbands`; DATC 4.D.4–4.D.6);
 * - build and disband lines written with postal fall orders: they join the
 *   power's priority lists in the order written (000 §11h);
 * - under `duplicate-orders first` or `last` (DATC 4.D.3), the lines that
 *   order a unit another line of the phase orders too.
 * Every other line may go anywhere within its power's block.
 */
export function pinnedLines(run: GameRun): Set<GameAst.OrderLine> {
  const pinned = new Set<GameAst.OrderLine>();
  const rule = run.rules?.['duplicate-orders'];
  for (const phase of run.phases) {
    const byUnit = new Map<string, GameAst.OrderLine[]>();
    for (const { order, line } of phase.orders) {
      if (phase.phase.kind === 'adjustment' || ADJUSTMENT_ORDERS.has(order.type)) pinned.add(line);
      if ('unit' in order) {
        const key = order.unit.at.split('/')[0]!;
        byUnit.set(key, [...(byUnit.get(key) ?? []), line]);
      }
    }
    if (rule !== 'first' && rule !== 'last') continue;
    for (const lines of byUnit.values()) if (lines.length > 1) for (const l of lines) pinned.add(l);
  }
  return pinned;
}

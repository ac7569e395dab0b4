/**
 * The classic variant under an edition and rule overrides, as a game file's
 * header resolves them (the game runner's own rule resolver), with its board:
 * for the tests that play on the engine directly.
 */
import { runGameText, type GameWorkspace } from '@dipforge/dsl';
import { compileBoard, type Board, type RuleOptions, type VariantConfig } from '@dipforge/engine';
import { workspace } from './workspace.js';

/** Every edition preset (`variants/editions`). */
export const EDITIONS = ['2023', '2000', '1982', '1971', 'old-rules', 'online-5'] as const;
/** Every value of the `convoy-paradox` rule. */
export const CONVOY_PARADOX = ['szykman', '1971', '1982', '2000', 'all-hold'] as const;

export interface Classic {
  config: VariantConfig;
  rules: RuleOptions;
  board: Board;
  /** The header that gives these rules (`variant classic`, the edition, the `rule` lines). */
  header: string;
}

const cache = new WeakMap<GameWorkspace, Map<string, Classic>>();

/** The classic variant under `edition` with `rules` on top (`{ 'convoy-paradox': '1982' }`), as `variant classic` reads in `ws`. */
export function classicUnder(edition: string, rules: Readonly<Record<string, string>> = {}, ws: GameWorkspace = workspace): Classic {
  const header = [`variant classic`, `edition ${edition}`, ...Object.entries(rules).map(([k, v]) => `rule ${k} ${v}`)].join('\n');
  let known = cache.get(ws);
  if (!known) cache.set(ws, (known = new Map()));
  let hit = known.get(header);
  if (!hit) {
    const run = runGameText(`${header}\n`, 'rules.dipgame', ws);
    const errors = run.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || !run.config || !run.rules) throw new Error(`${header}: ${errors.map((d) => d.message).join('; ')}`);
    known.set(header, (hit = { config: run.config, rules: run.rules, board: compileBoard(run.config), header }));
  }
  return hit;
}

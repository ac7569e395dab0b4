/**
 * The bench's random games as `.dipgame` files. Two forms: orders only (`--write-games`, the
 * editor's game), inputs for other engines; and checked (the `--process` set), where each move
 * and retreat carries its result and each phase is followed by an `expect` block with the units,
 * dislodged units and centre owners after it, as `dipforge import` writes a real game, so that
 * `dipforge test` over the set spends its time as it does over imported games.
 */
import { adjudicatePhase, DEFAULT_ORDER_MIX, formatOrder, initialPosition, samePhase, type Board, type Order, type OrderResult, type Phase, type RuleOptions, type Unit } from '@dipforge/engine';

export interface GameRecord {
  seed: number;
  phases: { phase: Phase; orders: Order[] }[];
  winner?: string;
}

/** The header comment's lines, the variant line and the seed. */
function header(record: GameRecord, variantLine: string, n: number, of: number, uniform: boolean, checked: boolean): string[] {
  const mix = DEFAULT_ORDER_MIX;
  const what = checked
    ? 'After each phase, its results and the position it leads to, as the engine found them.'
    : 'Input only: no expectations.';
  return [
    `// A random game written by \`dipforge bench${uniform ? ' --uniform' : ''}\`: game ${n} of ${of}, seed ${record.seed}.`,
    uniform
      ? `// Orders drawn uniformly from each unit's legal orders. ${what}`
      : `// Orders drawn from the legal ones (per unit ${mix.move * 100}% move, ${mix.support * 100}% support, ${mix.convoy * 100}% convoy, the rest hold;\n// supports and convoys back orders other units were given). ${what}`,
    `// ${record.phases.length} phases${record.winner !== undefined ? `; ${record.winner} won` : ''}. Phases with nothing to order are left out.`,
    variantLine,
    `seed ${record.seed}`,
  ];
}

/** A phase's orders by power, each order followed by what `mark` gives for it (a result, or nothing). */
function orderLines(board: Board, phase: Phase, orders: readonly Order[], mark: (o: Order) => string): string[] {
  const lines = ['', `phase ${phase.season} ${phase.year} ${phase.kind}`];
  for (const power of board.powerIds) {
    const mine = orders.filter((o) => o.power === power);
    if (mine.length === 0) continue;
    lines.push(`  ${power}:`);
    for (const o of mine) lines.push(`    ${formatOrder(o)}${mark(o)}`);
  }
  return lines;
}

/** A game as a `.dipgame` file: the header with its seed, then each phase's orders by power. Orders only, no expectations. */
export function gameText(board: Board, record: GameRecord, variantLine: string, n: number, of: number, uniform: boolean): string {
  const lines = header(record, variantLine, n, of, uniform, false);
  for (const { phase, orders } of record.phases) for (const line of orderLines(board, phase, orders, () => '')) lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** `A par, F stp/sc` by power, in place order; `units none` when there are none at all. */
function unitLines(board: Board, word: 'units' | 'dislodged', units: readonly Unit[]): string[] {
  const out: string[] = [];
  for (const power of board.powerIds) {
    const mine = units
      .filter((u) => u.power === power)
      .map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`)
      .sort();
    if (mine.length > 0) out.push(`  ${word} ${power}: ${mine.join(', ')}`);
  }
  return out.length > 0 || word === 'dislodged' ? out : ['  units none'];
}

/**
 * The game replayed from its start with the record's seed, written with each move's and
 * retreat's result (`[succeeds]`, `[fails]`) and, after each phase, `expect` with the units,
 * dislodged units and centre owners of every power. The phases the record leaves out (nothing
 * to order) are adjudicated with no orders in between, as the game runner does.
 */
export function checkedGameText(board: Board, rules: RuleOptions, record: GameRecord, variantLine: string, n: number, of: number, uniform: boolean): string {
  const lines = header(record, variantLine, n, of, uniform, true);
  const options = { seed: record.seed };
  let position = initialPosition(board.config);
  for (const { phase, orders } of record.phases) {
    for (let skipped = 0; !samePhase(board, rules, position.phase, phase); skipped++) {
      if (skipped > 64) throw new Error(`seed ${record.seed}: the replay never reaches ${phase.season} ${phase.year} ${phase.kind}`);
      position = adjudicatePhase(board, position, [], rules, options).next;
    }
    const result = adjudicatePhase(board, position, orders, rules, options);
    const byOrder = new Map<Order, OrderResult>(result.results.map((r) => [r.order, r]));
    const mark = (o: Order): string => {
      const status = o.type === 'move' || o.type === 'retreat' ? byOrder.get(o)?.status : undefined;
      return status === 'succeeds' || status === 'fails' ? ` [${status}]` : '';
    };
    for (const line of orderLines(board, phase, orders, mark)) lines.push(line);
    const after = result.next;
    lines.push('', 'expect', ...unitLines(board, 'units', after.units), ...unitLines(board, 'dislodged', result.dislodged));
    for (const power of board.powerIds) {
      const owned = Object.keys(after.owners)
        .filter((c) => after.owners[c] === power)
        .sort();
      lines.push(`  owners ${power}:${owned.length > 0 ? ` ${owned.join(', ')}` : ''}`);
    }
    position = after;
  }
  return `${lines.join('\n')}\n`;
}

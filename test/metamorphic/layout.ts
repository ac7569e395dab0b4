/**
 * The same game written another way: a `.dipgame` file rebuilt from its parse
 * with the units of its `position` in another order (each on a line of its
 * own, which the language allows: lines naming one power add up), the
 * dislodged units, owners and standoffs likewise, and in each phase the power
 * blocks and the order lines within a block shuffled. The header, the
 * `expect` and `declare` blocks are copied as written. An adjudicator must
 * give the same results and positions for every such layout, except where a
 * rule reads the order of lines; those lines are `pinned` and keep their
 * relative order within their power.
 */
import type { GameAst, ParsedGame } from '@dipforge/dsl';
import type { Rng } from '@dipforge/engine';
import { shuffled, shuffledKeeping } from './shuffle.js';

type Node = { range: { start: { offset: number }; end: { offset: number } } };

export interface LayoutOptions {
  /** Order lines whose relative order within their power's block must stay (a rule reads it). */
  pinned?: (line: GameAst.OrderLine) => boolean;
  /** Keep the position's units, dislodged units, owners and standoffs in their order. */
  keepPosition?: boolean;
  /** Keep the power blocks of each phase in their order. */
  keepBlocks?: boolean;
}

/** The file's text rebuilt with a layout drawn by `rng` (the identity layout when every option keeps). */
export function relayout(parsed: ParsedGame, rng: Rng, options: LayoutOptions = {}): string {
  const { ast, text } = parsed;
  const slice = (n: Node): string => text.slice(n.range.start.offset, n.range.end.offset);
  const order = <T>(list: readonly T[], keep = options.keepPosition): T[] => (keep ? [...list] : shuffled(list, rng));
  const out: string[] = [];
  const firstSection = Math.min(
    ...[ast.position, ...ast.phases, ...ast.declare].filter((s): s is NonNullable<typeof s> => s !== undefined).map((s) => s.range.start.offset),
    text.length,
  );
  out.push(text.slice(0, firstSection).trimEnd(), '');

  if (ast.position) out.push(...positionLines(ast.position, slice, order), '');
  const declaresAfter = (k: number): void => {
    for (const d of ast.declare) if (d.after === k) out.push(declareText(d, slice), '');
  };
  declaresAfter(-1);
  ast.phases.forEach((section, k) => {
    out.push(...phaseLines(section, slice, rng, options), '');
    for (const e of section.expect) out.push(slice(e), '');
    declaresAfter(k);
  });
  return `${out.join('\n').trimEnd()}\n`;
}

function positionLines(section: GameAst.PositionSection, slice: (n: Node) => string, order: <T>(list: readonly T[]) => T[]): string[] {
  const lines = [section.phase ? `position ${slice(section.phase)}` : lineOf(slice(section))];
  const units = section.units.flatMap((s) => s.units.map((u) => `  ${s.power ? slice(s.power) : 'none'}: ${slice(u)}`));
  const dislodged = section.dislodged.flatMap((s) => s.units.map((u) => `  dislodged ${s.power ? slice(s.power) : 'none'}: ${slice(u)}`));
  const owners = section.owners.map((s) => `  owners ${slice(s.power)}: ${order(s.provinces.map(slice)).join(', ')}`);
  const standoffs = section.standoffs.map((s) => `  standoffs ${order(s.provinces.map(slice)).join(', ')}`);
  return [...lines, ...order(units), ...order(dislodged), ...order(owners), ...order(standoffs)];
}

/** The first line of a section's text (its keyword line). */
function lineOf(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}

function phaseLines(section: GameAst.PhaseSection, slice: (n: Node) => string, rng: Rng, options: LayoutOptions): string[] {
  const head = section.phase ? `phase ${slice(section.phase)}` : lineOf(slice(section));
  // Blocks by power as written (its word, lower-cased); a power named twice is one block.
  const blocks = new Map<string, { word: string; lines: GameAst.OrderLine[] }>();
  for (const w of section.powers) if (!blocks.has(w.value)) blocks.set(w.value, { word: w.text, lines: [] });
  for (const line of section.orders) {
    let block = blocks.get(line.power.value);
    if (!block) blocks.set(line.power.value, (block = { word: line.power.text, lines: [] }));
    block.lines.push(line);
  }
  const pinned = options.pinned ?? ((): boolean => false);
  const out = [head];
  const list = [...blocks.values()];
  for (const block of options.keepBlocks ? list : shuffled(list, rng)) {
    out.push(`  ${block.word}:`);
    for (const line of shuffledKeeping(block.lines, pinned, rng)) {
      out.push(`    ${line.text.text}${line.expected ? ` [${line.expected.value}]` : ''}`);
    }
  }
  return out;
}

/** A declare block as written, with the expect blocks that follow it. */
function declareText(section: GameAst.DeclareSection, slice: (n: Node) => string): string {
  const end = Math.max(section.range.end.offset, ...section.expect.map((e) => e.range.end.offset));
  const start = section.range.start.offset;
  return slice({ range: { start: { offset: start }, end: { offset: end } } });
}

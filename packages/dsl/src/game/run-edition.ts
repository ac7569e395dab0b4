/**
 * A game played under another edition than its file's (`dipforge test --edition`, the editor's
 * switch): what the file wrote for its own year that the edition's year has no place for is set
 * aside, and the phases the file could not write are played with the edition's defaults, each
 * with a note (DF9001) saying so. Made by the runner only when another edition is asked for.
 */
import { phaseIndex, type Order, type Phase, type Position, type RuleOptions } from '@dipforge/engine';
import type { CodeName } from '../diagnostics/codes.js';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import { phaseText, type YearPhase } from './phases.js';

const ADJUSTMENT_ORDERS: ReadonlySet<string> = new Set(['build', 'disband', 'waive', 'build-list', 'disband-list']);

export class EditionSwitch {
  /**
   * `rules` and `year`: the edition's, played; `fileRules` and `fileYear`: the file's own, to tell
   * what the edition lacks.
   */
  constructor(
    private readonly rules: RuleOptions,
    private readonly year: readonly YearPhase[],
    readonly fileRules: RuleOptions,
    readonly fileYear: readonly YearPhase[],
    private readonly report: (name: CodeName, range: Range, message: string) => void,
  ) {}


  /** The edition played and what it does with retreats and adjustments, for the notes below. */
  switchedTo(): string {
    return `edition ${this.rules.edition}`;
  }

  retreatDefaults(): string {
    const r = this.rules;
    const how = r['retreat-default'] === 'disband' ? 'disbanded' : `retreated by retreat-default ${r['retreat-default']}`;
    return r.retreats === 'priority-list' ? `dislodged units go by the retreat lists written with the moves, else are ${how}` : `dislodged units are ${how}`;
  }

  adjustmentDefaults(): string {
    const r = this.rules;
    const lists = r.adjustments === 'priority-list' ? 'build and disband lists written with the fall moves are used, else ' : '';
    return `${lists}no unit is built and removals follow removal-order ${r['removal-order']}`;
  }

  /**
   * Played under another edition, a section of a phase that edition's year
   * lacks (a retreat phase in a postal year, say): set aside with a note
   * (DF9001), its orders and expectations unused. True when set aside.
   */
  setAsideSection(section: G.PhaseSection): boolean {
    const name = section.phase;
    if (!name?.kind.phase) return false;
    const phase: Phase = { year: name.year.value, season: name.season.value, kind: name.kind.phase };
    if (phaseIndex(this.year, phase) >= 0 || phaseIndex(this.fileYear, phase) < 0) return false;
    const n = section.orders.length;
    const defaults = phase.kind === 'retreat' ? this.retreatDefaults() : phase.kind === 'adjustment' ? this.adjustmentDefaults() : 'every unit holds';
    this.report(
      'setAside',
      name.range,
      `${phaseText(phase)} is set aside with its ${n} order${n === 1 ? '' : 's'}: the year of ${this.switchedTo()} has no ${phase.season} ${phase.kind} phase (${defaults})`,
    );
    return true;
  }

  /**
   * Played under another edition, a phase the file cannot have written (its
   * own year lacks it) is adjudicated with that edition's defaults: a note
   * (DF9001) instead of the warning for a phase left out. True when noted.
   */
  defaultsNoted(position: Position, section: G.PhaseSection, why: string): boolean {
    if (phaseIndex(this.fileYear, position.phase) >= 0) return false;
    const kind = position.phase.kind;
    const defaults = kind === 'retreat' ? this.retreatDefaults() : kind === 'adjustment' ? this.adjustmentDefaults() : why;
    this.report(
      'setAside',
      section.phase?.range ?? section.range,
      `${phaseText(position.phase)} is not in the file (its year has no such phase): under ${this.switchedTo()} it is adjudicated with no orders (${defaults})`,
    );
    return true;
  }

  /**
   * Played under another edition, the parts of an order that edition does not
   * use: a retreat list, or builds and disbands written with the moves, when
   * the file's rules use them and the edition's do not. Set aside with a note
   * (DF9001); the order without its list, or undefined when nothing is left.
   */
  switchedOrder(order: Order, line: G.OrderLine, position: Position): Order | undefined {
    const own = this.fileRules;
    if (position.phase.kind !== 'movement') return order;
    if (ADJUSTMENT_ORDERS.has(order.type) && own.adjustments === 'priority-list' && this.rules.adjustments !== 'priority-list') {
      this.report(
        'setAside',
        line.text.range,
        `${line.text.text}: set aside: under ${this.switchedTo()} builds and disbands are ordered in the adjustment phase, not with the moves (${this.adjustmentDefaults()})`,
      );
      return undefined;
    }
    const listed = order as Order & { retreat?: unknown };
    if (listed.retreat !== undefined && own.retreats === 'priority-list' && this.rules.retreats !== 'priority-list') {
      const { retreat: _list, ...rest } = listed;
      this.report(
        'setAside',
        line.text.range,
        `${line.text.text}: the retreat list is set aside: under ${this.switchedTo()} retreats are ordered in the retreat phase (${this.retreatDefaults()})`,
      );
      return rest as Order;
    }
    return order;
  }
}

/**
 * The `.dipgame` text of a saved game once read: the header (variant, edition,
 * the record's rules), a starting position when it is not the classic one,
 * then every played phase with its orders, the results the record makes
 * certain, and as expectations the position the record shows next.
 */
import type { UnitKind } from '@dipforge/engine';
import { quoted } from '@dipforge/engine/config';
import { convertLocation } from './orders.js';
import { IMPORT_EDITION, STANDARD_START } from './standard.js';
import { base, jsonPath, POWER_IDS, phaseWords, unitText, type RecOrder, type RecordPhaseName, type RecPhase, type RecState, type RecUnit } from './record.js';
import type { ImportOptions, ImportSummary } from './saved-game.js';

/** Labels that say a move, retreat, build or disband did not happen as ordered. */
const NOT_CARRIED_OUT = ['bounce', 'void', 'no convoy', 'dislodged', 'disrupted', 'disband'];

export class GameText {
  private readonly stateResults: boolean;

  constructor(
    private readonly options: ImportOptions,
    /** The import's summary: the writer counts what it writes into it. */
    private readonly summary: ImportSummary,
    private readonly warning: (path: string, message: string) => void,
  ) {
    this.stateResults = options.results ?? true;
  }

  write(rules: { lines: string[]; names: string[] }, phases: RecPhase[]): string {
    const out: string[] = [];
    const last = phases[phases.length - 1] as RecPhase;
    const played = phases.slice(0, -1).filter((p) => p.parsed !== undefined);
    this.summary.played = played.length;

    // Header comment.
    const id = this.summary.gameId !== undefined ? `game ${this.summary.gameId}, ` : '';
    out.push(`// Imported by \`dipforge import\` from a saved game of the Python engine diplomacy (${id}map standard).`);
    const origin = this.options.origin === undefined ? [] : typeof this.options.origin === 'string' ? [this.options.origin] : this.options.origin;
    for (const line of origin) for (const l of line.split(/\r?\n/)) out.push(`// ${l}`.trimEnd());
    const span = this.summary.first && this.summary.last ? ` (${this.summary.first}–${this.summary.last})` : '';
    const n = this.summary.recordPhases;
    out.push(`// The record has ${n} phase${n === 1 ? '' : 's'}${span}: ${played.length} played, written below in order.`);
    if (last.name) {
      out.push(
        last.completed
          ? '// Its last phase, COMPLETED, is the end of the game: its position is the last expectation.'
          : `// Its last phase, ${last.name}, is the game's current phase, not yet played: its position is the`,
      );
      if (!last.completed) out.push('// last expectation, and its orders (if any) are left out.');
    }
    out.push('// Orders are the players\' as recorded, those the Python engine found invalid included; after');
    out.push('// each phase come the units, dislodged units and centre owners the record shows next.');
    if (this.summary.messages > 0) out.push(`// Press: ${this.summary.messages} message${this.summary.messages === 1 ? '' : 's'} left out.`);
    out.push(`// Edition ${IMPORT_EDITION}, the Python engine's rules (DATC v2.4 choices): an army ordered \`via convoy\``);
    out.push('// with no convoy moves by land, as the Python engine does.');
    if (rules.names.length > 0) out.push(`// The record's rules: ${rules.names.join(', ')}.`);
    out.push('variant classic');
    out.push(`edition ${IMPORT_EDITION}`);
    for (const line of rules.lines) out.push(line);

    // Starting position, when it is not the classic start.
    const first = phases[0] as RecPhase;
    if (first.parsed && first.state && !isStandardStart(first.parsed, first.state)) {
      out.push('');
      for (const line of this.positionBlock(first.parsed, first.state)) out.push(line);
    }

    for (let i = 0; i < phases.length - 1; i++) {
      const phase = phases[i] as RecPhase;
      if (!phase.parsed) continue;
      const next = phases[i + 1] as RecPhase;
      // Line by line, not push(...block): a phase of the record may hold more orders than a call takes arguments.
      out.push('');
      for (const line of this.phaseBlock(phase, next)) out.push(line);
    }
    return `${out.join('\n')}\n`;
  }

  private positionBlock(name: RecordPhaseName, state: RecState): string[] {
    const out = [`position ${phaseWords(name)}`];
    for (const power of POWER_IDS) {
      const units = sortedUnits(state.units.filter((u) => u.power === power && !u.dislodged));
      if (units.length > 0) out.push(`  ${power}: ${units.join(', ')}`);
    }
    for (const power of POWER_IDS) {
      const units = sortedUnits(state.units.filter((u) => u.power === power && u.dislodged));
      if (units.length > 0) out.push(`  dislodged ${power}: ${units.join(', ')}`);
    }
    if (name.kind !== 'retreat' && state.units.some((u) => u.dislodged)) {
      this.warning('$.phases[0].state.units', 'dislodged units outside a retreat phase are left out of the position');
    }
    for (const power of POWER_IDS) {
      const centres = [...(state.centres.get(power) ?? [])].sort();
      if (centres.length > 0) out.push(`  owners ${power}: ${centres.join(', ')}`);
    }
    return out;
  }

  private phaseBlock(phase: RecPhase, next: RecPhase): string[] {
    const name = phase.parsed as RecordPhaseName;
    const out = [`phase ${phaseWords(name)}`];
    for (const power of POWER_IDS) {
      const orders = phase.orders.get(power) ?? [];
      if (orders.length === 0) continue;
      out.push(`  ${power}:`);
      for (const o of orders) {
        const result = this.certainResult(phase, next, o);
        if (result) this.summary.results++;
        this.summary.orders++;
        out.push(`    ${o.text}${result ? ` [${result}]` : ''}`);
      }
    }
    const after = next.state;
    if (!after || !phase.state) return out;

    const dislodged = name.kind === 'movement' ? this.dislodgedBy(phase, next) : undefined;
    const nextIsItsRetreat =
      next.parsed !== undefined && next.parsed.kind === 'retreat' && next.parsed.year === name.year && next.parsed.season === name.season;
    // After a movement the game goes on to its retreat phase, even an empty one; centres change
    // owner after the fall retreats. When the record has no retreat phase (nothing to retreat, or
    // the dislodged units had nowhere to go and were disbanded at once), it is written here with
    // no orders, so that the owners the record shows next are checked after it.
    const addRetreat = name.kind === 'movement' && !nextIsItsRetreat && ((dislodged?.length ?? 0) > 0 || name.season === 'fall');

    out.push('', 'expect');
    for (const line of unitLines(after)) out.push(line);
    if (dislodged) {
      for (const power of POWER_IDS) {
        const units = sortedUnits(dislodged.filter((u) => u.power === power));
        if (units.length > 0) out.push(`  dislodged ${power}: ${units.join(', ')}`);
      }
    }
    if (addRetreat) {
      this.summary.addedRetreats++;
      out.push(
        '',
        (dislodged?.length ?? 0) > 0
          ? '// Not in the record: the dislodged units had nowhere to go (the Python engine disbands them at once).'
          : '// Not in the record: nothing to retreat. Centres change owner after it.',
      );
      out.push(`phase ${phaseWords({ season: name.season, year: name.year, kind: 'retreat' })}`, '', 'expect', ...unitLines(after));
    }
    for (const line of ownerLines(after)) out.push(line);
    return out;
  }

  /**
   * The units a movement phase dislodged: those the record labels `dislodged`,
   * with those its next phase shows dislodged (`*A TRI`). Undefined when the
   * record has no result labels (those with nowhere to retreat would be missing).
   */
  private dislodgedBy(phase: RecPhase, next: RecPhase): RecUnit[] | undefined {
    const labels = phase.labels;
    const start = phase.state;
    if (!labels || !start) return undefined;
    const found = new Map<string, RecUnit>();
    for (const [key, list] of labels) {
      if (!list.includes('dislodged')) continue;
      const m = /^[AF] (\S+)$/.exec(key);
      const loc = m ? convertLocation(m[1] as string) : undefined;
      const unit = loc?.ok ? start.units.find((u) => !u.dislodged && base(u.at) === base(loc.at)) : undefined;
      if (!unit) {
        this.warning(jsonPath(jsonPath(phase.path, 'results'), key), `${quoted(key)} is labelled dislodged, but no such unit stands there; the dislodged units of ${phase.name} are not checked`);
        return undefined;
      }
      found.set(base(unit.at), unit);
    }
    const sameSeason = next.parsed?.kind === 'retreat' && next.parsed.year === phase.parsed?.year && next.parsed.season === phase.parsed?.season;
    if (sameSeason && next.state) {
      for (const u of next.state.units) if (u.dislodged && !found.has(base(u.at))) found.set(base(u.at), u);
    }
    return [...found.values()];
  }

  /**
   * `succeeds` or `fails` where the record leaves no doubt: its label says so
   * and the positions before and after agree. Supports, convoys, holds, orders
   * the Python engine voided and convoyed moves that found no convoy get none:
   * which of `fails` and `illegal` our adjudicator gives them depends on rules
   * the labels do not show (and older records label some supports differently).
   */
  private certainResult(phase: RecPhase, next: RecPhase, o: RecOrder): 'succeeds' | 'fails' | undefined {
    if (!this.stateResults || o.unitKey === undefined) return undefined;
    const labels = phase.labels?.get(o.unitKey);
    const before = phase.state;
    const after = next.state;
    if (!labels || !before || !after) return undefined;
    const order = o.order;
    const standing = (state: RecState, loc: string): RecUnit | undefined => state.units.find((u) => !u.dislodged && base(u.at) === base(loc));
    const dislodgedAt = (state: RecState, loc: string): RecUnit | undefined => state.units.find((u) => u.dislodged && base(u.at) === base(loc));
    const same = (u: RecUnit | undefined, kind: UnitKind | undefined): boolean => u !== undefined && u.power === order.power && u.kind === kind;
    const clean = !labels.some((l) => NOT_CARRIED_OUT.includes(l));
    switch (order.type) {
      case 'move': {
        if (phase.parsed?.kind !== 'movement' || !same(standing(before, order.unit.at), order.unit.kind)) return undefined;
        const arrived = same(standing(after, order.to), order.unit.kind);
        const wasThere = same(standing(before, order.to), order.unit.kind);
        if (clean && arrived && !wasThere) return 'succeeds';
        if (labels.includes('bounce') && !arrived) return 'fails';
        return undefined;
      }
      case 'retreat': {
        if (phase.parsed?.kind !== 'retreat' || !same(dislodgedAt(before, order.unit.at), order.unit.kind)) return undefined;
        const arrived = same(standing(after, order.to), order.unit.kind) && !same(standing(before, order.to), order.unit.kind);
        if (clean && arrived) return 'succeeds';
        if (labels.includes('bounce') && !same(standing(after, order.to), order.unit.kind)) return 'fails';
        return undefined;
      }
      case 'disband': {
        if (labels.includes('void')) return undefined;
        if (phase.parsed?.kind === 'retreat') return same(dislodgedAt(before, order.unit.at), order.unit.kind) ? 'succeeds' : undefined;
        if (phase.parsed?.kind !== 'adjustment') return undefined;
        const u = standing(before, order.unit.at);
        if (!same(u, order.unit.kind) || !u) return undefined;
        return after.units.some((x) => !x.dislodged && x.at === u.at && x.power === u.power && x.kind === u.kind) ? undefined : 'succeeds';
      }
      case 'build': {
        if (phase.parsed?.kind !== 'adjustment' || labels.includes('void') || order.kind === undefined) return undefined;
        if (standing(before, order.at)) return undefined;
        const u = standing(after, order.at);
        return u && u.power === order.power && u.kind === order.kind && u.at === order.at ? 'succeeds' : undefined;
      }
      default:
        return undefined;
    }
  }
}

function sortedUnits(units: readonly RecUnit[]): string[] {
  return [...units].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map(unitText);
}

/** `units POWER: …` for every power with units (the others must have none), or `units none`. */
function unitLines(state: RecState): string[] {
  const out: string[] = [];
  for (const power of POWER_IDS) {
    const units = sortedUnits(state.units.filter((u) => u.power === power && !u.dislodged));
    if (units.length > 0) out.push(`  units ${power}: ${units.join(', ')}`);
  }
  return out.length > 0 ? out : ['  units none'];
}

/** `owners POWER: …` for every power, `owners POWER:` for one with none (so every power is checked). */
function ownerLines(state: RecState): string[] {
  return POWER_IDS.map((power) => {
    const centres = [...(state.centres.get(power) ?? [])].sort();
    return `  owners ${power}:${centres.length > 0 ? ` ${centres.join(', ')}` : ''}`;
  });
}

function isStandardStart(name: RecordPhaseName, state: RecState): boolean {
  if (name.kind !== 'movement' || name.season !== 'spring' || name.year !== 1901) return false;
  const key = (list: readonly string[]): string => [...list].sort().join(',');
  for (const power of POWER_IDS) {
    const start = STANDARD_START[power] as { units: readonly string[]; centres: readonly string[] };
    const units = state.units.filter((u) => u.power === power).map((u) => (u.dislodged ? `*${unitText(u)}` : unitText(u)));
    if (key(units) !== key(start.units)) return false;
    if (key(state.centres.get(power) ?? []) !== key(start.centres)) return false;
  }
  return true;
}

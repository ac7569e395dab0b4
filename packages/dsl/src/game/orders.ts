/**
 * Reading a game's order lines with the engine's order reader, each distinct
 * text once per run. A game repeats the same texts many times (a unit holding
 * where it stands, the same support year after year: in a long random game
 * about three lines in five repeat an earlier one of the same power and phase
 * kind), and the reader, given the power, depends only on the name index, the
 * text and the phase kind. A reading that asked where a unit stands is not
 * kept, since it depends on the position.
 *
 * Every line gets an order object of its own: the runner pairs orders with the
 * engine's results by identity, so two lines with the same text must not
 * share one.
 *
 * A run made with `reuse` of a previous run (the editor's re-check after an
 * edit) goes on with the previous run's readings when the name index is the
 * same, so only new or changed lines are read.
 */
import { parseOrder, type NameIndex, type ParseResult, type PhaseKind, type Unit } from '@dipforge/engine';

type UnitAt = (loc: string) => Unit | undefined;

/** Readings kept past this many distinct texts start afresh (an editor session types many passing texts). */
const MAX_KEPT = 50_000;

/** The readings each run used, for a later run that reuses it. */
const readingOfRun = new WeakMap<object, OrderReading>();

export class OrderReading {
  /** The readings of `previous` (a run) when they were made with `index`, else new ones; kept for `run`. */
  static forRun(run: object, index: NameIndex, previous: object | undefined): OrderReading {
    const before = previous ? readingOfRun.get(previous) : undefined;
    const reading = before && before.index === index && before.size < MAX_KEPT ? before : new OrderReading(index);
    readingOfRun.set(run, reading);
    return reading;
  }

  /** Phase kind → power → text → reading. */
  private readonly read = new Map<PhaseKind, Map<string, Map<string, ParseResult>>>();
  private size = 0;
  private unitAt: UnitAt | undefined;
  private askedUnit = false;
  /** Passed to the reader once; tells whether the reading looked at the position. */
  private readonly askUnit: UnitAt = (loc) => {
    this.askedUnit = true;
    return this.unitAt?.(loc);
  };

  constructor(private readonly index: NameIndex) {}

  /** The engine's reading of `text` as an order of `power` in a phase of kind `phase`. */
  order(text: string, power: string, phase: PhaseKind, unitAt: UnitAt): ParseResult {
    let byPower = this.read.get(phase);
    if (!byPower) this.read.set(phase, (byPower = new Map()));
    let byText = byPower.get(power);
    if (!byText) byPower.set(power, (byText = new Map()));
    const kept = byText.get(text);
    if (kept) return kept.ok ? { ...kept, order: copy(kept.order) } : kept;
    this.unitAt = unitAt;
    this.askedUnit = false;
    const parsed = parseOrder(this.index, text, { power, phase, unitAt: this.askUnit });
    this.unitAt = undefined;
    if (!this.askedUnit) {
      byText.set(text, parsed);
      this.size++;
    }
    return parsed;
  }
}

/** A deep copy of an order (plain data: objects, arrays, strings, numbers, booleans). */
function copy<T extends object>(value: T): T {
  if (Array.isArray(value)) return value.map(copyValue) as T;
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = copyValue(value[k]);
  return out as T;
}

function copyValue<T>(value: T): T {
  return typeof value === 'object' && value !== null ? copy(value) : value;
}

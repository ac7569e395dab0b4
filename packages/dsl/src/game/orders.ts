/**
 * Reading a game's order lines with the engine's order reader, each distinct
 * text once per run. A game repeats the same texts many times (a unit holding
 * where it stands, the same support year after year: in a long random game
 * about three lines in five repeat an earlier one of the same power and phase
 * kind), and the reader, given the power, depends only on the name index, the
 * text and the phase kind. A reading that asked where a unit stands is not
 * kept, since it depends on the position.
 *
 * Given the power, a text without a colon reads the same for every power but
 * for the order's `power` (only a `POWER:` prefix can name another, and only
 * a reading without a power asks where a unit stands), so such a text is read
 * once for all powers: a random game writes about 3,000 distinct texts per
 * power but about 2,000 in all.
 *
 * Every line gets an order object of its own: the runner pairs orders with the
 * engine's results by identity, so two lines with the same text must not
 * share one. Their parts are shared: orders are data nothing changes (the
 * engine is pure). A reading kept for every power took its power from the
 * context, so another power's line gets its own `power` (the key stays first).
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

  /** Phase kind → text → reading, for texts that read the same for every power (`samePerPower`). */
  private readonly read = new Map<PhaseKind, Map<string, ParseResult>>();
  /** Phase kind → power → text → reading, for the others. */
  private readonly readFor = new Map<PhaseKind, Map<string, Map<string, ParseResult>>>();
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
    const shared = samePerPower(text);
    const byText = this.textsOf(phase, shared ? undefined : power);
    const kept = byText.get(text);
    if (kept) {
      if (!kept.ok) return kept;
      // Object.assign, not a spread: orders come in many shapes, where a spread is several times slower.
      const order = Object.assign({}, kept.order);
      if (shared) order.power = power;
      return kept.warnings ? { ok: true, order, warnings: kept.warnings } : { ok: true, order };
    }
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

  /** The readings of one phase kind: of every power's texts without a colon (`power` undefined), or of one power's. */
  private textsOf(phase: PhaseKind, power: string | undefined): Map<string, ParseResult> {
    if (power === undefined) {
      let byText = this.read.get(phase);
      if (!byText) this.read.set(phase, (byText = new Map()));
      return byText;
    }
    let byPower = this.readFor.get(phase);
    if (!byPower) this.readFor.set(phase, (byPower = new Map()));
    let byText = byPower.get(power);
    if (!byText) byPower.set(power, (byText = new Map()));
    return byText;
  }
}

/**
 * Whether a text reads the same for every power but for the order's `power`:
 * plain ASCII without a colon (a full-width colon is a colon to the reader, so
 * other texts are kept per power).
 */
function samePerPower(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 || c > 127) return false;
  }
  return true;
}

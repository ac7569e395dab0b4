/**
 * Reading a game's order lines with the engine's order reader, each distinct
 * text once per variant (see the end). A game repeats the same texts many times (a unit holding
 * where it stands, the same support year after year: in a long random game
 * about three lines in five repeat an earlier one of the same power and phase
 * kind), and the reader, given the power, depends only on the name index, the
 * text and the phase kind. A reading that asked where a unit stands is not
 * kept, since it depends on the position; nor is a failed reading or one with
 * a warning (see `order`).
 *
 * Given the power, a text without a colon reads the same for every power but
 * for the order's `power` (only a `POWER:` prefix can name another, and only
 * a reading without a power asks where a unit stands), so such a text is read
 * once for all powers: a random game writes about 3,000 distinct texts per
 * power but about 2,000 in all.
 *
 * Lines of different phases may share an order object, since orders are data
 * nothing changes (the engine is pure): a power that writes the same text in
 * many phases gets the one reading each time, without a copy. Within one phase
 * every line gets an order object of its own: the runner pairs orders with the
 * engine's results by identity, so two lines of a phase with the same text
 * must not share one (the runner calls `startPhase` before each phase). A
 * reading kept for every power took its power from the context, so another
 * power's copy gets its own `power` (the key stays first).
 *
 * The readings are kept with the name index (one per compiled variant) for
 * every run made with it, not for one run (runs are synchronous, so one
 * phase's lines are read before another run reads any): the editor checks the same file
 * again after every edit, and the files of one variant write mostly the same
 * texts, so a run reads only the texts no run read before it.
 */
import { neverLegal, parseOrder, type Board, type NameIndex, type NeverLegal, type Order, type ParseResult, type PhaseKind, type Unit } from '@dipforge/engine';
import { ownText } from './texts.js';

type UnitAt = (loc: string) => Unit | undefined;

/** Readings kept past this many distinct texts start afresh (an editor session types many passing texts). */
const MAX_KEPT = 50_000;

/** The readings kept for each name index. */
const readings = new WeakMap<NameIndex, OrderReading>();

export class OrderReading {
  /** The readings kept for `index` (started afresh when there are too many). */
  static of(index: NameIndex): OrderReading {
    let reading = readings.get(index);
    if (!reading || reading.size >= MAX_KEPT) readings.set(index, (reading = new OrderReading(index)));
    return reading;
  }

  /** Drops the readings kept for `index`, so that the next run reads every text as a first check of a file does. */
  static forget(index: NameIndex): void {
    readings.delete(index);
  }

  /** Phase kind → text → reading, for texts that read the same for every power (`samePerPower`) but for the order's power. */
  private readonly read = new Map<PhaseKind, Map<string, ParseResult>>();
  /** Phase kind → power → text → that power's reading. */
  private readonly readFor = new Map<PhaseKind, Map<string, Map<string, Kept>>>();
  private size = 0;
  // Strings from the start, never undefined: code optimized on a reading in use compares them with strings only, and
  // a fresh reading (each check after forgetReadings) holding undefined there would throw that code away.
  private lastPhase: PhaseKind | '' = '';
  private lastPower = '';
  private lastTexts: Map<string, Kept> | undefined;
  /** Counts the phases read; a kept reading whose `phase` is the current one was given to a line of this phase. */
  private phase = 0;
  private unitAt: UnitAt | undefined;
  private askedUnit = false;
  /** The kept reading the last `order` gave out, and the order it gave (the reading's or a copy of it): what `neverLegal` judges. */
  private lastKept: Kept | undefined = undefined;
  private lastGiven: Order | undefined = undefined;
  /** Passed to the reader once; tells whether the reading looked at the position. */
  private readonly askUnit: UnitAt = (loc) => {
    this.askedUnit = true;
    return this.unitAt?.(loc);
  };

  constructor(private readonly index: NameIndex) {}

  /** The lines read from now on are another phase's: they may take readings lines of earlier phases took. */
  startPhase(): void {
    this.phase++;
  }

  /**
   * The engine's reading of `text` as an order of `power` in a phase of kind `phase`;
   * `reaches` ranks the suggestions for a misspelt destination (only a failed reading, never kept, asks it).
   */
  order(text: string, power: string, phase: PhaseKind, unitAt: UnitAt, reaches?: (from: string, to: string) => boolean): ParseResult {
    const mine = this.textsOf(phase, power);
    const kept = mine.get(text);
    if (kept) {
      this.lastKept = kept;
      if (kept.phase !== this.phase) {
        kept.phase = this.phase;
        return this.given(kept.result);
      }
      return this.given(copy(kept.result, undefined));
    }
    this.lastKept = undefined;
    const shared = samePerPower(text);
    const read = shared ? this.sharedTexts(phase) : undefined;
    const other = read?.get(text);
    if (other) return this.keep(mine, ownText(text), copy(other, power));
    this.unitAt = unitAt;
    this.askedUnit = false;
    const parsed = parseOrder(this.index, text, reaches === undefined ? { power, phase, unitAt: this.askUnit } : { power, phase, unitAt: this.askUnit, reaches });
    this.unitAt = undefined;
    // A failed reading or one with a warning is read again next time: its message quotes the text, and a
    // kept quote would keep the file it was cut from alive (see texts.ts); such lines are few.
    if (this.askedUnit || !parsed.ok || parsed.warnings) return parsed;
    const key = ownText(text);
    read?.set(key, parsed);
    return this.keep(mine, key, parsed);
  }

  /**
   * Whether `order`, the order the last `order` call gave out, is never legal on `board`
   * (the engine's `neverLegal`): judged once per kept reading and board, and kept with the reading,
   * since the judgement is on the order and the map alone and a kept reading gives the same order
   * (or a copy of it) to every line that writes its text. Any other order (not kept, or not the last
   * one given) is judged on its own.
   */
  neverLegal(board: Board, order: Order): NeverLegal | undefined {
    const kept = this.lastKept;
    if (kept === undefined || order !== this.lastGiven) return neverLegal(board, order);
    if (kept.board !== board) {
      kept.never = neverLegal(board, order) ?? null;
      kept.board = board;
    }
    return kept.never ?? undefined;
  }

  /** Keeps `result` under `key`, a string of its own (`ownText`, texts.ts). */
  private keep(texts: Map<string, Kept>, key: string, result: ParseResult): ParseResult {
    const kept = new Kept(result, this.phase);
    texts.set(key, kept);
    this.lastKept = kept;
    this.size++;
    return this.given(result);
  }

  /** `result`, noted as the last reading given out (`neverLegal`). */
  private given(result: ParseResult): ParseResult {
    this.lastGiven = result.ok ? result.order : undefined;
    return result;
  }

  /** The readings of one phase kind of every power's texts without a colon. */
  private sharedTexts(phase: PhaseKind): Map<string, ParseResult> {
    let byText = this.read.get(phase);
    if (!byText) this.read.set(phase, (byText = new Map()));
    return byText;
  }

  /** One power's readings of one phase kind (the last asked for is kept at hand: a power's lines come together). */
  private textsOf(phase: PhaseKind, power: string): Map<string, Kept> {
    if (phase === this.lastPhase && power === this.lastPower) return this.lastTexts as Map<string, Kept>;
    let byPower = this.readFor.get(phase);
    if (!byPower) this.readFor.set(phase, (byPower = new Map()));
    let byText = byPower.get(power);
    if (!byText) byPower.set(power, (byText = new Map()));
    this.lastPhase = phase;
    this.lastPower = power;
    this.lastTexts = byText;
    return byText;
  }
}

/** A power's reading of a text, the last phase whose line took it, and whether its order is never legal on `board` (`neverLegal`). */
class Kept {
  /** The board `never` was judged on (none yet: undefined). */
  board: Board | undefined = undefined;
  never: NeverLegal | null = null;
  constructor(
    readonly result: ParseResult,
    public phase: number,
  ) {}
}

/** A reading with an order object of its own (with `power` as the order's power when given). */
function copy(result: ParseResult, power: string | undefined): ParseResult {
  if (!result.ok) return result;
  // Object.assign, not a spread: orders come in many shapes, where a spread is several times slower.
  const order = Object.assign({}, result.order);
  if (power !== undefined) order.power = power;
  return result.warnings ? { ok: true, order, warnings: result.warnings } : { ok: true, order };
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

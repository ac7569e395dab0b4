/**
 * One order of a Python `diplomacy` saved game in our notation. The record
 * writes orders as `A PAR - BUR`, `A LON - NWY VIA`, `A MAR S A PAR - BUR`,
 * `A MUN S A BER`, `F NTH C A LON - NWY`, `A TRI R ALB`, `A TRI D`, `F LON B`,
 * `A WAR D`, `WAIVE`, with its province ids (`MAO`, `STP/SC`); they become the
 * engine's orders, printed canonically (`A par - bur`, `A lon - nwy via
 * convoy`, `Build F lon`, `Waive`). Whether an order is legal is not decided
 * here: an order the Python engine rejected is still the player's order, and
 * our adjudicator judges it. Only an order that names no known place, or that
 * is no order at all, cannot be converted.
 */
import { formatOrder, type BuildOrder, type MoveOrder, type Order, type UnitKind, type UnitRef } from '@dipforge/engine';
import { STANDARD_COASTS, STANDARD_PROVINCES } from './standard.js';
import { quoted } from '@dipforge/engine/config';

/** The record's phase types: movement, retreats, adjustments. */
export type RecordPhaseType = 'M' | 'R' | 'A';

export type ConvertedOrder = { ok: true; order: Order; text: string } | { ok: false; message: string };

/** A place of the record (`STP/SC`) as a classic location (`stp/sc`), or why it is none. */
export function convertLocation(text: string): { ok: true; at: string } | { ok: false; message: string } {
  const m = /^([A-Z]{3})(?:\/([A-Z]{2}))?$/.exec(text.toUpperCase());
  const province = m ? STANDARD_PROVINCES[m[1] as string] : undefined;
  if (!m || province === undefined) return { ok: false, message: `unknown province ${quoted(text)}` };
  if (m[2] === undefined) return { ok: true, at: province };
  const coast = m[2].toLowerCase();
  const coasts = STANDARD_COASTS[province];
  if (!coasts) return { ok: false, message: `${quoted(text)}: ${province} has no named coasts` };
  if (!coasts.includes(coast)) return { ok: false, message: `${quoted(text)}: ${province} has no coast ${quoted(coast)} (only ${coasts.join(', ')})` };
  return { ok: true, at: `${province}/${coast}` };
}

class Unreadable extends Error {}

/** Reads the record's words one at a time; every mistake is an `Unreadable` with a message for people. */
class Words {
  private pos = 0;
  constructor(private readonly words: readonly string[]) {}

  peek(offset = 0): string | undefined {
    return this.words[this.pos + offset];
  }
  take(): string | undefined {
    return this.words[this.pos++];
  }
  atEnd(): boolean {
    return this.pos >= this.words.length;
  }
  rest(): string {
    return this.words.slice(this.pos).join(' ');
  }
  expect(word: string, what: string): void {
    const got = this.take();
    if (got !== word) throw new Unreadable(got === undefined ? `${what} is missing` : `expected ${what}, found ${quoted(got)}`);
  }

  location(what: string): string {
    const word = this.take();
    if (word === undefined) throw new Unreadable(`${what} is missing`);
    const loc = convertLocation(word);
    if (!loc.ok) throw new Unreadable(loc.message);
    return loc.at;
  }

  /** `A PAR`, `F STP/SC`, or a bare `PAR` (the unit kind left out). */
  unit(what: string): UnitRef {
    const first = this.peek();
    if (first === 'A' || first === 'F') {
      this.take();
      const kind: UnitKind = first === 'A' ? 'army' : 'fleet';
      return { kind, at: this.location(`the place of ${what}`) };
    }
    return { at: this.location(what) };
  }

  end(): void {
    if (!this.atEnd()) throw new Unreadable(`unexpected ${quoted(this.rest())} after the order`);
  }
}

/**
 * Converts one order of `power` (a classic power id) given in a phase of type
 * `phase`. In a retreat phase, a move (`A TRI - ALB`) is a retreat.
 */
export function convertOrder(text: string, power: string, phase: RecordPhaseType): ConvertedOrder {
  const words = text.trim().toUpperCase().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return { ok: false, message: 'empty order' };
  try {
    const order = read(new Words(words), power, phase);
    return { ok: true, order, text: formatOrder(order) };
  } catch (e) {
    if (e instanceof Unreadable) return { ok: false, message: e.message };
    throw e;
  }
}

function read(w: Words, power: string, phase: RecordPhaseType): Order {
  if (w.peek() === 'WAIVE') {
    w.take();
    w.end();
    return { power, type: 'waive' };
  }
  const unit = w.unit('the unit');
  const verb = w.take();
  let order: Order;
  switch (verb) {
    case undefined:
      throw new Unreadable('no order after the unit');
    case 'H':
      order = { power, type: 'hold', unit };
      break;
    case '-': {
      const places = [w.location('the destination')];
      while (w.peek() === '-') {
        w.take();
        places.push(w.location('the destination'));
      }
      const viaConvoy = w.peek() === 'VIA';
      if (viaConvoy) w.take();
      const to = places[places.length - 1] as string;
      if (phase === 'R' && places.length === 1 && !viaConvoy) {
        order = { power, type: 'retreat', unit, to };
        break;
      }
      // A written route is a convoy (the engine's reader sets via convoy for it too).
      const move: MoveOrder = { power, type: 'move', unit, to, viaConvoy: viaConvoy || places.length > 1 };
      if (places.length > 1) move.path = places.slice(0, -1);
      order = move;
      break;
    }
    case 'R':
      order = { power, type: 'retreat', unit, to: w.location('the retreat destination') };
      break;
    case 'S': {
      const supported = w.unit('the supported unit');
      if (w.peek() === '-') {
        w.take();
        order = { power, type: 'support', unit, supported, to: w.location('the destination of the supported move') };
      } else {
        if (w.peek() === 'H') w.take();
        order = { power, type: 'support', unit, supported };
      }
      break;
    }
    case 'C': {
      const army = w.unit('the convoyed army');
      w.expect('-', "'-' and the destination of the convoyed army");
      order = { power, type: 'convoy', unit, army, to: w.location('the destination of the convoyed army') };
      break;
    }
    case 'D':
      order = { power, type: 'disband', unit };
      break;
    case 'B': {
      const build: BuildOrder = { power, type: 'build', at: unit.at };
      if (unit.kind !== undefined) build.kind = unit.kind;
      order = build;
      break;
    }
    default:
      throw new Unreadable(`unknown order ${quoted(verb)} (expected H, -, S, C, R, D or B)`);
  }
  w.end();
  return order;
}

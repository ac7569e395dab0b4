// Test helpers for the adjudicator on the classic map.
//
// The engine must not depend on the DSL, so the classic VariantConfig comes from
// a committed fixture, `test/fixtures/classic.json`: our own compiled output,
// generated once with
//
//   npx tsc -b && node packages/cli/bin/dipforge.js compile variants/classic/classic.dipmap -o packages/engine/test/fixtures/classic.json
//
// (regenerate it the same way if the classic map changes).
//
// Orders are written in a small notation of exact ids, read by `parseOrder`
// below (the real order parser is elsewhere): `A par - bur`, `A lon - nwy via convoy`,
// `A mar S A par - bur`, `A mun S A ber`, `F nth C A lon - nwy`, `A par H`,
// `A tri R alb`, `A tri D`, `Build F stp/nc`, `Remove A war`, `Waive`. A unit's
// kind letter may be left out. An expected result may follow in brackets:
// `F nth - pic [illegal]`.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { compileBoard, type Board } from '../../src/board/board.js';
import { defaultRuleOptions, type RuleOptions } from '../../src/config/rules.js';
import type { VariantConfig } from '../../src/config/variant-config.js';
import { adjudicatePhase } from '../../src/adjudicate/phase.js';
import type { OrderStatus, PhaseResult } from '../../src/adjudicate/result.js';
import type { DislodgedUnit, PhaseKind, Position, Unit, UnitKind } from '../../src/game/position.js';
import type { Order, UnitRef } from '../../src/orders/order.js';
import { deepFreeze } from './freeze.js';

export const CLASSIC: VariantConfig = JSON.parse(
  readFileSync(new URL('../fixtures/classic.json', import.meta.url), 'utf8'),
) as VariantConfig;

export const board: Board = compileBoard(CLASSIC);

/** The 2023 rules with some options changed. */
export function rules(overrides: Partial<Record<keyof RuleOptions, unknown>> = {}): RuleOptions {
  return { ...defaultRuleOptions(), ...overrides } as RuleOptions;
}

const KIND: Record<string, UnitKind> = { a: 'army', f: 'fleet' };

/** `F spa/nc` → a unit of `power`. */
export function unit(power: string, text: string): Unit {
  const m = /^([AF])\s+(\S+)$/i.exec(text.trim());
  if (!m) throw new Error(`bad unit "${text}"`);
  return { power, kind: KIND[m[1]!.toLowerCase()]!, at: m[2]! };
}

/** Reads `[A|F] loc` at the start of `words`; returns the reference and how many words it took. */
function readRef(words: string[], at: number): [UnitRef, number] {
  const w = words[at];
  if (w === undefined) throw new Error(`unit expected in "${words.join(' ')}"`);
  const k = KIND[w.toLowerCase()];
  if (k && words[at + 1] !== undefined && !/^[-SCHRD]$/i.test(words[at + 1]!)) return [{ kind: k, at: words[at + 1]! }, 2];
  return [{ at: w }, 1];
}

/** Parses one order of the test notation; the expected result, if written, is returned too. */
export function parseOrder(power: string, text: string, phase: PhaseKind = 'movement'): { order: Order; expected?: OrderStatus } {
  let body = text.trim();
  let expected: OrderStatus | undefined;
  const tag = /\s*\[(succeeds|fails|illegal)\]$/.exec(body);
  if (tag) {
    expected = tag[1] as OrderStatus;
    body = body.slice(0, tag.index);
  }
  const words = body.split(/\s+/);
  const head = words[0]!.toLowerCase();
  let order: Order;
  if (head === 'waive') order = { type: 'waive', power };
  else if (head === 'build') {
    const [ref] = readRef(words, 1);
    order = ref.kind ? { type: 'build', power, kind: ref.kind, at: ref.at } : { type: 'build', power, at: ref.at };
  } else if (head === 'remove' || head === 'disband') {
    const [ref] = readRef(words, 1);
    order = { type: 'disband', power, unit: ref };
  } else {
    const [ref, used] = readRef(words, 0);
    const verb = (words[used] ?? 'H').toUpperCase();
    const rest = words.slice(used + 1);
    if (verb === 'H') order = { type: 'hold', power, unit: ref };
    else if (verb === 'D') order = { type: 'disband', power, unit: ref };
    else if (verb === 'R' || (verb === '-' && phase === 'retreat')) order = { type: 'retreat', power, unit: ref, to: rest[0]! };
    else if (verb === '-') {
      const via = /via convoy$/i.test(rest.join(' '));
      order = { type: 'move', power, unit: ref, to: rest[0]!, viaConvoy: via };
    } else if (verb === 'S') {
      const [target, n] = readRef(rest, 0);
      order = rest[n] === '-' ? { type: 'support', power, unit: ref, supported: target, to: rest[n + 1]! } : { type: 'support', power, unit: ref, supported: target };
    } else if (verb === 'C') {
      const [army, n] = readRef(rest, 0);
      order = { type: 'convoy', power, unit: ref, army, to: rest[n + 1]! };
    } else throw new Error(`bad order "${text}"`);
  }
  return expected ? { order, expected } : { order };
}

export interface PhaseCase {
  /** Rule options changed from the 2023 defaults. */
  rules?: Partial<Record<keyof RuleOptions, unknown>>;
  phase?: { year?: number; season?: string; kind?: PhaseKind };
  /** Units per power: `['F nth', 'A yor']`. */
  units: Record<string, string[]>;
  /** Dislodged units per power (retreat phases): `['F tri from alb']`, `'A lvp from edi by convoy'`. */
  dislodged?: Record<string, string[]>;
  standoffs?: string[];
  /** Supply centre owners per power (adjustment phases); otherwise none. */
  owners?: Record<string, string[]>;
  /** Orders per power, each with an optional expected result. */
  orders: Record<string, string[]>;
  /** Expected dislodged units, `A yor` (power-blind); checked when given. */
  expectDislodged?: string[];
  /** Expected units after the phase, per power, exactly (powers not listed are not checked). */
  expectUnits?: Record<string, string[]>;
  seed?: number;
}

function parseDislodged(power: string, text: string): DislodgedUnit {
  const m = /^([AF])\s+(\S+)(?:\s+from\s+(\S+))?(\s+by convoy)?$/i.exec(text.trim());
  if (!m) throw new Error(`bad dislodged unit "${text}"`);
  const d: DislodgedUnit = { power, kind: KIND[m[1]!.toLowerCase()]!, at: m[2]! };
  if (m[3]) d.from = m[3];
  if (m[4]) d.byConvoy = true;
  return d;
}

/** The position a case starts from. */
export function casePosition(c: PhaseCase): Position {
  const owners: Record<string, string> = {};
  for (const [p, list] of Object.entries(c.owners ?? {})) for (const sc of list) owners[sc] = p;
  return {
    phase: { year: c.phase?.year ?? 1901, season: c.phase?.season ?? 'spring', kind: c.phase?.kind ?? 'movement' },
    units: Object.entries(c.units).flatMap(([p, list]) => list.map((t) => unit(p, t))),
    dislodged: Object.entries(c.dislodged ?? {}).flatMap(([p, list]) => list.map((t) => parseDislodged(p, t))),
    owners,
    standoffs: c.standoffs ?? [],
  };
}

const letter = (u: Unit): string => `${u.kind === 'fleet' ? 'F' : 'A'} ${u.at}`;

/** Units per power as sorted `F nth` strings. */
export function unitsByPower(units: readonly Unit[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const u of units) (out[u.power] ??= []).push(letter(u));
  for (const list of Object.values(out)) list.sort();
  return out;
}

/**
 * Adjudicates a case and checks what it states; returns the result for further
 * checks. The position and orders are deep-frozen first: the adjudicator must
 * never change its input (the next position shares objects with it).
 */
export function check(c: PhaseCase): PhaseResult {
  const position = deepFreeze(casePosition(c));
  const kind = position.phase.kind;
  const parsed = Object.entries(c.orders).flatMap(([p, list]) => list.map((t) => ({ text: t, ...parseOrder(p, t, kind) })));
  const result = adjudicatePhase(
    board,
    position,
    deepFreeze(parsed.map((o) => o.order)),
    rules(c.rules),
    c.seed === undefined ? {} : { seed: c.seed },
  );
  parsed.forEach((o, i) => {
    if (o.expected === undefined) return;
    const r = result.results[i]!;
    expect(r.status, `${o.text} → ${r.status} (${r.reason ?? ''}: ${r.detail ?? ''})`).toBe(o.expected);
  });
  if (c.expectDislodged) {
    expect(result.dislodged.map(letter).sort(), 'dislodged units').toEqual([...c.expectDislodged].sort());
  }
  if (c.expectUnits) {
    const after = unitsByPower(result.next.units);
    for (const [p, list] of Object.entries(c.expectUnits)) expect(after[p] ?? [], `units of ${p}`).toEqual([...list].sort());
  }
  return result;
}

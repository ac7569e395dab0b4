/**
 * A saved game of the Python engine `diplomacy` as the importer reads it: the
 * names of the classic year's phases (`S1901M`), the phases with their
 * position, orders and result labels, and the JSON paths and descriptions its
 * diagnostics quote.
 */
import type { Order, UnitKind } from '@dipforge/engine';
import { echo } from '@dipforge/engine/config';
import type { RecordPhaseType } from './orders.js';
import { STANDARD_POWERS } from './standard.js';

type Season = 'spring' | 'fall' | 'winter';
type Kind = 'movement' | 'retreat' | 'adjustment';

const SEASONS: Record<string, Season> = { S: 'spring', F: 'fall', W: 'winter' };
const KINDS: Record<RecordPhaseType, Kind> = { M: 'movement', R: 'retreat', A: 'adjustment' };
/** The classic year: where each phase of the record sits in it. */
const YEAR_ORDER: Record<string, number> = { SM: 0, SR: 1, FM: 2, FR: 3, WA: 4 };

export interface RecordPhaseName {
  season: Season;
  year: number;
  type: RecordPhaseType;
  kind: Kind;
  /** Orders phases in time: year × 5 + the place in the year. */
  key: number;
}

/**
 * `S1901M` → spring 1901 movement. Undefined for a name that is no phase of
 * the classic year (`S1901A`, `X1901M`, `COMPLETED`).
 */
export function parsePhaseName(name: string): RecordPhaseName | undefined {
  const m = /^([SFW])(\d{4})([MRA])$/.exec(name);
  if (!m) return undefined;
  const [, s, y, t] = m as unknown as [string, string, string, RecordPhaseType];
  const place = YEAR_ORDER[`${s}${t}`];
  if (place === undefined) return undefined;
  const year = Number(y);
  return { season: SEASONS[s] as Season, year, type: t, kind: KINDS[t], key: year * 5 + place };
}

/** `phase spring 1901 movement` without the keyword. */
export function phaseWords(p: { season: Season; year: number; kind: Kind }): string {
  return `${p.season} ${p.year} ${p.kind}`;
}

export interface RecUnit {
  power: string;
  kind: UnitKind;
  /** Classic location, `stp/sc`. */
  at: string;
  dislodged: boolean;
}

export interface RecState {
  units: RecUnit[];
  /** Power id → its centres. */
  centres: Map<string, string[]>;
}

export interface RecOrder {
  /** The record's unit (`A PAR`), the key of its result labels; undefined for WAIVE or a unit without kind. */
  unitKey?: string;
  order: Order;
  text: string;
}

export interface RecPhase {
  index: number;
  path: string;
  name: string;
  parsed?: RecordPhaseName;
  /** `COMPLETED`: the game is over; only its state counts. */
  completed: boolean;
  state?: RecState;
  /** Power id → its orders (played phases only). */
  orders: Map<string, RecOrder[]>;
  /** Unit key → result labels; undefined when the record has none usable. */
  labels?: Map<string, string[]>;
}

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string "${echo(v)}"`;
  if (typeof v === 'number' && !Number.isFinite(v)) return 'a number too large to read';
  return `${typeof v === 'number' ? 'the number' : typeof v === 'boolean' ? 'the boolean' : typeof v} ${String(v)}`;
}

/** `$.phases` + 3 → `$.phases[3]`; `$.orders` + `FRANCE` → `$.orders.FRANCE`. */
export function jsonPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  // A key of the record can be megabytes long: the path shows it as messages show input.
  const shown = echo(key);
  return shown === key && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(shown)}]`;
}

export function base(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

export function unitText(u: { kind: UnitKind; at: string }): string {
  return `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

export const POWER_IDS = Object.values(STANDARD_POWERS);

/**
 * The classic variant with its powers renamed, and game texts and results
 * renamed to match and back. The new names sort the other way round from the
 * old (Austria, first, becomes zulu, last), so that anything ordered by a
 * power's name rather than by its place in the variant shows. Each power's
 * display name becomes its new id too, so a text that still named a power the
 * old way would fail instead of passing unnoticed.
 */
import type { FileHost } from '@dipforge/dsl';
import type { PhaseSummary } from './summary.js';
import { diskOnce, testWorkspace, workspace } from './workspace.js';

const NAMES: Readonly<Record<string, string>> = {
  austria: 'zulu',
  england: 'yankee',
  france: 'xray',
  germany: 'whiskey',
  italy: 'victor',
  russia: 'uniform',
  turkey: 'tango',
};
const BACK: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(NAMES).map(([a, b]) => [b, a]));
const OLD = new RegExp(`\\b(${Object.keys(NAMES).join('|')})\\b`, 'gi');
const NEW = new RegExp(`\\b(${Object.keys(BACK).join('|')})\\b`, 'g');

/** A text (a map, a game file, JSON) with every power named anew, in any case. */
export const renamed = (text: string): string => text.replace(OLD, (m) => NAMES[m.toLowerCase()]!);

/** A text with the new names back to the old. */
export const renamedBack = (text: string): string => text.replace(NEW, (m) => BACK[m]!);

/** A value (a position, orders) with every power named anew. */
export const renamedValue = <T>(value: T): T => JSON.parse(renamed(JSON.stringify(value))) as T;

/** Summaries of a game played with the new names, told with the old. */
export const summariesBack = (list: readonly PhaseSummary[]): PhaseSummary[] =>
  list.map((s) => ({ phase: s.phase, results: s.results.map(renamedBack).sort(), extra: s.extra.map(renamedBack).sort(), next: s.next.map(renamedBack).sort() }));

const CLASSIC = workspace.loader.builtinVariantPath('classic');

let renamedClassic: string | undefined;

/** The disk, with the built-in classic variant's powers renamed. */
const renamedHost: FileHost = {
  read: (path) => (path === CLASSIC ? (renamedClassic ??= renamed(diskOnce.read(path)!)) : diskOnce.read(path)),
  exists: (path) => diskOnce.exists(path),
  list: (dir) => diskOnce.list(dir),
};

/** A workspace where `variant classic` is the classic variant with the powers renamed. */
export const renamedWorkspace = testWorkspace(renamedHost);

/**
 * importMap: a map file of the Python engine `diplomacy` (`.map`) as a
 * `.dipmap` text in our variant language — read as that engine reads it
 * (`map-read.ts`), turned into our facts (`map-model.ts`) and printed
 * (`map-print.ts`). What the language cannot express is reported, with the
 * file position of the directive and a code of the DF7xxx group; see
 * `docs/IMPORT-MAP.md`.
 *
 * Pure: other files (USE, MAP) come through `read`, real paths through
 * `realPath`; never throws.
 */
import { basename } from 'node:path';
import { diagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ZERO_RANGE } from '../text/range.js';
import type { RealPath } from '../workspace/host.js';
import { deriveMap, type ImportedMap } from './map-model.js';
import { printImportedMap } from './map-print.js';
import { readPyMap } from './map-read.js';
import { IMPORT_EDITION } from './standard.js';

export interface MapImportOptions {
  /** The variant id (default: the file name without `.map`, lower case). */
  id?: string;
  /** The variant's display name (default: the id with a capital). */
  name?: string;
  /** Other map files, for USE and MAP (default: none can be read). */
  read?: (path: string) => string | undefined;
  /** Real paths, so that USE and MAP cannot reach outside the map's folder through a symbolic link (see `MapReadOptions`). */
  realPath?: RealPath;
  /** Board coordinates per province id, written as `at X Y`. */
  at?: ReadonlyMap<string, readonly [number, number]>;
  /** More lines for the header comment. */
  origin?: readonly string[];
}

export interface MapImportSummary {
  provinces: number;
  land: number;
  coastal: number;
  sea: number;
  impassable: number;
  /** Provinces with named coasts. */
  splitCoast: number;
  coasts: number;
  centres: number;
  homeCentres: number;
  neutralCentres: number;
  powers: number;
  units: number;
  /** Directed moves. */
  armyMoves: number;
  fleetMoves: number;
  /** Directed moves with no move back (armies and fleets). */
  oneWay: number;
  victory: number;
}

export interface MapImportResult {
  /** The `.dipmap` text (as far as the input allows when there are errors). */
  text: string;
  diagnostics: Diagnostic[];
  summary?: MapImportSummary;
  map?: ImportedMap;
}

export function importMap(text: string, file: string, options: MapImportOptions = {}): MapImportResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const { map: py, diagnostics: readProblems } = readPyMap(text, file, {
      ...(options.read ? { read: options.read } : {}),
      ...(options.realPath ? { realPath: options.realPath } : {}),
    });
    for (const d of readProblems) diagnostics.push(d);
    const map = deriveMap(py, diagnostics);
    const id = options.id ?? variantId(file);
    const name = options.name ?? id.charAt(0).toUpperCase() + id.slice(1);
    const summary = summarize(map);
    const header = [
      `${name}: imported from the Python engine's map file ${basename(file)} by \`dipforge import-map\`.`,
      `${summary.provinces} provinces (${summary.land} inland, ${summary.coastal} coastal, ${summary.sea} sea${summary.impassable ? `, ${summary.impassable} impassable` : ''}), ${summary.centres} supply centres, ${summary.powers} powers, ${summary.units} starting units; ${summary.victory} centres win.`,
      "Moves are the ones that engine reads from the file's adjacency lists (an entry in capitals serves",
      'armies and fleets, in lower case armies only, capitalised fleets only); the rules are its rules.',
      ...(options.origin ?? []),
    ];
    const printed = printImportedMap(map, {
      id,
      name,
      header,
      edition: IMPORT_EDITION,
      ...(options.at ? { at: options.at } : {}),
    });
    return { text: printed, diagnostics: sortDiagnostics(diagnostics), summary, map };
  } catch (e) {
    // A bug here, never the input's fault: reported instead of thrown, as dipforge's own failure (exit 3).
    diagnostics.push(diagnostic('internalError', file, ZERO_RANGE, `internal error while importing: ${e instanceof Error ? e.message : String(e)}`));
    return { text: '', diagnostics };
  }
}

/** `maps/World.map` → `world`. */
export function variantId(file: string): string {
  const stem = basename(file).replace(/\.[^.]*$/, '').toLowerCase();
  const id = stem.replace(/[^\p{L}\p{Nd}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return /^[\p{L}_]/u.test(id) ? id : `map-${id || 'imported'}`;
}

function summarize(map: ImportedMap): MapImportSummary {
  const army = new Set(map.army.map(([a, b]) => `${a}>${b}`));
  const fleet = new Set(map.fleet.map(([a, b]) => `${a}>${b}`));
  const oneWay = map.army.filter(([a, b]) => !army.has(`${b}>${a}`)).length + map.fleet.filter(([a, b]) => !fleet.has(`${b}>${a}`)).length;
  const count = (f: (p: ImportedMap['provinces'][number]) => boolean) => map.provinces.filter(f).length;
  return {
    provinces: map.provinces.length,
    land: count((p) => p.terrain === 'land' && !p.impassable),
    coastal: count((p) => p.terrain === 'coast'),
    sea: count((p) => p.terrain === 'sea'),
    impassable: count((p) => p.impassable),
    splitCoast: count((p) => p.coasts.length > 0),
    coasts: map.provinces.reduce((n, p) => n + p.coasts.length, 0),
    centres: count((p) => p.supply),
    homeCentres: map.powers.reduce((n, p) => n + p.home.length, 0),
    neutralCentres: map.neutral.length,
    powers: map.powers.length,
    units: map.powers.reduce((n, p) => n + p.units.length, 0),
    armyMoves: map.army.length,
    fleetMoves: map.fleet.length,
    oneWay,
    victory: map.victory,
  };
}

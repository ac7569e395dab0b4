/**
 * The editor extension's custom requests, so that the engine stays the single
 * source of truth and the extension stays thin:
 *
 * - `dipforge/board` {uri, position} → the SVG of the phase under the cursor
 *   (`renderBoard`: the position the phase began with, its orders and their
 *   results), or of a map's starting position;
 * - `dipforge/status` {uri, position} → variant · edition · phase;
 * - `dipforge/nextPhase` {uri} → the text edit that appends the next phase
 *   with every unit's order skeleton, or the retreats or adjustments due;
 * - `dipforge/editions` {uri?} → the editions a file may name;
 * - `dipforge/setEdition` {uri, edition} → a game converted to another edition
 *   (switch.ts), or the edit that names another edition in a map;
 * - `dipforge/diff` {uri, editionA?, editionB} → the game played under two
 *   editions and compared (`compareEditions`, as `dipforge diff --json` gives it).
 *
 * Every function here is pure over the workspace's document state; the
 * handlers at the end wire them to a connection (`registerBoardRequests`).
 * Documented in docs/EXTENSION.md.
 */
import { basename } from 'node:path';
import { compareEditions, compileMapFile, diffDocument, type ConvertSummary, diffText, phaseText, type DiffDocument, type GameAst } from '@dipforge/dsl';
import {
  adjudicatePhase,
  adjustmentNeeds,
  compileBoard,
  initialPosition,
  legalOrders,
  phaseIsEmpty,
  renderBoard,
  type Board,
  type DislodgedUnit,
  type OrderResult,
  type Phase,
  type Position,
  type RuleOptions,
  type VariantConfig,
} from '@dipforge/engine';
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type Connection,
  type Diagnostic,
  type Position as LspPosition,
  type TextEdit,
} from 'vscode-languageserver';
import { cached, gameContext, phaseLabel, positionOf, sectionRuns, unitText } from './context.js';
import { BOARD_REQUEST, DIFF_REQUEST, EDITIONS_REQUEST, NEXT_PHASE_REQUEST, SET_EDITION_REQUEST, STATUS_REQUEST } from './requests.js';
import { sizeText } from './limits.js';
import { Cancelled, type Pace } from './pace.js';
import { serve, type Log } from './serve.js';
import { switchGame } from './switch.js';
import { notPlayedText, whyNotPlayed } from './unplayed.js';
import { toRange } from './text.js';
import type { Doc, GameDoc, MapDoc, Workspace } from './workspace.js';


/** The document is named by `uri` (or, LSP style, by `textDocument.uri`). */
export interface DocParams {
  uri?: string;
  textDocument?: { uri: string };
}

export interface DocPositionParams extends DocParams {
  position?: LspPosition;
}

export interface BoardResult {
  uri: string;
  /** The picture (`svg.dipforge-board`), or null when there is nothing to draw (`message` says why). */
  svg: string | null;
  /** `spring 1901 movement`: the phase drawn. */
  phase: string | null;
  variant: string | null;
  edition: string | null;
  /** The line of the `phase` (or `position`) statement drawn; -1 for the start of the game or a map. */
  line: number;
  /** Why there is no picture; or, with one, why the phase under the cursor was not played (the position drawn is the last one reached). */
  message?: string;
}

export interface StatusResult {
  uri: string;
  kind: 'game' | 'map';
  variant: string | null;
  edition: string | null;
  /** The phase under the cursor (a game), null for a map. */
  phase: string | null;
  /** `classic · 2023 · spring 1901 movement`. */
  text: string;
}

export interface NextPhaseResult {
  uri: string;
  /** The phase appended, `fall 1901 movement`. */
  phase: string;
  /** Inserts the phase at the end of the document. */
  edit: TextEdit;
  /** The line of the new `phase` statement once the edit is applied. */
  line: number;
}

export interface EditionInfo {
  name: string;
  title: string | null;
  /** A built-in edition preset (`variants/editions/`), or a `ruleset` of the file's variant. */
  builtin: boolean;
}

export interface EditionsResult {
  /** The edition the file plays (null without a document, or when its variant does not compile). */
  current: string | null;
  editions: EditionInfo[];
}

export interface SetEditionResult {
  uri: string;
  /** Applied together (one undoable edit): the converted game's changed lines, or the edition line alone. */
  edits: TextEdit[];
  /** A game rewritten for the edition's year (`dipforge convert`); false for a map or a game that could not be converted. */
  converted: boolean;
  /** The edits change more than the edition line (orders move, phases go or come), or the game could not be converted: ask before applying. */
  confirm: boolean;
  /** What the conversion did (`dipforge convert`'s counts). */
  summary?: ConvertSummary;
  /** The same for people, several lines. */
  summaryText?: string;
  /** The conversion's warnings (DF8060–DF8065), in the converted text's positions. */
  warnings: Diagnostic[];
  /** Why the game was not converted (then `edits` change the edition line only). */
  message?: string;
}

export interface DiffResponse extends DiffDocument {
  /** Errors of either run (the game cannot be compared fully). */
  errors: string[];
  /** The comparison for people, as `dipforge diff` prints it. */
  text: string;
}

// ------------------------------------------------------------------ board

interface Drawn {
  phase: Phase;
  position: Position;
  results: readonly OrderResult[];
  dislodged: readonly DislodgedUnit[];
  line: number;
  key: string;
}

/** The phase under a position of a game: the phase section's (its position, orders and results), else the start. */
export function phaseUnder(doc: GameDoc, offset: number): Drawn | undefined {
  const ctx = gameContext(doc, offset);
  const index = ctx.kind === 'phase' || ctx.kind === 'expect' || ctx.kind === 'declare' ? ctx.index : -1;
  if (index >= 0) {
    const section = doc.parsed.ast.phases[index] as GameAst.PhaseSection;
    const line = section.range.start.line;
    const run = sectionRuns(doc)[index];
    if (run) return { phase: run.phase, position: run.before, results: run.result.results, dislodged: run.result.dislodged, line, key: `s${index}` };
    const before = positionOf(doc, index);
    if (before) return { phase: before.phase, position: before, results: [], dislodged: [], line, key: `s${index}` };
  }
  const start = doc.run.start;
  if (!start) return undefined;
  return { phase: start.phase, position: start, results: [], dislodged: [], line: doc.parsed.ast.position?.range.start.line ?? -1, key: 'start' };
}

function gameEdition(doc: GameDoc): string | null {
  return doc.run.edition ?? doc.config?.rules.edition ?? null;
}

interface MapState {
  config?: VariantConfig;
  board?: Board;
  message?: string;
}

function mapState(ws: Workspace, doc: MapDoc): MapState {
  return cached(doc, 'compiled', () => {
    const compiled = compileMapFile(doc.entry, ws.loader);
    if (!compiled.config) {
      const errors = compiled.diagnostics.filter((d) => d.severity === 'error').length;
      return { message: errors > 0 ? `The variant has ${errors} error${errors === 1 ? '' : 's'}: nothing to draw` : 'The file declares no variant: nothing to draw' };
    }
    return { config: compiled.config, board: compileBoard(compiled.config) };
  });
}

/** The board at a position of a document (a game's phase under the cursor; a map's start). */
export function boardAt(ws: Workspace, doc: Doc, position: LspPosition | undefined): BoardResult {
  if (doc.kind === 'map') {
    const state = mapState(ws, doc);
    const variant = doc.model.variant?.decl.id?.value ?? state.config?.id ?? null;
    if (!state.config || !state.board) return { uri: doc.uri, svg: null, phase: null, variant, edition: null, line: -1, message: state.message ?? 'nothing to draw' };
    const start = initialPosition(state.config);
    const config = state.config;
    const board = state.board;
    const svg = cached(doc, 'board', () => renderBoard(config, board, start));
    return { uri: doc.uri, svg, phase: phaseLabel(start.phase), variant: config.id, edition: config.rules.edition, line: -1 };
  }
  const edition = gameEdition(doc);
  const variant = doc.config?.id ?? null;
  if (!doc.config || !doc.board) {
    return { uri: doc.uri, svg: null, phase: null, variant, edition, line: -1, message: 'The game\'s variant does not compile: nothing to draw (see the problems)' };
  }
  const offset = doc.lines.offsetAt(position ?? { line: 0, character: 0 });
  const drawn = phaseUnder(doc, offset);
  if (!drawn) return { uri: doc.uri, svg: null, phase: null, variant, edition, line: -1, message: 'The game has no position to draw' };
  const config = doc.config;
  const board = doc.board;
  const svg = cached(doc, `board:${drawn.key}`, () =>
    renderBoard(config, board, drawn.position, { results: drawn.results, dislodged: drawn.dislodged, title: `${config.name}: ${basename(doc.path)}`, ...labelLanguage(doc) }),
  );
  // A section that was not played is drawn at the last position reached; the board says why, as the diagnostics do.
  const index = drawn.key.startsWith('s') ? Number(drawn.key.slice(1)) : -1;
  const why = index >= 0 ? whyNotPlayed(doc, index) : undefined;
  return { uri: doc.uri, svg, phase: phaseLabel(drawn.phase), variant, edition, line: drawn.line, ...(why ? { message: notPlayedText(why, doc, index) } : {}) };
}

/** The game's language (`language zh`) for the board's labels and legend; none for the standard notation. */
function labelLanguage(doc: GameDoc): { lang?: string } {
  const lang = doc.run.languages?.labels();
  return lang !== undefined ? { lang } : {};
}

// ----------------------------------------------------------------- status

export function statusAt(ws: Workspace, doc: Doc, position: LspPosition | undefined): StatusResult {
  let variant: string | null;
  let edition: string | null;
  let phase: string | null = null;
  if (doc.kind === 'map') {
    const state = mapState(ws, doc);
    variant = doc.model.variant?.decl.id?.value ?? state.config?.id ?? null;
    edition = state.config?.rules.edition ?? null;
  } else {
    variant = doc.config?.id ?? null;
    edition = gameEdition(doc);
    const drawn = doc.config ? phaseUnder(doc, doc.lines.offsetAt(position ?? { line: 0, character: 0 })) : undefined;
    phase = drawn ? phaseLabel(drawn.phase) : null;
  }
  const text = [variant ?? '(no variant)', edition ?? '?', ...(phase ? [phase] : [])].join(' · ');
  return { uri: doc.uri, kind: doc.kind, variant, edition, phase, text };
}

// ------------------------------------------------------------- next phase

/** The phases after the game's last one that have nothing to order are skipped (at most this many). */
const MAX_EMPTY = 24;

/** The text of the next phase to play, with an order skeleton; undefined when the game cannot be played on. */
export function nextPhaseText(doc: GameDoc): { phase: Phase; text: string } | undefined {
  const board = doc.board;
  const rules: RuleOptions | undefined = doc.run.rules ?? doc.config?.rules;
  let position = doc.run.final ?? doc.run.start;
  if (!board || !rules || !position) return undefined;
  const seed = doc.run.seed !== undefined ? { seed: doc.run.seed } : {};
  for (let i = 0; i < MAX_EMPTY && phaseIsEmpty(board, rules, position); i++) position = adjudicatePhase(board, position, [], rules, seed).next;
  const lines: string[] = [`phase ${phaseText(position.phase)}`];
  const powers = board.powerIds;
  switch (position.phase.kind) {
    case 'movement':
      for (const p of powers) {
        const units = position.units.filter((u) => u.power === p);
        if (units.length === 0) continue;
        lines.push(`  ${p}:`);
        for (const u of units) lines.push(`    ${unitText(u)} H`);
      }
      break;
    case 'retreat': {
      const legal = legalOrders(board, position, rules);
      for (const p of powers) {
        const units = position.dislodged.filter((u) => u.power === p);
        if (units.length === 0) continue;
        lines.push(`  ${p}:`);
        for (const u of units) {
          const places = (legal.get(u.at) ?? []).flatMap((o) => (o.type === 'retreat' ? [o.to] : []));
          const note = places.length > 0 ? `   // or retreat: ${places.map((t) => `R ${t}`).join(', ')}` : '   // nowhere to retreat';
          lines.push(`    ${unitText(u)} D${note}`);
        }
      }
      break;
    }
    case 'adjustment': {
      // What the rules for missing orders would remove: the engine's own choice, as the removals' skeleton.
      const removed = adjudicatePhase(board, position, [], rules, seed).removed ?? [];
      for (const need of adjustmentNeeds(board, position, rules)) {
        if (need.balance === 0) continue;
        const centres = Object.values(position.owners).filter((o) => o === need.power).length;
        const units = position.units.filter((u) => u.power === need.power).length;
        const counts = `${centres} centre${centres === 1 ? '' : 's'}, ${units} unit${units === 1 ? '' : 's'}`;
        lines.push(`  ${need.power}:`);
        if (need.balance > 0) {
          const n = Math.min(need.balance, need.sites.length);
          const where = need.sites.length > 0 ? ` at ${[...need.sites].sort().join(', ')}` : ', no free build site';
          lines.push(`    // ${counts}: ${need.balance} build${need.balance === 1 ? '' : 's'}${where}`);
          const builds = [...legalOrders(board, position, rules).values()].flat().filter((o) => o.type === 'build' && o.power === need.power);
          for (let i = 0; i < n; i++) {
            if (need.mayWaive) lines.push('    Waive');
            else {
              const b = builds.find((o) => o.type === 'build' && o.at.split('/')[0] === need.sites[i]);
              if (b && b.type === 'build') lines.push(`    Build ${b.kind === 'fleet' ? 'F' : 'A'} ${b.at}`);
            }
          }
        } else {
          lines.push(`    // ${counts}: ${-need.balance} removal${need.balance === -1 ? '' : 's'}`);
          for (const u of removed.filter((r) => r.power === need.power)) lines.push(`    Remove ${unitText(u)}`);
        }
      }
      break;
    }
  }
  return { phase: position.phase, text: `${lines.join('\n')}\n` };
}

export function nextPhaseEdit(doc: GameDoc): NextPhaseResult | null {
  const next = nextPhaseText(doc);
  if (!next) return null;
  const text = doc.text;
  const end = doc.lines.positionAt(text.length);
  let prefix = '';
  if (text.length > 0 && !/\r?\n$/.test(text)) prefix = '\n\n';
  else if (text.length > 0 && !/\r?\n\s*\r?\n$/.test(text)) prefix = '\n';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const inserted = `${prefix}${next.text}`.replace(/\n/g, eol);
  const line = end.line + (prefix.match(/\n/g)?.length ?? 0);
  return { uri: doc.uri, phase: phaseText(next.phase), edit: { range: { start: end, end }, newText: inserted }, line };
}

// --------------------------------------------------------------- editions

export function editionsOf(ws: Workspace, doc: Doc | undefined): EditionsResult {
  const out = new Map<string, EditionInfo>();
  for (const f of ws.loader.editionFiles()) {
    for (const d of f.ast.decls) if (d.kind === 'Ruleset' && d.name) out.set(d.name.value, { name: d.name.value, title: d.title?.value ?? null, builtin: true });
  }
  const model = doc?.model;
  if (model) {
    for (const [name, r] of model.rulesets) if (!out.has(name)) out.set(name, { name, title: r.decl.title?.value ?? null, builtin: false });
  }
  let current: string | null = null;
  if (doc?.kind === 'game') current = gameEdition(doc);
  else if (doc?.kind === 'map') current = mapState(ws, doc).config?.rules.edition ?? null;
  const editions = [...out.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return { current, editions };
}

/** The edits that make a file play `edition`: its `edition` line changed, or one added. */
export function setEditionEdits(doc: Doc, edition: string): TextEdit[] {
  if (!/^[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*$/u.test(edition)) throw new ResponseError(ErrorCodes.InvalidParams, `dipforge: '${edition}' is no edition name`);
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  if (doc.kind === 'game') {
    const header = doc.parsed.ast.header;
    const stmt = header.find((h): h is GameAst.EditionStmt => h.kind === 'Edition');
    if (stmt) return [{ range: toRange(stmt.name.range), newText: edition }];
    const rule = header.find((h): h is GameAst.RuleStmt => h.kind === 'Rule' && h.key.value === 'edition' && h.values.length > 0);
    if (rule) return [{ range: toRange({ start: rule.values[0]!.range.start, end: rule.values[rule.values.length - 1]!.range.end }), newText: edition }];
    // After the variant line, else before the first statement.
    const variant = header.find((h) => h.kind === 'Variant');
    if (variant) {
      const line = variant.range.end.line + 1;
      if (line < doc.lines.count) return [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `edition ${edition}${eol}` }];
      // The variant line is the last and has no line break: the new line goes after it.
      const end = doc.lines.positionAt(doc.text.length);
      return [{ range: { start: end, end }, newText: `${eol}edition ${edition}` }];
    }
    const first = [...header, ...(doc.parsed.ast.position ? [doc.parsed.ast.position] : []), ...doc.parsed.ast.phases][0];
    const line = first ? first.range.start.line : doc.lines.count - 1;
    const at = { line, character: 0 };
    return [{ range: { start: at, end: at }, newText: `edition ${edition}${eol}` }];
  }
  // A map: the `edition` option of its rules block, else a line added to the first rules block, else a new block.
  const own = doc.parsed.ast.decls.filter((d) => d.kind === 'Rules');
  for (const r of own) {
    const option = r.options.find((o) => o.key.value === 'edition' && o.values.length > 0);
    if (option) return [{ range: toRange({ start: option.values[0]!.range.start, end: option.values[option.values.length - 1]!.range.end }), newText: edition }];
  }
  const block = own[0];
  if (block) {
    const line = block.range.start.line + 1;
    if (block.range.end.line > block.range.start.line) {
      return [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `  edition ${edition}${eol}` }];
    }
  }
  const end = doc.lines.positionAt(doc.text.length);
  const sep = doc.text.length === 0 ? '' : /\n$/.test(doc.text) ? eol : `${eol}${eol}`;
  return [{ range: { start: end, end }, newText: `${sep}rules {${eol}  edition ${edition}${eol}}${eol}` }];
}

/**
 * Switch Edition: a game converted to the edition (its retreat and adjustment
 * phases written as lists, or the lists as phases, where the years differ), a
 * map's edition line changed. A game that cannot be converted gets the edition
 * line alone, with the reason, for the editor to offer.
 */
export function setEdition(ws: Workspace, doc: Doc, edition: string): SetEditionResult {
  const line = setEditionEdits(doc, edition);
  if (doc.kind === 'map') return { uri: doc.uri, edits: line, converted: false, confirm: false, warnings: [] };
  const s = switchGame(ws, doc, edition);
  if ('message' in s) return { uri: doc.uri, edits: line, converted: false, confirm: true, warnings: [], message: s.message };
  // When only the edition line changes, its own edit is the smallest (the word, not the line).
  const confirm = s.converted !== applyLspEdits(doc, line);
  return { uri: doc.uri, edits: confirm ? s.edits : line, converted: true, confirm, summary: s.summary, summaryText: s.summaryText, warnings: s.warnings };
}

/** A document's text with edits (in its positions, not overlapping) applied. */
function applyLspEdits(doc: Doc, edits: readonly TextEdit[]): string {
  const placed = edits.map((e) => ({ start: doc.lines.offsetAt(e.range.start), end: doc.lines.offsetAt(e.range.end), text: e.newText })).sort((a, b) => b.start - a.start);
  let text = doc.text;
  for (const e of placed) text = `${text.slice(0, e.start)}${e.text}${text.slice(e.end)}`;
  return text;
}

// ------------------------------------------------------------------- diff

/**
 * The game of a document played under two editions (A: the file's own when
 * not given) and compared, as `dipforge diff` does it (`compareEditions`:
 * across two shapes of the year, one side plays the game converted).
 */
export function diffEditions(ws: Workspace, doc: GameDoc, editionA: string | undefined, editionB: string, cancelled?: () => boolean): DiffResponse {
  const compared = compareEditions(doc.parsed, ws.games, { ...(editionA ? { editionA } : {}), editionB, ...(cancelled ? { cancelled } : {}) });
  if (compared.cancelled) throw new Cancelled();
  const { a, b, diff: d } = compared;
  const file = basename(doc.path);
  const errors = [...new Set(compared.diagnostics.filter((x) => x.severity === 'error').map((x) => `${x.range.start.line + 1}:${x.range.start.column + 1}: ${x.code} ${x.message}`))];
  return {
    ...diffDocument(file, a, b, d),
    errors,
    text: diffText(file, a, b, d),
  };
}

// --------------------------------------------------------------- handlers

function uriOf(params: DocParams | undefined): string | undefined {
  return params?.uri ?? params?.textDocument?.uri;
}

/** Registers the custom requests on a connection (called once by `createServer`); their params were checked (`params.ts`). */
export function registerBoardRequests(connection: Connection, ws: Workspace, log: Log): void {
  const docOf = (params: DocParams, pace: Pace, required = true): Doc | undefined => {
    const uri = uriOf(params);
    if (!uri) return undefined;
    const doc = ws.docByUri(uri, () => pace.cancelled);
    if (doc || !required) return doc;
    const size = ws.oversize(ws.open.get(uri)?.path ?? ws.pathOf(uri));
    if (size !== undefined) throw new ResponseError(LSPErrorCodes.RequestFailed, `dipforge: ${uri} is too large to check (${sizeText(size)})`);
    throw new ResponseError(ErrorCodes.InvalidParams, `dipforge: ${uri} is no .dipmap or .dipgame document`);
  };
  const gameOf = (params: DocParams, pace: Pace): GameDoc => {
    const doc = docOf(params, pace) as Doc;
    if (doc.kind !== 'game') throw new ResponseError(ErrorCodes.InvalidParams, 'dipforge: this request is for game files (.dipgame)');
    return doc;
  };
  /** The position clamped to the document, as for every request. */
  const at = (doc: Doc, p: DocPositionParams): LspPosition | undefined => (p.position ? doc.lines.clamp(p.position) : undefined);

  connection.onRequest(
    BOARD_REQUEST,
    serve('board', log, (p: DocPositionParams, pace) => {
      const doc = docOf(p, pace) as Doc;
      return boardAt(ws, doc, at(doc, p));
    }),
  );
  connection.onRequest(
    STATUS_REQUEST,
    serve('status', log, (p: DocPositionParams, pace) => {
      const doc = docOf(p, pace) as Doc;
      return statusAt(ws, doc, at(doc, p));
    }),
  );
  connection.onRequest(NEXT_PHASE_REQUEST, serve('nextPhase', log, (p: DocParams, pace) => nextPhaseEdit(gameOf(p, pace))));
  connection.onRequest(EDITIONS_REQUEST, serve('editions', log, (p: DocParams, pace) => editionsOf(ws, docOf(p, pace, false))));
  connection.onRequest(
    SET_EDITION_REQUEST,
    serve('setEdition', log, (p: DocParams & { edition: string }, pace): SetEditionResult => {
      return setEdition(ws, docOf(p, pace) as Doc, p.edition);
    }),
  );
  connection.onRequest(
    DIFF_REQUEST,
    serve('diff', log, (p: DocParams & { editionA?: string | null; editionB: string }, pace) => diffEditions(ws, gameOf(p, pace), p.editionA ?? undefined, p.editionB, () => pace.cancelled)),
  );
}

/**
 * The document store: the open documents (their text overrides the disk), the
 * workspace's .dipmap and .dipgame files, and per file what the features read:
 * a map's parse and check, a game's parse and run. A game is re-played from the
 * first phase section an edit touched (the DSL's `reuse`: the phases before it
 * are kept with their positions, results and diagnostics); a change to any map
 * re-checks the games on their next request.
 */
import { DEFAULT_SETTINGS, type ServerSettings } from './settings.js';
import {
  bindVariant,
  checkMapFile,
  GameWorkspace,
  runGame,
  VariantLoader,
  type CheckResult,
  type FileHost,
  type GameOptions,
  type GameRun,
  type ParsedGame,
  type ParsedMap,
  type VariantModel,
} from '@dipforge/dsl';
import type { Board, NameIndex, VariantConfig } from '@dipforge/engine';
import { CancellationTokenSource } from 'vscode-languageserver';
import { FileIndex } from './file-index.js';
import { LayeredHost, languageOf, pathToUri, uriToPath, type Language } from './host.js';
import { Cancelled, Pace, type IsCancelled } from './pace.js';
import { Lines } from './text.js';
import { firstDifference, lineStartBefore, parseAfterEdit } from './game-prefix.js';
import { gameContext } from './context.js';
import { gameParse } from './features/token-game.js';

export { Cancelled, type IsCancelled } from './pace.js';

export interface OpenDocument {
  uri: string;
  path: string;
  version: number;
  language: Language;
}

export interface MapDoc {
  kind: 'map';
  path: string;
  uri: string;
  text: string;
  lines: Lines;
  parsed: ParsedMap;
  /** The entry file of the variant this file belongs to (itself, or a map that imports or extends it). */
  entry: string;
  check: CheckResult;
  model: VariantModel;
}

export interface GameDoc {
  kind: 'game';
  path: string;
  uri: string;
  text: string;
  lines: Lines;
  parsed: ParsedGame;
  run: GameRun;
  /** Present when the variant compiles. */
  board?: Board;
  index?: NameIndex;
  config?: VariantConfig;
  model?: VariantModel;
  /** How many phase runs were taken over from the previous run: before the edit… */
  reused: number;
  /** …and after it, once the game was back in the previous run's state (early cutoff). */
  cutoff: number;
  /** How many phases this state's run adjudicated. */
  adjudicated: number;
  generation: number;
}

export type Doc = MapDoc | GameDoc;

export interface WorkspaceOptions {
  /** Where files not open come from (default: the disk). */
  host?: FileHost;
  /** Folder of the built-in variants (default: `@dipforge/variants`). */
  builtinDir?: string;
  /** Early cutoff of game replays (default true; false re-plays every phase after an edit, for comparison). */
  cutoff?: boolean;
}

export class Workspace {
  readonly host: LayeredHost;
  readonly loader: VariantLoader;
  readonly games: GameWorkspace;
  readonly open = new Map<string, OpenDocument>();
  /** Workspace files found in the folders or opened (those over the size limit set aside). */
  readonly index = new FileIndex();
  readonly folders: string[] = [];
  /** The client's settings (settings.ts), changed by the server as the client says. */
  settings: ServerSettings = DEFAULT_SETTINGS;
  /** Bumped whenever a map's text may have changed; games and maps re-check on the next request. */
  private generation = 0;
  private readonly gameCache = new Map<string, GameDoc>();
  /** The last state of each game played only as far as a cursor (`gameUpTo`). */
  private readonly prefixCache = new Map<string, GameDoc>();
  private readonly mapCache = new Map<string, { text: string; generation: number; doc: MapDoc }>();
  private readonly uris = new Map<string, string>();
  private readonly cutoff: boolean;
  private readonly derivedCache = new Map<string, { text: string; generation: number; value: unknown }>();
  private walking: Promise<void> | undefined;
  /** Whether a walk of the folders has completed. */
  walked = false;
  /** Cancelled when the server shuts down: a walk in progress stops. */
  private readonly life = new CancellationTokenSource();

  constructor(options: WorkspaceOptions = {}) {
    this.cutoff = options.cutoff ?? true;
    this.host = new LayeredHost(options.host);
    this.loader = new VariantLoader({ host: this.host, ...(options.builtinDir ? { builtinDir: options.builtinDir } : {}) });
    this.games = new GameWorkspace(this.loader);
  }

  // ------------------------------------------------------------- documents

  uriOf(path: string): string {
    return this.uris.get(path) ?? pathToUri(path);
  }

  pathOf(uri: string, language?: Language): string {
    let path = uriToPath(uri);
    if (!languageOf(path) && language) path += language === 'map' ? '.dipmap' : '.dipgame';
    this.uris.set(path, uri);
    return path;
  }

  /** Opens or replaces a document; the language comes from the file name or the client's language id. */
  openDocument(uri: string, text: string, version = 0, languageId?: string): OpenDocument | undefined {
    const hinted: Language | undefined = languageId === 'dipmap' ? 'map' : languageId === 'dipgame' ? 'game' : undefined;
    const path = this.pathOf(uri, hinted);
    const language = languageOf(path);
    if (!language) return undefined;
    const doc: OpenDocument = { uri, path, version, language };
    this.open.set(uri, doc);
    this.host.overlay.set(path, text);
    this.index.see(path);
    if (language === 'map') this.generation++;
    return doc;
  }

  changeDocument(uri: string, text: string, version: number): OpenDocument | undefined {
    const doc = this.open.get(uri);
    if (!doc) return this.openDocument(uri, text, version);
    doc.version = version;
    this.host.overlay.set(doc.path, text);
    if (doc.language === 'map') this.generation++;
    return doc;
  }

  closeDocument(uri: string): void {
    const doc = this.open.get(uri);
    if (!doc) return;
    this.open.delete(uri);
    this.host.overlay.delete(doc.path);
    if (doc.language === 'map') this.generation++;
  }

  /** A file changed on disk (a watched-files event); a folder (no extension) may hold maps. */
  fileChanged(path: string, deleted = false): void {
    this.host.invalidate(path);
    if (languageOf(path) === 'map' || !languageOf(path)) this.generation++;
    if (deleted) this.index.forget(path);
    else this.index.see(path);
  }

  /** Finds the .dipmap and .dipgame files below the workspace folders, at once. */
  scan(folders: string[]): void {
    for (const f of folders) if (!this.folders.includes(f)) this.folders.push(f);
    this.index.walkSync(this.folders);
    this.walked = true;
  }

  /**
   * Walks the workspace folders again, a file at a time between other work;
   * callers at the same time share one walk. Files whose time and size did not
   * change keep what was read of them.
   */
  walk(): Promise<void> {
    this.walking ??= this.index
      .walk(this.folders, new Pace(this.life.token))
      .then(() => void (this.walked = true))
      .finally(() => (this.walking = undefined));
    return this.walking;
  }

  /** Stops work in the background (the server is shutting down). */
  dispose(): void {
    this.life.cancel();
  }

  /** The size of a file over the size limit (the open document's text, else the disk's), else undefined. */
  oversize(path: string): number | undefined {
    return this.host.oversize(path);
  }

  /**
   * A value computed from a file's text (the names in a game not open, say),
   * kept while the text and the maps stay the same.
   */
  derived<T>(path: string, tag: string, text: string, make: () => T): T {
    const key = `${tag}:${path}`;
    const hit = this.derivedCache.get(key);
    if (hit && hit.text === text && hit.generation === this.generation) return hit.value as T;
    const value = make();
    this.derivedCache.set(key, { text, generation: this.generation, value });
    return value;
  }

  text(path: string): string | undefined {
    return this.host.read(path);
  }

  /** The state of a file, computed on demand from its current text. */
  doc(path: string, cancelled?: IsCancelled): Doc | undefined {
    const language = languageOf(path);
    if (language === 'map') return this.map(path);
    if (language === 'game') return this.game(path, cancelled);
    return undefined;
  }

  /** The state of a document; with `cancelled`, a replay it needs stops when that says so (throws `Cancelled`). */
  docByUri(uri: string, cancelled?: IsCancelled): Doc | undefined {
    const open = this.open.get(uri);
    return this.doc(open ? open.path : this.pathOf(uri), cancelled);
  }

  /** The state of a document as far as a position needs it: a game only as far as the cursor's phase section (`gameUpTo`). */
  docAt(uri: string, position: { line: number; character: number }, cancelled?: IsCancelled): Doc | undefined {
    const open = this.open.get(uri);
    const path = open ? open.path : this.pathOf(uri);
    if (languageOf(path) !== 'game') return this.doc(path, cancelled);
    const text = this.host.read(path);
    if (text === undefined) return undefined;
    return this.gameUpTo(path, new Lines(text).offsetAt(position), cancelled);
  }

  // ------------------------------------------------------------------ maps

  map(path: string): MapDoc | undefined {
    const text = this.host.read(path);
    if (text === undefined) return undefined;
    const hit = this.mapCache.get(path);
    if (hit && hit.text === text && hit.generation === this.generation) return hit.doc;
    const parsed = this.loader.parse(path);
    if (!parsed) return undefined;
    const entry = this.entryOf(path, parsed);
    const check = checkMapFile(entry, this.loader);
    const unit = this.loader.loadVariant(entry, []);
    const model = unit ? bindVariant(unit, []) : bindVariant({ entry, files: [parsed] }, []);
    const doc: MapDoc = { kind: 'map', path, uri: this.uriOf(path), text, lines: new Lines(text), parsed, entry, check, model };
    this.mapCache.set(path, { text, generation: this.generation, doc });
    return doc;
  }

  /**
   * The variant a map file belongs to: itself when it declares a variant, else
   * a workspace map that imports or extends it (a file of provinces, say).
   */
  private entryOf(path: string, parsed: ParsedMap): string {
    if (parsed.ast.decls.some((d) => d.kind === 'Variant')) return path;
    for (const other of this.allFiles('map')) {
      if (other === path || languageOf(other) !== 'map') continue;
      const p = this.loader.parse(other);
      if (!p || !p.ast.decls.some((d) => d.kind === 'Variant')) continue;
      const unit = this.loader.loadVariant(other, []);
      for (let u = unit; u; u = u.base) if (u.files.some((f) => f.file === path)) return other;
    }
    return path;
  }

  // ----------------------------------------------------------------- games

  game(path: string, cancelled?: IsCancelled): GameDoc | undefined {
    const text = this.host.read(path);
    if (text === undefined) return undefined;
    const prev = this.gameCache.get(path);
    if (prev && prev.text === text && prev.generation === this.generation) return prev;
    const doc = this.play(path, text, prev, this.cutoff, cancelled);
    this.gameCache.set(path, doc);
    return doc;
  }

  /**
   * A game's state as far as the phase section at `offset` (completion at a cursor): when the
   * text changed since the last full check, only the text up to the next `phase` line after the
   * cursor's line is parsed and played, re-using the last check's phases before the edit; the
   * whole game is played later, for the diagnostics. What this state says about the phase
   * sections up to the cursor's is what the whole game's says (a game is played in order).
   * On a line that does not start indented (a phase line, the header) the whole game is played.
   */
  gameUpTo(path: string, offset: number, cancelled?: IsCancelled): GameDoc | undefined {
    const text = this.host.read(path);
    const prev = this.gameCache.get(path);
    if (text === undefined || !prev || prev.generation !== this.generation || prev.text === text) return this.game(path, cancelled);
    const lineStart = lineStartBefore(text, offset);
    if (!/^[ \t]/.test(text.slice(lineStart, lineStart + 1))) return this.game(path, cancelled);
    PHASE_LINE.lastIndex = offset;
    const next = PHASE_LINE.exec(text);
    if (!next) return this.game(path, cancelled);
    const prefix = text.slice(0, next.index + (next[0].startsWith('\r\n') ? 2 : 1));
    const hit = this.prefixCache.get(path);
    if (hit && hit.text === prefix && hit.generation === this.generation) return hit;
    const doc = this.orderLineState(path, prefix, prev, offset) ?? this.play(path, prefix, prev, false, cancelled, true);
    this.prefixCache.set(path, doc);
    return doc;
  }

  /**
   * The state at `offset` without playing anything, when the cursor is on an order line of the
   * phase section the first change is in (a person typing an order): what completion reads there
   * is the section's position before its orders, and nothing before the section's `phase` line
   * changed, so the last check's run of the section has it. The state is the new text's parse (up
   * to `prefix`'s end) beside the last check's run. Undefined elsewhere (an expect or declare
   * block, another section than the change's, a section the last check did not play, a game whose
   * orders are read in another language: completion there reads the section's own run), and the
   * prefix is played instead.
   */
  private orderLineState(path: string, prefix: string, prev: GameDoc, offset: number): GameDoc | undefined {
    if (prev.parsed.ast.header.some((h) => h.kind === 'Language')) return undefined;
    const parsed = parseAfterEdit(prev.parsed, prefix, path);
    if (!parsed) return undefined;
    const doc: GameDoc = { ...prev, text: prefix, lines: new Lines(prefix), parsed, reused: 0, cutoff: 0, adjudicated: 0 };
    const ctx = gameContext(doc, offset);
    if (ctx.kind !== 'phase' || !ctx.run) return undefined;
    const phaseLineEnd = prefix.indexOf('\n', ctx.section.range.start.offset);
    return phaseLineEnd >= 0 && firstDifference(prev.text, prefix) > phaseLineEnd ? doc : undefined;
  }

  /**
   * Parses and plays `text`, re-using `prev`'s phases before the first section the change touched;
   * with `reparse`, its parse of those sections too (`parseAfterEdit`).
   */
  private play(path: string, text: string, prev: GameDoc | undefined, cutoff: boolean, cancelled?: IsCancelled, reparse = false): GameDoc {
    const parsed = (reparse && prev ? parseAfterEdit(prev.parsed, text, path) : undefined) ?? gameParse(text, path);
    let sections = 0;
    if (prev) {
      const all = parsed.ast.phases;
      if (prev.text === text) sections = all.length;
      else {
        const d = firstDifference(prev.text, text);
        const lineStart = lineStartBefore(text, d);
        sections = Math.max(0, all.filter((s) => s.range.start.offset <= lineStart).length - 1);
      }
    }
    // The previous run is given even when no section before the edit is kept: its phases after the edit may be (early cutoff).
    let adjudicated = 0;
    const options: GameOptions = { onAdjudicate: () => void adjudicated++ };
    if (prev) options.reuse = { run: prev.run, sections, cutoff };
    if (cancelled) options.cancelled = cancelled;
    const run = runGame(parsed, this.games, options);
    if (run.cancelled) throw new Cancelled();
    const doc: GameDoc = {
      kind: 'game',
      path,
      uri: this.uriOf(path),
      text,
      lines: new Lines(text),
      parsed,
      run,
      reused: run.reused ?? 0,
      cutoff: run.cutoff ?? 0,
      adjudicated,
      generation: this.generation,
    };
    if (run.variant?.index) doc.index = run.variant.index;
    if (run.variant?.model) doc.model = run.variant.model;
    if (run.config) {
      doc.config = run.config;
      if (run.variant) doc.board = this.games.board(run.variant, run.config);
    }
    return doc;
  }

  /** Open documents, by language. */
  openDocs(language?: Language): OpenDocument[] {
    return [...this.open.values()].filter((d) => !language || d.language === language);
  }

  /** Every workspace file of a language (found in the folders or open), none over the size limit. */
  allFiles(language?: Language): string[] {
    const all = new Set(this.index.paths(language));
    for (const d of this.open.values()) if ((!language || d.language === language) && this.oversize(d.path) === undefined) all.add(d.path);
    return [...all].sort();
  }
}

/** The line break before a line that starts a phase section. */
const PHASE_LINE = /(?:\r\n|\n|\r)[ \t]*phase[ \t]/gi;

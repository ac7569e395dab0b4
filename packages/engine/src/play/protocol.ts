/**
 * The `dipforge serve` protocol, as a pure request handler: one JSON request
 * in, one JSON response out (docs/SERVE.md; `schema/serve-protocol.schema.json`
 * describes every message). A request either carries everything it needs
 * (variant, edition, seed, position) or names a game handle made by `start`.
 * Nothing a client sends throws: every problem comes back as an error object.
 */
import type { Position } from '../game/position.js';
import { builtinVariants } from './builtin.js';
import { DipforgeError, type PlayErrorData } from './errors.js';
import { Game } from './game.js';
import type { OrderInput, ReadOrderOptions } from './read-orders.js';

export const PROTOCOL_VERSION = 'dipforge-serve/1' as const;

/** Longest request line taken (characters). */
export const MAX_REQUEST_LENGTH = 32 * 1024 * 1024;
/** Most games kept open at once by handles. */
export const MAX_GAMES = 10_000;
/** Most phases one `play` request may adjudicate. */
export const MAX_PHASES = 100_000;

export type Response = { id: unknown; ok: true; result: unknown } | { id: unknown; ok: false; error: PlayErrorData };

type Params = Record<string, unknown>;

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);

function field<T>(params: Params, name: string, kind: 'string' | 'number' | 'boolean' | 'array' | 'object', required = false): T | undefined {
  const v = params[name];
  if (v === undefined || v === null) {
    if (required) throw new DipforgeError('bad-request', `"${name}" is missing`);
    return undefined;
  }
  const ok = kind === 'array' ? Array.isArray(v) : kind === 'object' ? isObject(v) : typeof v === kind;
  if (!ok) throw new DipforgeError('bad-request', `"${name}" must be ${kind === 'array' ? 'a list' : `a ${kind}`}`);
  return v as T;
}

function orderOptions(params: Params): ReadOrderOptions {
  const language = field<string>(params, 'language', 'string');
  const power = field<string>(params, 'power', 'string');
  const strict = field<boolean>(params, 'strict', 'boolean');
  return { ...(language === undefined ? {} : { language }), ...(power === undefined ? {} : { power }), ...(strict === undefined ? {} : { strict }) };
}

/** A session: the games opened by handles, and the handler of each request. */
export class ServeSession {
  private readonly games = new Map<string, Game>();
  private next = 1;

  /** The response to a line longer than `MAX_REQUEST_LENGTH`, which a reader drops as it comes rather than keep. */
  tooLong(): string {
    return JSON.stringify({ id: null, ok: false, error: new DipforgeError('too-large', `a request is at most ${MAX_REQUEST_LENGTH} characters`).data });
  }

  /** Handles one request line; always returns one response line (no newline). */
  handleLine(line: string): string {
    let id: unknown = null;
    let response: Response;
    try {
      if (line.length > MAX_REQUEST_LENGTH) return this.tooLong();
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch (e) {
        throw new DipforgeError('bad-request', `not JSON: ${e instanceof Error ? e.message.slice(0, 120) : 'unreadable'}`);
      }
      if (!isObject(request)) throw new DipforgeError('bad-request', 'a request must be a JSON object');
      id = request['id'] ?? null;
      if (typeof request['method'] !== 'string') throw new DipforgeError('bad-request', '"method" must be a string');
      const params = request['params'] ?? {};
      if (!isObject(params)) throw new DipforgeError('bad-request', '"params" must be an object');
      response = { id, ok: true, result: this.handle(request['method'], params) };
    } catch (e) {
      const error =
        e instanceof DipforgeError
          ? e.data
          : new DipforgeError('internal', `dipforge failed on this request: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}`).data;
      response = { id, ok: false, error };
    }
    try {
      return JSON.stringify(response);
    } catch {
      // An id that cannot be written back (it came from JSON, so this is a bug): answer without it.
      return JSON.stringify({ id: null, ok: false, error: new DipforgeError('internal', 'the response could not be written').data });
    }
  }

  /** The result of one request (throws DipforgeError for a bad one). */
  handle(method: string, params: Params): unknown {
    switch (method) {
      case 'version':
        return { protocol: PROTOCOL_VERSION };
      case 'variants':
        return { variants: builtinVariants() };
      case 'start':
        return this.start(params);
      case 'state':
        return this.state(this.game(params));
      case 'legal':
        return this.legal(params);
      case 'adjudicate':
        return this.adjudicate(params);
      case 'play':
        return this.play(params);
      case 'render':
        return { svg: this.game(params).render({ last: field<boolean>(params, 'last', 'boolean') === true }) };
      case 'close':
        return { closed: this.games.delete(field<string>(params, 'game', 'string', true)!) };
      default:
        throw new DipforgeError('bad-request', `unknown method "${method.slice(0, 40)}"; the methods are version, variants, start, state, legal, adjudicate, play, render, close`);
    }
  }

  private start(params: Params): unknown {
    if (this.games.size >= MAX_GAMES) throw new DipforgeError('too-large', `at most ${MAX_GAMES} games are open at once: close some`);
    const game = this.newGame(params);
    const handle = `g${this.next++}`;
    this.games.set(handle, game);
    return { game: handle, ...this.state(game) };
  }

  /** The game a request is about: its handle's, or one made from the request itself. */
  private game(params: Params): Game {
    const handle = field<string>(params, 'game', 'string');
    if (handle === undefined) return this.newGame(params);
    const game = this.games.get(handle);
    if (!game) throw new DipforgeError('unknown-game', `no open game "${handle.slice(0, 40)}"`);
    return game;
  }

  private newGame(params: Params): Game {
    const seed = field<number>(params, 'seed', 'number');
    const position = field<Position>(params, 'position', 'object');
    const options = { ...(seed === undefined ? {} : { seed }), ...(position === undefined ? {} : { position }) };
    const config = field<unknown>(params, 'config', 'object');
    if (config !== undefined) return Game.fromConfig(config, options);
    const edition = field<string>(params, 'edition', 'string');
    return Game.start(field<string>(params, 'variant', 'string', true)!, { ...options, ...(edition === undefined ? {} : { edition }) });
  }

  private state(game: Game): Record<string, unknown> {
    return { variant: game.variant, edition: game.edition, powers: game.powers, phase: game.phase, position: game.position, result: game.result() };
  }

  private legal(params: Params): unknown {
    const game = this.game(params);
    const power = field<string>(params, 'power', 'string');
    const as = field<string>(params, 'as', 'string') ?? 'text';
    if (as !== 'text' && as !== 'object') throw new DipforgeError('bad-request', '"as" must be "text" or "object"');
    const language = field<string>(params, 'language', 'string');
    const orders = as === 'object' ? game.legalOrders(power) : game.legalOrderTexts(power, language);
    return { phase: game.phase, orders };
  }

  private adjudicate(params: Params): unknown {
    const game = this.game(params);
    const orders = field<OrderInput[]>(params, 'orders', 'array') ?? [];
    const report = game.advance(orders, orderOptions(params));
    return { report, position: game.position };
  }

  private play(params: Params): unknown {
    const game = this.game(params);
    const phases = field<unknown[]>(params, 'phases', 'array', true)!;
    if (phases.length > MAX_PHASES) throw new DipforgeError('too-large', `at most ${MAX_PHASES} phases in one request`);
    const options = orderOptions(params);
    const brief = field<boolean>(params, 'brief', 'boolean') === true;
    const reports: unknown[] = [];
    for (let i = 0; i < phases.length; i++) {
      const orders = phases[i];
      if (!Array.isArray(orders)) throw new DipforgeError('bad-request', `phases[${i}] must be a list of orders`);
      if (game.result().over) break;
      try {
        const report = game.advance(orders as OrderInput[], options);
        reports.push(brief ? { phase: report.phase, next: report.next } : report);
      } catch (e) {
        if (e instanceof DipforgeError) {
          const { code: _code, kind: _kind, message: _message, ...extra } = e.data;
          throw new DipforgeError(e.kind, `phases[${i}]: ${e.message}`, { ...extra, phase: i });
        }
        throw e;
      }
    }
    return { played: reports.length, reports, position: game.position, result: game.result() };
  }
}

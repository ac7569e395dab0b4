/**
 * One language server process and what a client knows of it: its open
 * documents (mirrors), its requests in flight, each with a time limit. Every
 * answer, every published diagnostic and every logged failure is checked as it
 * arrives, and whatever is wrong is handed to `onFailure` with the documents
 * as they were when the request was sent (a reproducer needs no history when
 * the failure needs none). Used by the fuzzer, its reducer and the replayer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { answerProblems, lineLengths, setEditionProblems } from './lsp-check.js';
import { processMemory, RpcProcess, type RpcResponse, type Sent } from './lsp-client.js';
import { serverTextDocuments } from '@dipforge/lsp';
import { Mirror, type Change } from './lsp-doc.js';
import { formatProblems } from './lsp-format.js';
import { normalize } from './targets.js';

export type LspFailureKind = 'crash' | 'error' | 'hang' | 'range' | 'protocol' | 'memory' | 'format' | 'desync';

export interface DocSnapshot {
  uri: string;
  languageId: string;
  text: string;
}

export interface LspEvent {
  kind: LspFailureKind;
  /** The request or notification concerned (`publishDiagnostics` for diagnostics). */
  method: string;
  signature: string;
  detail: string;
  /** The request that failed, when one did (a reproducer sends it again); `stable`: see RequestOptions. */
  request?: { method: string; params: unknown; stable?: boolean };
  /** The request's params were damaged on purpose (RequestOptions.malformed). */
  malformed?: boolean;
  /** For diagnostics: the document they were published for. */
  uri?: string;
  /** The open documents when the request was sent (or the diagnostics' document at their version). */
  docs: DocSnapshot[];
  /** How many messages of the transcript had been sent. */
  sent: number;
}

export interface RequestOptions {
  /** Params damaged on purpose: InvalidParams is the answer due; an internal error is marked so. */
  malformed?: boolean;
  /** A formatting request on text the formatter wrote: any change is a failure (formatting must be stable). */
  stable?: boolean;
  /** After a formatting answer that is well formed: the text it makes, and the text it was asked about. */
  onFormatted?: (formatted: string, text: string) => void;
}

export interface SessionOptions {
  command: readonly string[];
  cwd: string;
  /** The workspace folder (a file URI), or none. */
  folder?: string;
  timeoutMs: number;
  onFailure: (event: LspEvent) => void;
}

/** How long a new server may take to answer initialize. */
const STARTUP_MS = 120_000;

/** Error codes that are answers, not failures: cancelled, content modified, invalid params, refused (a rename of a built-in symbol). */
const ACCEPTED_ERRORS = new Set([-32800, -32801, -32602, -32803]);

export class Session {
  readonly docs = new Map<string, Mirror>();
  /**
   * The server's own copies of the documents, made by its own code (`serverTextDocuments`) from the
   * same changes: a text that differs from the client's means every answer after it is about
   * another text than the client's.
   */
  private readonly serverCopies = new Map<string, ReturnType<typeof serverTextDocuments.create>>();
  /** Documents closed, for the versions they reached (see `open`) and for their late diagnostics. */
  private readonly closed = new Map<string, Mirror>();
  readonly rpc: RpcProcess;
  /** The server hung or died: nothing more is sent. */
  dead = false;
  requests = 0;
  /** The id of the last request sent (to cancel it). */
  lastRequest = 0;
  slowest = { ms: 0, method: '' };
  private readonly pending = new Set<Promise<void>>();
  private readonly waiters: { uri: string; version: number; resolve: () => void }[] = [];
  private expectedExit = false;

  private constructor(private readonly options: SessionOptions) {
    this.rpc = new RpcProcess(options.command, options.cwd);
    this.rpc.onNotification = (method, params) => this.notification(method, params);
    this.rpc.onMalformed = (what) => this.fail({ kind: 'protocol', method: 'frame', signature: `protocol: ${normalize(what)}`, detail: what });
    void this.rpc.exited.then(() => {
      if (this.expectedExit || this.dead) return;
      this.dead = true;
      const exit = this.rpc.exit;
      const last = this.rpc.stderr.trim().split('\n').slice(-1)[0] ?? '';
      this.fail({ kind: 'crash', method: 'exit', signature: `server exit ${exit?.code ?? exit?.signal}: ${normalize(last)}`, detail: this.rpc.stderr.slice(-4000) });
    });
  }

  static async start(options: SessionOptions): Promise<Session> {
    const s = new Session(options);
    const folders = options.folder ? [{ uri: options.folder, name: 'fuzz' }] : null;
    await s.request('initialize', undefined, {
      processId: process.pid,
      rootUri: options.folder ?? null,
      workspaceFolders: folders,
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    s.rpc.notify('initialized', {});
    return s;
  }

  /**
   * Opens a document. One opened before keeps counting its versions: diagnostics of the old text
   * may still arrive, and must not be taken for those of a new text with the same version.
   */
  open(uri: string, languageId: string, text: string): void {
    const before = this.closed.get(uri);
    this.closed.delete(uri);
    const doc = new Mirror(uri, languageId, text, before ? before.version + 1 : 1);
    this.docs.set(uri, doc);
    this.serverCopies.set(uri, serverTextDocuments.create(uri, languageId, doc.version, text));
    this.rpc.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: doc.version, text } });
  }

  change(uri: string, changes: Change[]): void {
    const doc = this.docs.get(uri);
    if (!doc) return;
    const version = doc.version + 1;
    doc.apply(changes, version);
    this.rpc.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    const copy = this.serverCopies.get(uri);
    if (copy && serverTextDocuments.update(copy, changes, version).getText() !== doc.text) {
      this.serverCopies.delete(uri);
      this.fail({ kind: 'desync', method: 'textDocument/didChange', signature: "didChange: the server's copy of the document is no longer the client's", detail: `after version ${version}: ${JSON.stringify(changes).slice(0, 2000)}` });
    }
  }

  close(uri: string): void {
    const doc = this.docs.get(uri);
    if (doc) this.closed.set(uri, doc);
    this.docs.delete(uri);
    this.rpc.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** Sends a request; resolves once it is answered and checked, or has hung. `uri`: the document it is about. */
  request(method: string, uri: string | undefined, params: unknown, options: RequestOptions = {}): Promise<void> {
    // Starting a server on a loaded machine is slow: initialize gets the start-up limit.
    const limit = method === 'initialize' ? Math.max(STARTUP_MS, this.options.timeoutMs) : this.options.timeoutMs;
    if (this.dead) return Promise.resolve();
    const docs = this.snapshot();
    const sent = performance.now();
    const { id, response } = this.rpc.request(method, params);
    this.lastRequest = id;
    const count = this.rpc.sent.length;
    if (options.stable) (this.rpc.sent[count - 1] as Sent).stable = true;
    this.requests++;
    const event = { method, request: { method, params, ...(options.stable ? { stable: true } : {}) }, docs, sent: count, ...(options.malformed ? { malformed: true } : {}) };
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), limit)));
    const done = Promise.race([response, hang, this.rpc.exited.then(() => 'exit' as const)]).then((r) => {
      clearTimeout(timer);
      if (r === 'exit') return;
      if (r === 'hang') {
        if (this.dead) return;
        this.dead = true;
        this.fail({ ...event, kind: 'hang', signature: `${method}: hang`, detail: `no answer within ${limit} ms` });
        this.rpc.kill();
        return;
      }
      const ms = performance.now() - sent;
      if (ms > this.slowest.ms) this.slowest = { ms: Math.round(ms), method };
      this.answer(event, r, docs, uri, options);
    });
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
    return done;
  }

  /** Asks the server to cancel a request (it may answer RequestCancelled, or answer anyway). */
  cancel(id: number): void {
    if (!this.dead) this.rpc.notify('$/cancelRequest', { id });
  }

  /** Waits for every request in flight (each has its own time limit). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Waits for diagnostics of a document's current version (at most `ms`). */
  diagnostics(uri: string, ms: number): Promise<void> {
    const version = this.docs.get(uri)?.version ?? 0;
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiter = { uri, version, resolve: done };
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(waiter);
    });
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Resident memory now and its high-water mark (bytes), where /proc tells. */
  memory(): { rss: number; peak: number } | undefined {
    return processMemory(this.rpc.pid, (p) => readFileSync(p, 'utf8'));
  }

  /** Ends the server as a client should (shutdown, exit); kills it if it does not go. */
  async shutdown(): Promise<void> {
    if (!this.dead) {
      await this.settle();
      await this.request('shutdown', undefined, null);
      this.expectedExit = true;
      this.rpc.notify('exit', null);
    }
    this.expectedExit = true;
    const gone = await Promise.race([this.rpc.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
    if (!gone) this.rpc.kill();
    await this.rpc.exited;
  }

  private snapshot(): DocSnapshot[] {
    return [...this.docs.values()].map((d) => ({ uri: d.uri, languageId: d.languageId, text: d.text }));
  }

  private answer(event: Omit<LspEvent, 'kind' | 'signature' | 'detail'>, r: RpcResponse, docs: DocSnapshot[], uri: string | undefined, options: RequestOptions): void {
    const method = event.method;
    if (r.error) {
      if (ACCEPTED_ERRORS.has(r.error.code)) return;
      const kind = r.error.code === -32603 ? 'error' : 'protocol';
      this.fail({ ...event, kind, signature: `${method}: error ${r.error.code}: ${normalize(r.error.message)}`, detail: JSON.stringify(r.error).slice(0, 4000) });
      return;
    }
    const texts = new Map(docs.map((d) => [d.uri, d.text]));
    const problems = method === 'dipforge/setEdition' && uri !== undefined ? setEditionProblems(r.result, uri, texts.get(uri) ?? onDisk(uri), linesOf(texts)) : answerProblems(method, r.result, uri, linesOf(texts));
    if (problems.length > 0) {
      this.fail({ ...event, kind: 'range', signature: `${method}: ${normalize(problems[0] as string)}`, detail: problems.slice(0, 10).join('\n') });
      return;
    }
    if (method === 'textDocument/formatting' && uri !== undefined) {
      const text = texts.get(uri);
      if (text === undefined) return;
      const f = formatProblems(text, r.result);
      if (f.problem) this.fail({ ...event, kind: 'format', signature: `formatting: ${f.problem}`, detail: f.detail });
      else if (options.stable && f.changed) this.fail({ ...event, kind: 'format', signature: 'formatting: its own output changes again', detail: f.changed });
      else if (f.formatted !== undefined) options.onFormatted?.(f.formatted, text);
    }
  }

  private notification(method: string, params: unknown): void {
    const p = params as { uri?: string; version?: number; diagnostics?: unknown; type?: number; message?: string } | null;
    if (method === 'textDocument/publishDiagnostics' && p?.uri) {
      const uri = p.uri;
      const doc = this.docs.get(uri) ?? this.closed.get(uri);
      for (const w of this.waiters.filter((x) => x.uri === uri && (p.version ?? 0) >= x.version)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        queueMicrotask(w.resolve);
      }
      const text = doc && typeof p.version === 'number' ? doc.textAt(p.version) : undefined;
      const problems = answerProblems(method, p.diagnostics, p.uri, linesOf(new Map(text === undefined ? [] : [[uri, text]]), false));
      if (problems.length > 0) {
        const docs = doc && text !== undefined ? [{ uri: doc.uri, languageId: doc.languageId, text }] : [];
        this.fail({ kind: 'range', method, uri: p.uri, signature: `${method}: ${normalize(problems[0] as string)}`, detail: problems.slice(0, 10).join('\n'), docs, sent: this.rpc.sent.length });
      }
    } else if ((method === 'window/logMessage' || method === 'window/showMessage') && p?.type === 1 && typeof p.message === 'string') {
      // A request handler that threw is logged and answered with an error (counted there); anything
      // else logged as an error is a failure of its own: a publish that failed, an uncaught exception.
      if (!/^dipforge: \w+ failed:/.test(p.message) || /^dipforge: (diagnostics|scanning)/.test(p.message)) {
        this.fail({ kind: 'error', method, signature: `log: ${normalize(p.message.replace(/file:\S+/g, 'URI'))}`, detail: p.message.slice(0, 4000), docs: this.snapshot(), sent: this.rpc.sent.length });
      }
    }
  }

  private fail(e: Omit<LspEvent, 'docs' | 'sent'> & Partial<Pick<LspEvent, 'docs' | 'sent'>>): void {
    this.options.onFailure({ docs: this.snapshot(), sent: this.rpc.sent.length, ...e });
  }
}

/**
 * The line lengths of documents: the client's copy when open, else the file on disk (`disk`), else
 * undefined. Worked out once a document for an answer: a list of thousands of diagnostics names its
 * document thousands of times.
 */
function linesOf(open: ReadonlyMap<string, string>, disk = true): (uri: string) => number[] | undefined {
  const known = new Map<string, number[] | undefined>();
  return (uri) => {
    if (known.has(uri)) return known.get(uri);
    let lines: number[] | undefined;
    const text = open.get(uri);
    if (text !== undefined) lines = lineLengths(text);
    else if (disk) {
      const saved = onDisk(uri);
      lines = saved === undefined ? undefined : lineLengths(saved);
    }
    known.set(uri, lines);
    return lines;
  };
}

/** The text of a document the client has not opened: the server reads it from its file. */
function onDisk(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return readFileSync(fileURLToPath(uri), 'utf8');
  } catch {
    return undefined;
  }
}

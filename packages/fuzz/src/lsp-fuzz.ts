/**
 * The language-server fuzzer: `dipforge lsp --stdio` as a real process, a
 * workspace folder holding a copy of the corpus, a few of its files open, then
 * seeded steps (lsp-steps.ts): edits, full and incremental, and requests at
 * random places, several in flight at once. It counts server exits, internal
 * errors (a handler that threw), hangs (a request unanswered in time), answers
 * and diagnostics with invalid ranges, broken protocol, formatting that is not
 * whitespace-only or not stable, documents whose server copy is no longer the
 * client's, and the server's resident memory (its high-water mark from /proc);
 * requests with params damaged on purpose that are answered with an internal
 * error, where InvalidParams (-32602) is due, are counted apart. Sessions are restarted every
 * `sessionSteps` steps and after a failure that ends the server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus, LSP_FOLDERS } from './corpus.js';
import { prepareTree } from './files.js';
import { reduce, reproducerBase, saveTranscript, scenarioMessages, WRITE_FILE } from './lsp-reduce.js';
import { Session, type LspEvent, type LspFailureKind } from './lsp-session.js';
import { nextStep, type StepContext } from './lsp-steps.js';
import { Rng } from './prng.js';

export interface LspFuzzOptions {
  root: string;
  seed: number;
  /** Steps in all (default: as many as fit in `minutes`, else 1000). */
  steps?: number;
  minutes?: number;
  /** The server's command (default: this repository's `dipforge lsp --stdio`). */
  command?: readonly string[];
  /** A request unanswered this long is a hang (default 30000). */
  timeoutMs?: number;
  /** Resident memory above which the server is a memory failure (default 1536 MB). */
  maxRssMb?: number;
  /** Steps per server process (default 400). */
  sessionSteps?: number;
  /** Documents open at once (default 3). */
  documents?: number;
  /** Requests in flight at once (default 4). */
  inFlight?: number;
  /** Positions past the end of the text, and negative ones (default true for both). */
  outOfRange?: boolean;
  negative?: boolean;
  /** Now and then a request with damaged params (default true). */
  malformed?: boolean;
  /** Corpus folders the workspace copies and the documents come from. */
  folders?: readonly string[];
  /** Corpus files never opened (the workspace still holds them). */
  exclude?: (rel: string) => boolean;
  out?: string;
  minimizeSeconds?: number;
  log?: (line: string) => void;
}

export interface LspFailure {
  kind: LspFailureKind;
  method: string;
  signature: string;
  detail: string;
  count: number;
  /** The steps (of the run) at which it was seen, the first 20. */
  steps: number[];
  seed: number;
  /** The reduced (and minimized) scenario, when it reproduces on a fresh server; else the transcript. */
  reproducer?: string;
  transcript?: string;
}

export interface LspFuzzReport {
  seed: number;
  steps: number;
  edits: number;
  requests: number;
  /** Server processes started. */
  restarts: number;
  seconds: number;
  crashes: number;
  /** Internal errors: a handler that threw, a failed publish, an uncaught exception. */
  errors: number;
  /** Requests with params damaged on purpose answered with an internal error, not InvalidParams. */
  invalidParams: number;
  hangs: number;
  invalidRanges: number;
  protocol: number;
  memory: number;
  format: number;
  /** Changes after which the server's copy of a document is not the client's. */
  desync: number;
  peakRssBytes: number;
  slowestMs: number;
  slowestMethod: string;
  failures: LspFailure[];
  out: string;
}

export async function fuzzLsp(options: LspFuzzOptions): Promise<LspFuzzReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const out = options.out ?? mkdtempSync(join(tmpdir(), 'dipforge-fuzz-'));
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'dipforge-fuzz-lsp-'));
  const corpus = loadCorpus(options.root, options.folders ?? LSP_FOLDERS);
  const tree = prepareTree(options.root, corpus.files, join(scratch, 'tree'));
  const folder = pathToFileURL(tree).href;
  const openable = corpus.files.filter((f) => !options.exclude?.(f.rel));
  if (openable.length === 0) throw new Error('no documents to open');
  const command = options.command ?? [process.execPath, join(options.root, 'packages/cli/bin/dipforge.js'), 'lsp', '--stdio'];
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRss = (options.maxRssMb ?? 1536) * 2 ** 20;
  const sessionOptions = { command, cwd: options.root, folder, timeoutMs };
  const total = options.steps ?? (options.minutes !== undefined ? Infinity : 1000);
  const deadline = options.minutes !== undefined ? started + options.minutes * 60_000 : Infinity;
  const rng = new Rng(options.seed);
  const report: LspFuzzReport = {
    seed: options.seed,
    steps: 0,
    edits: 0,
    requests: 0,
    restarts: 0,
    seconds: 0,
    crashes: 0,
    errors: 0,
    invalidParams: 0,
    hangs: 0,
    invalidRanges: 0,
    protocol: 0,
    memory: 0,
    format: 0,
    desync: 0,
    peakRssBytes: 0,
    slowestMs: 0,
    slowestMethod: '',
    failures: [],
    out,
  };
  const counter = { crash: 'crashes', error: 'errors', hang: 'hangs', range: 'invalidRanges', protocol: 'protocol', memory: 'memory', format: 'format', desync: 'desync' } as const;
  const bySignature = new Map<string, LspFailure>();

  try {
    while (report.steps < total && performance.now() < deadline) {
      const fresh: { event: LspEvent; failure: LspFailure; transcript: Session['rpc']['sent'] }[] = [];
      let session: Session | undefined;
      const onFailure = (event: LspEvent): void => {
        const damaged = event.malformed === true && event.kind === 'error';
        if (damaged) report.invalidParams++;
        else report[counter[event.kind]]++;
        // Damaged params answered with an internal error are one failure a method, whatever each handler's error says.
        const key = damaged ? `${event.method}: ${INVALID_PARAMS}` : event.signature;
        const seen = bySignature.get(key);
        if (seen) {
          seen.count++;
          if (seen.steps.length < 20) seen.steps.push(report.steps);
          return;
        }
        const failure: LspFailure = { kind: event.kind, method: event.method, signature: event.signature, detail: event.detail, count: 1, steps: [report.steps], seed: options.seed };
        if (damaged) failure.signature = `${event.method}: ${INVALID_PARAMS}`;
        bySignature.set(key, failure);
        report.failures.push(failure);
        fresh.push({ event, failure, transcript: session ? session.rpc.sent.slice(0, event.sent) : [] });
      };
      session = await Session.start({ ...sessionOptions, onFailure });
      report.restarts++;
      const docs = new Set<string>();
      const count = Math.min(options.documents ?? 3, openable.length);
      while (docs.size < count) docs.add(rng.pick(openable).rel);
      for (const rel of docs) {
        const file = corpus.files.find((f) => f.rel === rel);
        if (file) session.open(pathToFileURL(join(tree, rel)).href, file.kind === 'map' ? 'dipmap' : 'dipgame', file.bytes.toString('utf8'));
      }
      if (rng.chance(0.3)) {
        // A document never saved: no path, no folder, its variant named by its text alone.
        const game = rng.pick(openable.filter((f) => f.kind === 'game'));
        if (game) session.open(`untitled:Untitled-${report.restarts}`, 'dipgame', game.bytes.toString('utf8'));
      }
      const uriOf = (rel: string): string => pathToFileURL(join(tree, rel)).href;
      const ctx: StepContext = {
        docs: [...session.docs.values()],
        files: corpus.files,
        uriOf,
        outOfRange: options.outOfRange ?? true,
        negative: options.negative ?? true,
        malformed: options.malformed ?? true,
      };
      /** Workspace files a step changed on disk, put back when the session ends. */
      const touched = new Set<string>();
      let memoryReported = false;
      /** A formatted text to format again, with the same options. */
      let formatCheck: { uri: string; text: string; formatting: unknown } | undefined;
      for (let i = 0; i < (options.sessionSteps ?? 400) && report.steps < total && performance.now() < deadline && !session.dead; i++) {
        report.steps++;
        if (formatCheck && session.docs.get(formatCheck.uri)) {
          // Formatting its own output must change nothing: the formatted text, formatted again.
          const { uri, text, formatting } = formatCheck;
          formatCheck = undefined;
          session.change(uri, [{ text }]);
          await session.request('textDocument/formatting', uri, { textDocument: { uri }, options: formatting }, { stable: true });
          continue;
        }
        ctx.docs = [...session.docs.values()];
        const step = nextStep(rng, ctx);
        if (step.kind === 'change') {
          report.edits++;
          session.change(step.uri, step.changes);
        } else if (step.kind === 'watched') {
          // Requests in flight read the disk: they are answered before it changes.
          await session.settle();
          touched.add(step.rel);
          if (step.bytes) writeFileSync(join(tree, step.rel), step.bytes);
          else rmSync(join(tree, step.rel), { force: true });
          // Not sent: a note in the transcript, so that a replay changes its copy of the disk the same way.
          session.rpc.sent.push({ method: WRITE_FILE, params: { rel: step.rel, base64: step.bytes?.toString('base64') ?? null } });
          session.rpc.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(step.rel), type: step.bytes ? 2 : 3 }] });
        } else if (step.kind === 'reopen') {
          const doc = session.docs.get(step.uri);
          if (doc) {
            session.close(step.uri);
            session.open(step.uri, doc.languageId, doc.text);
          }
        } else {
          report.requests++;
          const s = session;
          const uri = step.uri;
          void s.request(step.method, uri, step.params, {
            malformed: step.malformed,
            onFormatted: (formatted, text) => {
              // Only while the document is still the text formatted (edits may have followed the request).
              const formatting = (step.params as { options?: unknown }).options;
              if (uri && formatted !== text && s.docs.get(uri)?.text === text) formatCheck = { uri, text: formatted, formatting };
            },
          });
          if (step.cancel) s.cancel(s.lastRequest);
          if (s.inFlight >= (options.inFlight ?? 4)) await s.settle();
        }
        if (i % 25 === 0) {
          const m = session.memory();
          if (m) report.peakRssBytes = Math.max(report.peakRssBytes, m.peak);
          if (m && m.rss > maxRss && !memoryReported) {
            memoryReported = true;
            onFailure({ kind: 'memory', method: 'memory', signature: `memory: resident ${Math.round(maxRss / 2 ** 20)} MB exceeded`, detail: `resident ${Math.round(m.rss / 2 ** 20)} MB`, docs: [], sent: session.rpc.sent.length });
          }
        }
      }
      await session.settle();
      const m = session.memory();
      if (m) report.peakRssBytes = Math.max(report.peakRssBytes, m.peak);
      if (session.slowest.ms > report.slowestMs) [report.slowestMs, report.slowestMethod] = [session.slowest.ms, session.slowest.method];
      const transcriptAll = session.rpc.sent;
      await session.shutdown();
      for (const rel of touched) {
        const file = corpus.files.find((f) => f.rel === rel);
        if (file) writeFileSync(join(tree, rel), file.bytes);
      }
      for (const { event, failure, transcript } of fresh) {
        const base = reproducerBase(out, report.failures.indexOf(failure) + 1, failure.kind, failure.method);
        failure.transcript = `${base}.jsonl`;
        saveTranscript(failure.transcript, transcript.length > 0 ? transcript : transcriptAll, folder);
        const budget = { deadline: performance.now() + (options.minimizeSeconds ?? 30) * 1000, attempts: 300 };
        const scenario = await reduce(event, sessionOptions, budget);
        if (scenario) {
          failure.reproducer = `${base}.reduced.jsonl`;
          saveTranscript(failure.reproducer, scenarioMessages(scenario, folder), folder);
        }
        writeFileSync(`${base}.txt`, note(failure));
        log(describeLspFailure(failure));
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** What a request with damaged params answered with an internal error is called in reports. */
export const INVALID_PARAMS = 'damaged params answered with an internal error, not InvalidParams (-32602)';

export function describeLspFailure(f: LspFailure): string {
  return `${f.kind.padEnd(6)} ${f.signature}\n       step ${f.steps[0]} of seed ${f.seed} (${f.count} in all)\n       reproducer: ${f.reproducer ?? `(needs its history) ${f.transcript ?? ''}`}`;
}

function note(f: LspFailure): string {
  const replay = (file: string): string => `node scripts/fuzz.mjs lsp --replay ${file}`;
  return [
    `${f.kind} at ${f.method}`,
    `signature: ${f.signature}`,
    `seed ${f.seed}, step ${f.steps[0]} (${f.count} in all: steps ${f.steps.join(', ')}${f.count > f.steps.length ? ', …' : ''})`,
    f.reproducer ? `reduced: the open documents and the one request (${f.reproducer}): ${replay(f.reproducer)}` : 'the reduced scenario does not fail alone: the failure needs the session before it',
    `the session up to it: ${replay(f.transcript ?? '')}`,
    '',
    f.detail,
    '',
  ].join('\n');
}

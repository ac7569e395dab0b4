/**
 * Test harness for the language server: a client over stdio (the real
 * `dipforge lsp --stdio` process) and an in-process workspace, both with
 * helpers to open documents and wait for diagnostics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  ExitNotification,
  LogMessageNotification,
  type LogMessageParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type InitializeResult,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = join(ROOT, 'packages/cli/bin/dipforge.js');
export const CLASSIC_MAP = join(ROOT, 'variants/classic/classic.dipmap');

export function uri(path: string): string {
  return pathToFileURL(path).href;
}

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}

/** A server process and a protocol connection to it, before anything is sent. */
export interface ServerProcess {
  connection: ProtocolConnection;
  process: ChildProcess;
  stderr: string[];
  /** Every `window/logMessage` the server sent. */
  logs: LogMessageParams[];
  /** The process's exit code, once it exits. */
  exited: Promise<number | null>;
}

export interface StdioClient extends ServerProcess {
  initialize: InitializeResult;
  /** Opens a document and resolves with its first diagnostics. */
  open(uri: string, text: string, languageId?: string): Promise<PublishDiagnosticsParams>;
  /** Changes a document and resolves with the diagnostics of that version. */
  change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<PublishDiagnosticsParams>;
  /** The diagnostics of a given version of a document, or of a later one (waits for them). */
  diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams>;
  version(uri: string): number;
  /** The last diagnostics published for a document. */
  latest(uri: string): Promise<PublishDiagnosticsParams | undefined>;
  close(): Promise<void>;
}

/** Starts `dipforge lsp --stdio` and connects to it, sending nothing (the protocol tests send what they like). */
export function spawnServer(): ServerProcess {
  const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  const logs: LogMessageParams[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.onNotification(LogMessageNotification.type, (p) => void logs.push(p));
  connection.onRequest('client/registerCapability', () => null);
  return { connection, process: child, stderr, logs, exited };
}

export interface StartOptions {
  timeoutMs?: number;
  /** Whether the client says it watches files (dynamic registration of workspace/didChangeWatchedFiles); default true. */
  watchFiles?: boolean;
}

export async function startStdio(folders: string[] = [], timeoutOrOptions: number | StartOptions = {}): Promise<StdioClient> {
  const options: StartOptions = typeof timeoutOrOptions === 'number' ? { timeoutMs: timeoutOrOptions } : timeoutOrOptions;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const server = spawnServer();
  const { connection, process: child } = server;
  const published = new Map<string, PublishDiagnosticsParams[]>();
  const waiters: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const list = published.get(p.uri) ?? [];
    list.push(p);
    published.set(p.uri, list);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && (p.version ?? 0) >= w.version) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.listen();
  const initialize = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: folders[0] ? uri(folders[0]) : null,
    workspaceFolders: folders.map((f) => ({ uri: uri(f), name: f })),
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: options.watchFiles ?? true } } },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const versions = new Map<string, number>();
  const diagnostics = (u: string, version: number): Promise<PublishDiagnosticsParams> => {
    const hit = published.get(u)?.find((p) => (p.version ?? 0) >= version);
    if (hit) return Promise.resolve(hit);
    return new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no diagnostics for ${u} version ${version} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({ uri: u, version, resolve: (p) => (clearTimeout(timer), res(p)) });
    });
  };
  return {
    ...server,
    initialize,
    open(u, text, languageId) {
      versions.set(u, 1);
      void connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: u, languageId: languageId ?? (u.endsWith('.dipmap') ? 'dipmap' : 'dipgame'), version: 1, text },
      });
      return diagnostics(u, 1);
    },
    change(u, changes) {
      const version = (versions.get(u) ?? 1) + 1;
      versions.set(u, version);
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: u, version }, contentChanges: changes });
      return diagnostics(u, version);
    },
    diagnostics,
    version: (u) => versions.get(u) ?? 0,
    latest: async (u) => {
      const list = published.get(u);
      return list?.[list.length - 1];
    },
    async close() {
      try {
        await connection.sendRequest(ShutdownRequest.type);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // already gone
      }
      await new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        const t = setTimeout(() => (child.kill(), res()), 3000);
        child.once('exit', () => (clearTimeout(t), res()));
      });
      connection.dispose();
    },
  };
}

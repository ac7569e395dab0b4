/**
 * A bare Language Server Protocol client: Content-Length framing (`@dipforge/lsp/framing`) over a
 * pair of streams, the requests' answers by id, the server's own requests (registrations,
 * configuration) answered empty, and a wait for a document's diagnostics. Used where a server is
 * driven as an editor drives it: the bench over a child's standard streams (`bench --editor`), and
 * the build's session that fills the server bundle's code cache in process (scripts/lsp-bundle.mjs).
 */
import type { Readable, Writable } from 'node:stream';
import { FrameReader, frame } from '@dipforge/lsp/framing';

/** A protocol message as the client reads it (any of request, answer and notification). */
export interface LspMessage {
  id?: number;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string };
}

/** How long a request or a wait for diagnostics may take before it fails, ms. */
const PATIENCE_MS = 60_000;

export class LspClient {
  private nextId = 1;
  private readonly replies = new Map<number, (m: LspMessage) => void>();
  private readonly diagnosticWaiters: { uri: string; version: number; done: () => void }[] = [];
  private readonly stderr: string[] = [];

  /** `input`: what the server reads; `output`: what it writes; `stderr`: its log, quoted when an answer does not come. */
  constructor(
    private readonly input: Writable,
    output: Readable,
    stderr?: Readable,
  ) {
    const frames = new FrameReader(
      (m) => this.dispatch(m as LspMessage),
      (what) => {
        throw new Error(`the server broke the protocol: ${what}`);
      },
    );
    output.on('data', (chunk: Buffer) => frames.push(chunk));
    stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString('utf8')));
  }

  private dispatch(m: LspMessage): void {
    if (m.id !== undefined && m.method === undefined) {
      this.replies.get(m.id)?.(m);
      this.replies.delete(m.id);
    } else if (m.id !== undefined && m.method !== undefined) {
      // A request from the server (registrations, configuration): answered empty.
      this.write({ id: m.id, result: null });
    } else if (m.method === 'textDocument/publishDiagnostics') {
      const { uri, version } = m.params as { uri: string; version?: number };
      for (let i = this.diagnosticWaiters.length - 1; i >= 0; i--) {
        const w = this.diagnosticWaiters[i]!;
        if (w.uri === uri && (version === undefined || version >= w.version)) {
          this.diagnosticWaiters.splice(i, 1);
          w.done();
        }
      }
    }
  }

  private write(m: LspMessage): void {
    this.input.write(frame({ jsonrpc: '2.0', ...m }));
  }

  notify(method: string, params: unknown): void {
    this.write({ method, params });
  }

  request(method: string, params: unknown): Promise<LspMessage> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} in 60 s: ${this.stderr.join('').slice(-300)}`)), PATIENCE_MS);
      this.replies.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      this.write({ id, method, params });
    });
  }

  /** Resolves when diagnostics for `uri` at `version` or later are published: ask before the change that brings them. */
  diagnostics(uri: string, version: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for version ${version} in 60 s: ${this.stderr.join('').slice(-300)}`)), PATIENCE_MS);
      this.diagnosticWaiters.push({
        uri,
        version,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

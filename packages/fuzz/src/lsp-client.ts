/**
 * A bare JSON-RPC client over a child process's standard input and output, as
 * the Language Server Protocol frames it (`Content-Length` headers, read and
 * written by `@dipforge/lsp/framing`). Bare on purpose: the fuzzer must be able
 * to send what a well-behaved client library would refuse to (positions out of
 * range, odd names), and must see exactly what the server answers, however
 * malformed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { FrameReader, frame } from '@dipforge/lsp/framing';

export interface RpcResponse {
  id: number;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** A message from the server as read (a request, a notification or an answer; anything, when malformed). */
type Incoming = { id?: number | string | null; method?: string; params?: unknown; result?: unknown; error?: RpcResponse['error'] };

export interface Sent {
  method: string;
  params: unknown;
  /** Present for requests. */
  id?: number;
  /** In a saved reproducer: a formatting request whose answer must change nothing (lsp-session.ts). */
  stable?: boolean;
}

/** Standard error kept from the server (its tail is what explains a crash). */
const STDERR_KEEP = 64_000;

export class RpcProcess {
  readonly child: ChildProcess;
  /** Every message sent, in order (the session's transcript). */
  readonly sent: Sent[] = [];
  stderr = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  /** Answers the server's own requests (registrations, configuration). */
  onRequest: (method: string, params: unknown) => unknown = () => null;
  onNotification: (method: string, params: unknown) => void = () => undefined;
  /** A frame that is no JSON-RPC message: the server broke the protocol. */
  onMalformed: (what: string) => void = () => undefined;

  /** The server's output read as frames (`@dipforge/lsp/framing`). */
  private readonly frames = new FrameReader(
    (message) => this.dispatch(message as Incoming),
    (what) => this.onMalformed(what),
  );
  private nextId = 1;
  private readonly waiting = new Map<number, (r: RpcResponse) => void>();

  constructor(command: readonly string[], cwd: string) {
    const [file, ...args] = command;
    if (!file) throw new Error('no command to start the language server');
    this.child = spawn(file, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (d: Buffer) => this.frames.push(d));
    this.child.stderr?.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-STDERR_KEEP);
    });
    // A write to a server that has gone is reported by its exit, not by an unhandled error.
    this.child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends a request; the promise settles with the response (never rejects: a dead server never answers). */
  request(method: string, params: unknown): { id: number; response: Promise<RpcResponse> } {
    const id = this.nextId++;
    const response = new Promise<RpcResponse>((resolve) => this.waiting.set(id, resolve));
    this.write({ jsonrpc: '2.0', id, method, params });
    this.sent.push({ method, params, id });
    return { id, response };
  }

  notify(method: string, params: unknown): void {
    this.write({ jsonrpc: '2.0', method, params });
    this.sent.push({ method, params });
  }

  kill(): void {
    if (this.exit === undefined) this.child.kill('SIGKILL');
  }

  private write(message: unknown): void {
    if (this.exit !== undefined || !this.child.stdin?.writable) return;
    this.child.stdin.write(frame(message));
  }

  private dispatch(message: Incoming): void {
    if (typeof message.method === 'string') {
      if (message.id !== undefined && message.id !== null) {
        const result = this.onRequest(message.method, message.params);
        this.write({ jsonrpc: '2.0', id: message.id, result: result ?? null });
      } else this.onNotification(message.method, message.params);
      return;
    }
    const id = typeof message.id === 'number' ? message.id : -1;
    const resolve = this.waiting.get(id);
    if (!resolve) {
      this.onMalformed(`a response to no request (id ${JSON.stringify(message.id)})`);
      return;
    }
    this.waiting.delete(id);
    const response: RpcResponse = { id };
    if (message.error) response.error = message.error;
    else response.result = message.result;
    resolve(response);
  }
}

/** The process's resident memory and its high-water mark, in bytes, from /proc (undefined where there is none). */
export function processMemory(pid: number | undefined, read: (path: string) => string): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = read(`/proc/${pid}/status`);
    const kb = (key: string): number => Number(new RegExp(`^${key}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

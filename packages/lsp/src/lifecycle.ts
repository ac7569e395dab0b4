/**
 * The protocol's order of things, kept for every message before any handler
 * runs (a message strategy of the connection). vscode-languageserver answers
 * every request it has a handler for at any time and reads whatever params
 * come; the protocol says otherwise:
 * - before `initialize`, a request is answered ServerNotInitialized (-32002)
 *   and a notification other than `exit` is dropped;
 * - a second `initialize`, and any request after `shutdown`, is answered
 *   InvalidRequest (-32600); notifications other than `exit` are dropped;
 * - a request whose params do not have the method's shape (`params.ts`) is
 *   answered InvalidParams (-32602) with what is wrong; such a notification is
 *   dropped and logged.
 * `exit` goes through at any time: the library ends the process with 0 after
 * a `shutdown` it was given, else 1, so a `shutdown` refused here (sent
 * before `initialize`) still leaves `exit` with 1.
 *
 * The library has no way to answer a request before its handler, so a refused
 * request is handed on as a request of the method REFUSED, whose handler
 * (registered with the connection) answers with the error carried in its
 * params, under the refused request's id.
 */
import { ErrorCodes, Message, type MessageStrategy, type NotificationMessage, type RequestMessage } from 'vscode-languageserver';
import { hasShape, notificationProblem, requestProblem } from './params.js';

export const REFUSED = '$/dipforge/refused';

export interface Refusal {
  code: number;
  message: string;
}

type Stage = 'before-initialize' | 'running' | 'shut-down';

export class Lifecycle implements MessageStrategy {
  private stage: Stage = 'before-initialize';
  /** How many messages have been handed on to the handlers (the server waits for a turn with none before a long re-play). */
  handled = 0;
  /** Where dropped notifications with malformed params are reported (set once the connection exists). */
  log: (message: string) => void = () => undefined;

  handleMessage(message: Message, next: (message: Message) => void | Promise<void>): void | Promise<void> {
    this.handled++;
    if (Message.isRequest(message)) return next(this.request(message));
    if (Message.isNotification(message)) return this.admits(message) ? next(message) : undefined;
    return next(message);
  }

  private request(m: RequestMessage): RequestMessage {
    const refuse = (code: number, text: string): RequestMessage => ({ ...m, method: REFUSED, params: { code, message: `dipforge: ${text}` } satisfies Refusal });
    // Only this module makes refusals: one sent by the client is no method of the server.
    if (m.method === REFUSED) return refuse(ErrorCodes.MethodNotFound, `unhandled method ${m.method}`);
    if (this.stage === 'before-initialize' && m.method !== 'initialize') return refuse(ErrorCodes.ServerNotInitialized, `${m.method} before initialize`);
    if (this.stage === 'shut-down') return refuse(ErrorCodes.InvalidRequest, `${m.method} after shutdown`);
    if (m.method === 'initialize' && this.stage === 'running') return refuse(ErrorCodes.InvalidRequest, 'initialize sent twice');
    if (m.method === 'shutdown') {
      this.stage = 'shut-down';
      return m;
    }
    const problem = requestProblem(m.method, m.params);
    if (problem) return refuse(ErrorCodes.InvalidParams, `${m.method}: ${problem}`);
    if (m.method === 'initialize') this.stage = 'running';
    // Params left out of a request the server checks are an empty object (they were checked as one), not the handler's first argument missing.
    return m.params === undefined && hasShape(m.method) ? { ...m, params: {} } : m;
  }

  private admits(m: NotificationMessage): boolean {
    if (m.method === 'exit') return true;
    if (this.stage !== 'running' && m.method !== '$/cancelRequest') return false;
    const problem = notificationProblem(m.method, m.params);
    if (problem) this.log(`dipforge: ${m.method} ignored: ${problem}`);
    return !problem;
  }
}

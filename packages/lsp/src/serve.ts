/**
 * How every request handler is run (the features' and the editor
 * extension's): a request cancelled before it starts, or while it works
 * (`Cancelled`, from a replay or a pass over the workspace), is answered
 * RequestCancelled (-32800); a `ResponseError` the handler throws is the
 * answer; anything else is a failure of the server: logged in one line and
 * answered InternalError (-32603). Messages never carry a stack trace: the
 * client shows them to people, and the frames are of no use to them.
 */
import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';
import { Cancelled, Pace } from './pace.js';

export type Log = (message: string) => void;

/** Logs to the client (`window/logMessage`, as errors); nothing when the connection is gone. */
export function connectionLog(connection: Pick<Connection, 'console'>): Log {
  return (message) => {
    try {
      connection.console.error(message);
    } catch {
      // the connection is gone: there is no one left to tell
    }
  };
}

/** What an error says, in one line: its name and the first line of its message, never its stack. */
export function errorText(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** A request handler as the connection calls it, around `fn`, which gets the params and the request's `Pace`. */
export function serve<P, R>(name: string, log: Log, fn: (params: P, pace: Pace) => R | Promise<R>): (params: P, token?: CancellationToken) => Promise<R | ResponseError<void>> {
  return async (params: P, token?: CancellationToken) => {
    const pace = new Pace(token);
    try {
      pace.check();
      return await fn(params, pace);
    } catch (e) {
      if (e instanceof Cancelled) return new ResponseError(LSPErrorCodes.RequestCancelled, `dipforge: ${name} cancelled`);
      if (e instanceof ResponseError) return e as ResponseError<void>;
      const text = `dipforge: ${name} failed: ${errorText(e)}`;
      log(text);
      return new ResponseError(ErrorCodes.InternalError, text);
    }
  };
}

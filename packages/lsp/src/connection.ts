/**
 * The connection the server runs on: vscode-languageserver's, over the
 * streams given or the transport the command line names (`--stdio`,
 * `--node-ipc`, as the editor extension starts it), with the protocol's order
 * of things and the params' shapes kept before any handler (`Lifecycle`).
 * Stray errors of the process are logged in one line and never end it.
 */
import { createConnection, ProposedFeatures, ResponseError, type Connection } from 'vscode-languageserver/node';
import { Lifecycle, REFUSED, type Refusal } from './lifecycle.js';
import { connectionLog, errorText } from './serve.js';

/** Each connection's lifecycle, for the count of messages it has handed on (`messagesHandled`). */
const lifecycles = new WeakMap<Connection, Lifecycle>();

/**
 * How many messages the connection has handed on to the handlers so far, when it was made by
 * `createLspConnection` (else always 0): the server waits for a turn with no message before a
 * long re-play, so that a request read with a change is answered first (`settle`).
 */
export function messagesHandled(connection: Connection): () => number {
  const lifecycle = lifecycles.get(connection);
  return lifecycle ? () => lifecycle.handled : () => 0;
}

export function createLspConnection(streams?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream }): Connection {
  const lifecycle = new Lifecycle();
  const options = { messageStrategy: lifecycle };
  const connection = streams ? createConnection(ProposedFeatures.all, streams.input, streams.output, options) : createConnection(ProposedFeatures.all, options);
  const log = connectionLog(connection);
  lifecycle.log = log;
  lifecycles.set(connection, lifecycle);
  connection.onRequest(REFUSED, (p: Refusal) => new ResponseError(p.code, p.message));
  process.on('uncaughtException', (e) => log(`dipforge: uncaught: ${errorText(e)}`));
  process.on('unhandledRejection', (e) => log(`dipforge: unhandled rejection: ${errorText(e)}`));
  return connection;
}

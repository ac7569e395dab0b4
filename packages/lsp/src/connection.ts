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

export function createLspConnection(streams?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream }): Connection {
  const lifecycle = new Lifecycle();
  const options = { messageStrategy: lifecycle };
  const connection = streams ? createConnection(ProposedFeatures.all, streams.input, streams.output, options) : createConnection(ProposedFeatures.all, options);
  const log = connectionLog(connection);
  lifecycle.log = log;
  connection.onRequest(REFUSED, (p: Refusal) => new ResponseError(p.code, p.message));
  process.on('uncaughtException', (e) => log(`dipforge: uncaught: ${errorText(e)}`));
  process.on('unhandledRejection', (e) => log(`dipforge: unhandled rejection: ${errorText(e)}`));
  return connection;
}

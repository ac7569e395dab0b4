/**
 * The protocol's order of things and the params' shapes, over stdio with the
 * real `dipforge lsp --stdio` process: requests before `initialize` are
 * ServerNotInitialized, malformed params are InvalidParams (never
 * InternalError) for every request the server serves, positions past the end
 * of a document are clamped, requests after `shutdown` are InvalidRequest,
 * `exit` exits 0 after `shutdown` and 1 without; and no message the server
 * sends ever carries a stack trace.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ErrorCodes,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  ResponseError,
  ShutdownRequest,
} from 'vscode-languageserver-protocol';
import { BOARD_REQUEST, DIFF_REQUEST, EDITIONS_REQUEST, NEXT_PHASE_REQUEST, ORDERS_AT_REQUEST, SET_EDITION_REQUEST, STATUS_REQUEST, WRITE_ORDER_REQUEST } from '@dipforge/lsp/requests';
import { read, spawnServer, startStdio, type ServerProcess, type StdioClient } from '../packages/lsp/test/harness.js';
import { EXAMPLE, fileUri, WS } from '../packages/lsp/test/util.js';

/** A line of a stack trace, or a frame's file and line. */
const STACK = /^\s+at |\.[cm]?[jt]s:\d+/m;
const INT_MAX = 2 ** 31 - 1;

/** The error a request was answered with (fails the test when it was answered with a result). */
async function errorOf(answer: Promise<unknown>): Promise<ResponseError<unknown>> {
  const outcome = await answer.then(
    (result: unknown) => ({ result }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`answered with a result: ${JSON.stringify(outcome.result)?.slice(0, 200)}`);
  expect(outcome.error).toBeInstanceOf(ResponseError);
  return outcome.error as ResponseError<unknown>;
}

/** No log line and no error message the server sent holds a stack trace. */
function noStacks(server: ServerProcess, messages: string[] = []): void {
  for (const m of [...server.logs.map((l) => l.message), ...messages]) expect(m, m).not.toMatch(STACK);
  expect(server.stderr.join('')).toBe('');
}

const initializeParams = { processId: process.pid, rootUri: null, capabilities: {} };

/** Runs `fn` with a server that has been sent nothing yet, and ends the server after it. */
async function withServer(fn: (server: ServerProcess) => Promise<void>): Promise<void> {
  const server = spawnServer();
  server.connection.listen();
  try {
    await fn(server);
  } finally {
    server.process.kill();
    server.connection.dispose();
  }
}
const gameText = 'variant classic\n\nphase spring 1901 movement\n  france:\n    A par - bur\n';

describe('before initialize', () => {
  it('a request is answered ServerNotInitialized (-32002); a notification is dropped; shutdown too is refused, so exit exits 1', async () => {
    await withServer(async (server) => {
      const uri = 'untitled:early.dipgame';
      const hover = await errorOf(server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }));
      expect(hover.code).toBe(ErrorCodes.ServerNotInitialized);
      expect(hover.message).toBe('dipforge: textDocument/hover before initialize');
      const unknown = await errorOf(server.connection.sendRequest('dipforge/nonsense', {}));
      expect(unknown.code).toBe(ErrorCodes.ServerNotInitialized);
      // Dropped: after initialize the document is not open.
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'dipgame', version: 1, text: gameText } });
      const shutdown = await errorOf(server.connection.sendRequest(ShutdownRequest.type));
      expect(shutdown.code).toBe(ErrorCodes.ServerNotInitialized);
      await server.connection.sendRequest(InitializeRequest.type, initializeParams);
      await server.connection.sendNotification(InitializedNotification.type, {});
      expect(await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })).toEqual([]);
      // The same notification after initialize opens it.
      await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'dipgame', version: 1, text: gameText } });
      const symbols = await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
      expect(symbols?.map((s) => s.name)).toEqual(['phase spring 1901 movement']);
      await server.connection.sendNotification(ExitNotification.type);
      expect(await server.exited).toBe(1);
      noStacks(server, [hover.message, unknown.message, shutdown.message]);
    });
  }, 60_000);

  it('initialize with malformed params is InvalidParams (-32602) and leaves the server to be initialized; a second initialize is InvalidRequest', async () => {
    await withServer(async (server) => {
      const bad = await errorOf(server.connection.sendRequest('initialize', {}));
      expect(bad.code).toBe(ErrorCodes.InvalidParams);
      expect(bad.message).toBe('dipforge: initialize: params.processId must be an integer from 0 to 2147483647, not missing');
      const noCaps = await errorOf(server.connection.sendRequest('initialize', { processId: null }));
      expect(noCaps.message).toBe('dipforge: initialize: params.capabilities must be an object, not missing');
      const badFolders = await errorOf(server.connection.sendRequest('initialize', { ...initializeParams, workspaceFolders: [{ uri: 5 }] }));
      expect(badFolders.message).toBe('dipforge: initialize: params.workspaceFolders[0].uri must be a string, not 5');
      const result = await server.connection.sendRequest(InitializeRequest.type, initializeParams);
      expect(result.serverInfo?.name).toBe('dipforge');
      const again = await errorOf(server.connection.sendRequest(InitializeRequest.type, initializeParams));
      expect(again.code).toBe(ErrorCodes.InvalidRequest);
      noStacks(server, [bad.message, noCaps.message, badFolders.message, again.message]);
    });
  }, 60_000);
});

describe('shutdown and exit', () => {
  it('after shutdown every request is InvalidRequest (-32600); exit then exits 0', async () => {
    const client = await startStdio();
    const { connection } = client;
    expect(await connection.sendRequest(ShutdownRequest.type)).toBeNull();
    const hover = await errorOf(connection.sendRequest(HoverRequest.type, { textDocument: { uri: fileUri(EXAMPLE) }, position: { line: 0, character: 0 } }));
    expect(hover.code).toBe(ErrorCodes.InvalidRequest);
    expect(hover.message).toBe('dipforge: textDocument/hover after shutdown');
    const again = await errorOf(connection.sendRequest(ShutdownRequest.type));
    expect(again.code).toBe(ErrorCodes.InvalidRequest);
    const init = await errorOf(connection.sendRequest(InitializeRequest.type, initializeParams));
    expect(init.code).toBe(ErrorCodes.InvalidRequest);
    await connection.sendNotification(ExitNotification.type);
    expect(await client.exited).toBe(0);
    noStacks(client, [hover.message, again.message, init.message]);
    connection.dispose();
  }, 60_000);

  it('exit without shutdown exits 1', async () => {
    const client = await startStdio();
    await client.connection.sendNotification(ExitNotification.type);
    expect(await client.exited).toBe(1);
    client.connection.dispose();
  }, 60_000);
});

/** Every request the server serves, with params that fit, for a document and a position in it. */
function requests(uri: string, position: { line: number; character: number }): [string, Record<string, unknown>][] {
  const textDocument = { uri };
  const range = { start: position, end: position };
  return [
    ['textDocument/completion', { textDocument, position }],
    ['textDocument/hover', { textDocument, position }],
    ['textDocument/definition', { textDocument, position }],
    ['textDocument/references', { textDocument, position, context: { includeDeclaration: true } }],
    ['textDocument/documentHighlight', { textDocument, position }],
    ['textDocument/prepareRename', { textDocument, position }],
    ['textDocument/rename', { textDocument, position, newName: 'xyz' }],
    ['textDocument/signatureHelp', { textDocument, position }],
    ['textDocument/documentSymbol', { textDocument }],
    ['textDocument/foldingRange', { textDocument }],
    ['textDocument/semanticTokens/full', { textDocument }],
    ['textDocument/codeLens', { textDocument }],
    ['textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } }],
    ['textDocument/codeAction', { textDocument, range, context: { diagnostics: [] } }],
    ['textDocument/inlayHint', { textDocument, range }],
    ['workspace/symbol', { query: 'par' }],
    [BOARD_REQUEST, { uri, position }],
    [STATUS_REQUEST, { uri, position }],
    [NEXT_PHASE_REQUEST, { uri }],
    [EDITIONS_REQUEST, { uri }],
    [SET_EDITION_REQUEST, { uri, edition: '2000' }],
    [DIFF_REQUEST, { uri, editionB: '2000' }],
    [ORDERS_AT_REQUEST, { uri, position, province: 'par' }],
    [WRITE_ORDER_REQUEST, { uri, position, province: 'par', order: 'A par - bur' }],
  ];
}

/** The ways a request's params can be malformed: each is the params that fit with one thing broken. */
function malformed(method: string, params: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [['an array for the params', [params]]];
  const set = (path: string[], value: unknown): Record<string, unknown> => {
    const copy = structuredClone(params);
    let at: Record<string, unknown> = copy;
    for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[path[path.length - 1] as string] = value;
    return copy;
  };
  if ('textDocument' in params) {
    out.push(['no textDocument', set(['textDocument'], undefined)], ['textDocument null', set(['textDocument'], null)], ['a number for the uri', set(['textDocument', 'uri'], 42)]);
  }
  if ('uri' in params) {
    // The editions request may name no document (the editions every file may name).
    if (method !== EDITIONS_REQUEST) out.push(['no uri', set(['uri'], undefined)]);
    out.push(['a number for the uri', set(['uri'], 42)]);
  }
  if ('position' in params) {
    // The extension's board and status requests may leave the position out (the document's start).
    if (method.startsWith('textDocument/')) out.push(['no position', set(['position'], undefined)]);
    out.push(
      ['a negative line', set(['position', 'line'], -1)],
      ['a string for the character', set(['position', 'character'], '3')],
      ['a fraction', set(['position', 'line'], 1.5)],
      ['a line over 2^31 - 1', set(['position', 'line'], 2 ** 31)],
      ['a huge number', set(['position', 'character'], 1e300)],
    );
  }
  if ('range' in params) {
    out.push(['a range that ends before it starts', set(['range'], { start: { line: 3, character: 0 }, end: { line: 1, character: 0 } })], ['a range without a start', set(['range', 'start'], undefined)]);
  }
  if ('options' in params) out.push(['no options', set(['options'], undefined)], ['a negative tab size', set(['options', 'tabSize'], -2)], ['a string for insertSpaces', set(['options', 'insertSpaces'], 'yes')]);
  if ('newName' in params) out.push(['a number for the new name', set(['newName'], 5)]);
  if ('context' in params && 'position' in params) out.push(['a string for includeDeclaration', set(['context', 'includeDeclaration'], 'yes')]);
  if ('query' in params) out.push(['a number for the query', set(['query'], 5)]);
  if ('edition' in params) out.push(['no edition', set(['edition'], undefined)]);
  if ('editionB' in params) out.push(['an empty edition', set(['editionB'], '')]);
  if ('province' in params) out.push(['no province', set(['province'], undefined)], ['an empty province', set(['province'], ' ')], ['a number for the province', set(['province'], 7)]);
  if ('order' in params) out.push(['no order', set(['order'], undefined)], ['an empty order', set(['order'], '')]);
  return out;
}

describe('params', () => {
  let client: StdioClient;
  const gameUri = fileUri(EXAMPLE);
  const mapUri = fileUri(join(WS, 'tiny.dipmap'));

  beforeAll(async () => {
    client = await startStdio([WS]);
    await client.open(gameUri, read(EXAMPLE));
    await client.open(mapUri, read(join(WS, 'tiny.dipmap')));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
  });

  it('malformed params of every request are InvalidParams (-32602) saying what is wrong, never InternalError', async () => {
    const messages: string[] = [];
    let checked = 0;
    for (const [method, params] of requests(gameUri, { line: 4, character: 6 })) {
      for (const [what, bad] of malformed(method, params)) {
        const error = await errorOf(client.connection.sendRequest(method, bad));
        expect(error.code, `${method}, ${what}: ${error.message}`).toBe(ErrorCodes.InvalidParams);
        expect(error.message.startsWith(`dipforge: ${method}: params`), error.message).toBe(true);
        messages.push(error.message);
        checked++;
      }
      // Params left out altogether (the custom editions request takes none).
      if (method !== EDITIONS_REQUEST && method !== 'workspace/symbol') {
        const error = await errorOf(client.connection.sendRequest(method));
        expect(error.code, method).toBe(ErrorCodes.InvalidParams);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(messages).toContain('dipforge: textDocument/hover: params.position.line must be an integer from 0 to 2147483647, not -1');
    expect(messages).toContain('dipforge: textDocument/codeAction: params.range.end must not come before params.range.start');
    noStacks(client, messages);
  }, 120_000);

  it('positions and ranges past the end of a document are clamped to it: every request is answered, in a game and in a map', async () => {
    for (const uri of [gameUri, mapUri]) {
      for (const position of [{ line: INT_MAX, character: INT_MAX }, { line: 0, character: INT_MAX }, { line: 3, character: 100_000 }]) {
        for (const [method, params] of requests(uri, position)) {
          const outcome = await client.connection.sendRequest(method, params).then(
            () => 'answered',
            (e: ResponseError<unknown>) => `${e.code} ${e.message}`,
          );
          // A request the document cannot serve says so (a map has no next phase; a built-in variant's province is not renamed;
          // an order not legal in the phase there is not written); none fails.
          if (outcome !== 'answered') expect(outcome, `${method} at ${JSON.stringify(position)} in ${uri}`).toMatch(/^(-32602 dipforge: this request is for game files|-32803 \w+ is declared by a built-in variant|-32602 dipforge: .*(is not a legal order|No unit in par))/);
        }
      }
    }
    noStacks(client);
  }, 120_000);

  it('a notification with malformed params is dropped and logged in one line; the document stays as it was', async () => {
    const before = client.logs.length;
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: gameUri, version: 99 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 5 as never }],
    });
    const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: gameUri } });
    expect(symbols?.[0]?.name).toBe('phase spring 1901 movement');
    expect(client.logs.slice(before).map((l) => l.message)).toEqual(['dipforge: textDocument/didChange ignored: params.contentChanges[0].text must be a string, not 5']);
    noStacks(client);
  }, 60_000);

  it('an edit whose range starts off the text is brought onto it, as the client\'s protocol library reads it, not dropped', async () => {
    const lineOf = async (): Promise<number | undefined> => {
      const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: gameUri } });
      const first = symbols?.[0];
      return first && 'range' in first ? first.range.start.line : undefined;
    };
    const was = await lineOf();
    expect(was).toBeTypeOf('number');
    const before = client.logs.length;
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: gameUri, version: 100 },
      contentChanges: [{ range: { start: { line: -1, character: -5 }, end: { line: 0, character: 0 } }, text: '// a note\n' }],
    });
    expect(await lineOf()).toBe((was ?? 0) + 1);
    expect(client.logs.slice(before)).toEqual([]);
    noStacks(client);
  }, 60_000);
});

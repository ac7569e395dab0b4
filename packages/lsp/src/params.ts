/**
 * The shapes of the params the server accepts, per method, checked in one
 * place before any handler sees them (`lifecycle.ts`): a request whose params
 * do not fit is answered InvalidParams (-32602) with what is wrong, and a
 * notification is dropped, so no handler ever reads a missing field or a
 * number that is no position. Positions are LSP `uinteger`s (0 to 2^31 − 1);
 * a position past the end of a document is well-formed and is clamped to the
 * document by the handler (`clampParams`). Fields the server does not read are
 * not checked, beyond being objects where the protocol says so.
 */
import { BOARD_REQUEST, DIFF_REQUEST, EDITIONS_REQUEST, NEXT_PHASE_REQUEST, ORDERS_AT_REQUEST, SET_EDITION_REQUEST, STATUS_REQUEST, WRITE_ORDER_REQUEST } from './requests.js';

/** What is wrong with a value (`at` names it, e.g. `params.position.line`), or undefined when it fits. */
export type Check = (value: unknown, at: string) => string | undefined;

/** The largest LSP `uinteger` (and `integer`). */
const INT_MAX = 2 ** 31 - 1;

/** A value as an error message quotes it: short, whatever its size. */
function show(v: unknown): string {
  if (v === undefined) return 'missing';
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function fits(ok: boolean, at: string, what: string, v: unknown): string | undefined {
  return ok ? undefined : `${at} must be ${what}, not ${show(v)}`;
}

const uinteger: Check = (v, at) => fits(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= INT_MAX, at, `an integer from 0 to ${INT_MAX}`, v);
const integer: Check = (v, at) => fits(typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= INT_MAX, at, 'an integer', v);
const string: Check = (v, at) => fits(typeof v === 'string', at, 'a string', v);
const boolean: Check = (v, at) => fits(typeof v === 'boolean', at, 'true or false', v);

function optional(check: Check): Check {
  return (v, at) => (v === undefined ? undefined : check(v, at));
}

function nullable(check: Check): Check {
  return (v, at) => (v === null ? undefined : check(v, at));
}

function oneOf(...values: (string | number)[]): Check {
  return (v, at) => fits(values.includes(v as string | number), at, `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`, v);
}

function array(check: Check): Check {
  return (v, at) => {
    if (!Array.isArray(v)) return fits(false, at, 'an array', v);
    for (let i = 0; i < v.length; i++) {
      const problem = check(v[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

function object(fields: Record<string, Check> = {}): Check {
  return (v, at) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fits(false, at, 'an object', v);
    for (const [key, check] of Object.entries(fields)) {
      const problem = check((v as Record<string, unknown>)[key], `${at}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  };
}

function both(a: Check, b: Check): Check {
  return (v, at) => a(v, at) ?? b(v, at);
}

const position = object({ line: uinteger, character: uinteger });
const finite: Check = (v, at) => fits(typeof v === 'number' && Number.isFinite(v), at, 'a number', v);
const anyPosition = object({ line: finite, character: finite });
const range = both(object({ start: position, end: position }), (v, at) => {
  const { start, end } = v as { start: { line: number; character: number }; end: { line: number; character: number } };
  const backwards = end.line < start.line || (end.line === start.line && end.character < start.character);
  return backwards ? `${at}.end must not come before ${at}.start` : undefined;
});
const textDocument = object({ uri: string });
const atPosition = { textDocument, position };
const documentOnly = object({ textDocument });

/** The custom requests name the document by `uri` or, LSP style, by `textDocument.uri`. */
const customDocument = { uri: optional(string), textDocument: optional(textDocument) };
const namesDocument: Check = (v, at) => {
  const p = v as { uri?: string; textDocument?: unknown };
  return p.uri === undefined && p.textDocument === undefined ? `${at}.uri must name the document, not missing` : undefined;
};
const customAt = both(object({ ...customDocument, position: optional(position) }), namesDocument);
const nonEmpty: Check = both(string, (v, at) => ((v as string).trim() === '' ? `${at} must not be empty` : undefined));

const REQUESTS: Record<string, Check> = {
  initialize: object({
    processId: nullable(uinteger),
    capabilities: object(),
    rootUri: optional(nullable(string)),
    rootPath: optional(nullable(string)),
    workspaceFolders: optional(nullable(array(object({ uri: string, name: string })))),
    trace: optional(string),
  }),
  'textDocument/completion': object({ ...atPosition, context: optional(object()) }),
  'textDocument/hover': object(atPosition),
  'textDocument/definition': object(atPosition),
  'textDocument/references': object({ ...atPosition, context: optional(object({ includeDeclaration: boolean })) }),
  'textDocument/documentHighlight': object(atPosition),
  'textDocument/prepareRename': object(atPosition),
  'textDocument/rename': object({ ...atPosition, newName: string }),
  'textDocument/signatureHelp': object({ ...atPosition, context: optional(object()) }),
  'textDocument/documentSymbol': documentOnly,
  'textDocument/foldingRange': documentOnly,
  'textDocument/semanticTokens/full': documentOnly,
  'textDocument/semanticTokens/full/delta': object({ textDocument, previousResultId: string }),
  'textDocument/semanticTokens/range': object({ textDocument, range }),
  'textDocument/codeLens': documentOnly,
  'textDocument/formatting': object({ textDocument, options: object({ tabSize: uinteger, insertSpaces: boolean }) }),
  'textDocument/codeAction': object({ textDocument, range, context: optional(object()) }),
  'textDocument/inlayHint': object({ textDocument, range }),
  'workspace/symbol': object({ query: optional(string) }),
  [BOARD_REQUEST]: customAt,
  [STATUS_REQUEST]: customAt,
  [ORDERS_AT_REQUEST]: both(object({ ...customDocument, position: optional(position), province: nonEmpty }), namesDocument),
  [WRITE_ORDER_REQUEST]: both(object({ ...customDocument, position: optional(position), province: nonEmpty, order: nonEmpty }), namesDocument),
  [NEXT_PHASE_REQUEST]: both(object(customDocument), namesDocument),
  [EDITIONS_REQUEST]: object(customDocument),
  [SET_EDITION_REQUEST]: both(object({ ...customDocument, edition: string }), namesDocument),
  [DIFF_REQUEST]: both(object({ ...customDocument, editionA: optional(nullable(string)), editionB: both(string, (v, at) => (v === '' ? `${at} must name an edition, not ""` : undefined)) }), namesDocument),
};

const NOTIFICATIONS: Record<string, Check> = {
  'textDocument/didOpen': object({ textDocument: object({ uri: string, languageId: string, version: integer, text: string }) }),
  'textDocument/didChange': object({
    textDocument: object({ uri: string, version: integer }),
    // An edit's range is taken even when it ends before it starts or names a place off the text (the
    // document puts its ends in order and brings them onto the text, as the protocol library reads an
    // offset): dropping an edit would leave the server's text other than the client's for good.
    contentChanges: array(object({ text: string, range: optional(object({ start: anyPosition, end: anyPosition })), rangeLength: optional(uinteger) })),
  }),
  'textDocument/didClose': documentOnly,
  'textDocument/didSave': object({ textDocument, text: optional(string) }),
  'textDocument/willSave': object({ textDocument, reason: oneOf(1, 2, 3) }),
  'workspace/didChangeWatchedFiles': object({ changes: array(object({ uri: string, type: oneOf(1, 2, 3) })) }),
  '$/setTrace': object({ value: string }),
  '$/cancelRequest': object({ id: (v, at) => fits(typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)), at, 'a request id', v) }),
};

/** Whether the server checks the params of this request (it is one of the server's own). */
export function hasShape(method: string): boolean {
  return Object.hasOwn(REQUESTS, method);
}

/** What is wrong with a request's params (left out: an empty object), or undefined when they fit or the method is not one the server checks. */
export function requestProblem(method: string, params: unknown): string | undefined {
  return hasShape(method) ? REQUESTS[method]?.(params === undefined ? {} : params, 'params') : undefined;
}

/** The same for a notification. */
export function notificationProblem(method: string, params: unknown): string | undefined {
  return Object.hasOwn(NOTIFICATIONS, method) ? NOTIFICATIONS[method]?.(params, 'params') : undefined;
}

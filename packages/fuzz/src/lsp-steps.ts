/**
 * What the language-server fuzzer does at each step, drawn from the step's
 * seed: an edit (incremental, or the whole text replaced by a mutant) or a
 * request (every feature, and the editor extension's requests), at a place
 * in the text, at its very end, or out of range (past the last line, past a
 * line's end, negative).
 */
import type { CorpusFile } from './corpus.js';
import { Mirror, type Change, type LspPosition } from './lsp-doc.js';
import { mutateBytes, OPERATORS } from './mutate.js';
import type { Rng } from './prng.js';

export type Step =
  | { kind: 'change'; uri: string; changes: Change[] }
  /** `malformed`: params damaged on purpose (a field missing or of the wrong type). */
  | { kind: 'request'; method: string; uri: string | undefined; params: unknown; cancel: boolean; malformed: boolean }
  | { kind: 'reopen'; uri: string }
  /** A workspace file changed on disk (new bytes) or deleted (none), as the editor's file watcher reports it. */
  | { kind: 'watched'; rel: string; bytes: Buffer | undefined };

/** The requests a position or range goes with, and the rest. */
const AT_POSITION = [
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/documentHighlight',
  'textDocument/prepareRename',
  'textDocument/rename',
  'textDocument/signatureHelp',
  'dipforge/board',
  'dipforge/status',
];
const AT_RANGE = ['textDocument/codeAction', 'textDocument/inlayHint'];
const WHOLE = [
  'textDocument/documentSymbol',
  'textDocument/foldingRange',
  'textDocument/semanticTokens/full',
  'textDocument/formatting',
  'textDocument/codeLens',
  'dipforge/nextPhase',
  'dipforge/editions',
  'dipforge/setEdition',
  'dipforge/diff',
  'workspace/symbol',
];
export const METHODS: readonly string[] = [...AT_POSITION, ...AT_RANGE, ...WHOLE];

const EDITIONS = ['2023', '2000', '1982', '1971', 'old-rules', 'online-5', 'nope', '', '😀'];
const NAMES = ['par', 'x', 'new_name', '伯林', '', ' ', 'a b', 'classic', '1901', '-', 'é\u0301', 'x'.repeat(5000)];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz ABCFHS-/:\n\r\t"[](){},;#*→伯💥0123456789\u0000\u2028é\u0301';
const SNIPPETS = [
  '\n',
  '\r\n',
  '\r',
  '  A par - bur\n',
  '  F lon S F nth - eng [succeeds]\n',
  'phase fall 1901 movement\n',
  'phase spring 1901 retreat\n  england:\n    A bel R hol\n',
  'expect\n  units england: A lon\n',
  'declare after fall 1901\n  draw england, france\n',
  'province zz "Zed" land supply\n',
  'adjacency { army par: bur }\n',
  'variant classic\nedition 1971\n',
  'rule convoy-paradox 1982\n',
  '// comment\n',
  '/* open comment ',
  '{'.repeat(1000),
  '99999999999999999999 ',
  'spring 4294967296 movement ',
];

export interface StepContext {
  docs: readonly Mirror[];
  files: readonly CorpusFile[];
  /** The URI of a workspace file (on disk, maybe not open). */
  uriOf: (rel: string) => string;
  /** Positions out of range (past the end) at all. */
  outOfRange: boolean;
  /** Negative positions among them. */
  negative: boolean;
  /** Now and then a request whose params are damaged (a field missing or of the wrong type). */
  malformed: boolean;
}

export function nextStep(rng: Rng, ctx: StepContext): Step {
  const doc = rng.pick(ctx.docs);
  const r = rng.float();
  if (r < 0.4) {
    // One to three changes in one notification, each made against the text the one before leaves.
    const scratch = new Mirror(doc.uri, doc.languageId, doc.text);
    const changes = Array.from({ length: rng.chance(0.8) ? 1 : rng.between(2, 3) }, () => {
      const c = change(rng, scratch, ctx);
      scratch.apply([c], scratch.version + 1);
      return c;
    });
    return { kind: 'change', uri: doc.uri, changes };
  }
  if (r < 0.42) return { kind: 'reopen', uri: doc.uri };
  if (r < 0.44) {
    const file = rng.pick(ctx.files);
    return { kind: 'watched', rel: file.rel, bytes: rng.chance(0.2) ? undefined : mutateBytes(rng, file.bytes, rng.pick(OPERATORS), ctx.files) };
  }
  const method = rng.pick(METHODS);
  const request = (uri: string | undefined, p: unknown): Step => {
    const malformed = ctx.malformed && rng.chance(0.03);
    return { kind: 'request', method, uri, params: malformed ? damage(rng, p) : p, cancel: rng.chance(0.05), malformed };
  };
  if (method === 'workspace/symbol') return request(undefined, params(rng, method, doc, ctx));
  if (rng.chance(0.05)) {
    // A workspace file that is not open: the server reads it from the disk.
    const file = rng.pick(ctx.files);
    const onDisk = new Mirror(ctx.uriOf(file.rel), file.kind === 'map' ? 'dipmap' : 'dipgame', file.bytes.toString('utf8'));
    return request(onDisk.uri, params(rng, method, onDisk, ctx));
  }
  return request(doc.uri, params(rng, method, doc, ctx));
}

/** Params with one thing wrong: a field left out, or given a value of another type. */
function damage(rng: Rng, params: unknown): unknown {
  if (typeof params !== 'object' || params === null || rng.chance(0.1)) return rng.pick([null, [], 'params', 7]);
  const copy = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
  const keys = Object.keys(copy);
  const key = rng.pick(keys);
  const inner = copy[key];
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && rng.chance(0.5)) {
    const k = rng.pick(Object.keys(inner));
    (inner as Record<string, unknown>)[k] = rng.pick([undefined, null, 'x', -1, {}]);
  } else if (rng.chance(0.5)) delete copy[key];
  else copy[key] = rng.pick([null, 'x', 42, [], {}]);
  return copy;
}

function change(rng: Rng, doc: Mirror, ctx: StepContext): Change {
  const r = rng.float();
  if (r < 0.1) {
    // The whole text: a mutant of this document or of a corpus file.
    const source = rng.chance(0.8) ? Buffer.from(doc.text, 'utf8') : rng.pick(ctx.files).bytes;
    return { text: mutateBytes(rng, source, rng.pick(OPERATORS), ctx.files).toString('utf8') };
  }
  const start = position(rng, doc, ctx);
  const end = rng.chance(0.5) ? start : rng.chance(0.1) ? position(rng, doc, ctx) : doc.positionAt(doc.offsetAt(start) + rng.int(80));
  return { range: { start, end }, text: rng.chance(0.25) ? '' : snippet(rng, ctx) };
}

function snippet(rng: Rng, ctx: StepContext): string {
  const r = rng.float();
  if (r < 0.3) return Array.from({ length: rng.between(1, 8) }, () => rng.pick([...ALPHABET])).join('');
  if (r < 0.6) return rng.pick(SNIPPETS);
  const text = rng.pick(ctx.files).bytes.toString('utf8');
  const at = rng.int(text.length);
  return text.slice(at, at + rng.between(1, 400));
}

/** A position: mostly on the text, sometimes at its end, sometimes (when allowed) out of range. */
export function position(rng: Rng, doc: Mirror, ctx: StepContext): LspPosition {
  const r = rng.float();
  if (ctx.outOfRange && r < 0.1) {
    const lines = doc.lineCount;
    const candidates: LspPosition[] = [
      { line: lines, character: 0 },
      { line: lines + 7, character: 3 },
      { line: 1_000_000, character: 1_000_000 },
      { line: rng.int(lines), character: 10_000 },
      { line: rng.int(lines), character: doc.lineLength(0) + 1 },
    ];
    if (ctx.negative) candidates.push({ line: -1, character: 0 }, { line: 0, character: -5 });
    return rng.pick(candidates);
  }
  if (r < 0.15) return doc.positionAt(doc.text.length);
  const line = rng.int(doc.lineCount);
  return { line, character: rng.int(doc.lineLength(line) + 1) };
}

function params(rng: Rng, method: string, doc: Mirror, ctx: StepContext): unknown {
  const textDocument = { uri: doc.uri };
  const at = (): LspPosition => position(rng, doc, ctx);
  switch (method) {
    case 'workspace/symbol':
      return { query: rng.pick(['', 'par', 'a', 'Eng', '伯', 'zzz']) };
    case 'textDocument/references':
      return { textDocument, position: at(), context: { includeDeclaration: rng.chance(0.5) } };
    case 'textDocument/rename':
      return { textDocument, position: at(), newName: rng.pick(NAMES) };
    case 'textDocument/formatting':
      return { textDocument, options: { tabSize: rng.pick([2, 4, 8]), insertSpaces: rng.chance(0.8) } };
    case 'textDocument/codeAction':
      return { textDocument, range: { start: at(), end: at() }, context: { diagnostics: [] } };
    case 'textDocument/inlayHint':
      return { textDocument, range: { start: at(), end: at() } };
    case 'dipforge/board':
    case 'dipforge/status':
      return rng.chance(0.5) ? { uri: doc.uri, position: at() } : { textDocument, position: at() };
    case 'dipforge/nextPhase':
    case 'dipforge/editions':
      return { uri: doc.uri };
    case 'dipforge/setEdition':
      return { uri: doc.uri, edition: rng.pick(EDITIONS) };
    case 'dipforge/diff':
      return { uri: doc.uri, editionB: rng.pick(EDITIONS), ...(rng.chance(0.3) ? { editionA: rng.pick(EDITIONS) } : {}) };
    default:
      return AT_POSITION.includes(method) ? { textDocument, position: at() } : { textDocument };
  }
}

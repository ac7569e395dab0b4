/** The fuzzers of dipforge (docs/TESTING.md, "Fuzzing"). */
export { fuzzFiles, replayFile, describeFailure, prepareTree, type FileFuzzOptions, type FileFuzzReport, type ReplayOptions } from './files.js';
export type { Failure, FailureKind } from './failures.js';
export { loadCorpus, CORPUS_FOLDERS, LSP_FOLDERS, type Corpus, type CorpusFile } from './corpus.js';
export { makeInput, OPERATORS, type FileInput, type Operator } from './mutate.js';
export { minimize, type Budget } from './minimize.js';
export { diagnosticProblems, diagnosticsProblems, lineStarts, positionOf, type DiagnosticProblem } from './ranges.js';
export { PLANT, normalize, type Finding, type TargetInput } from './targets.js';
export type { RunResult } from './pool.js';
export { Rng, itemSeed } from './prng.js';
export { fuzzLsp, describeLspFailure, type LspFuzzOptions, type LspFuzzReport, type LspFailure } from './lsp-fuzz.js';
export { Session, type LspEvent, type LspFailureKind, type DocSnapshot, type SessionOptions } from './lsp-session.js';
export { replayTranscript, replayLspFile, reduce, TREE, type Scenario } from './lsp-reduce.js';
export { answerProblems, lineLengths, setEditionProblems } from './lsp-check.js';
export { formatProblems, type FormatCheck } from './lsp-format.js';
export { Mirror, wellFormed, type Change, type LspPosition, type LspRange } from './lsp-doc.js';
export { processMemory, RpcProcess, type RpcResponse, type Sent } from './lsp-client.js';

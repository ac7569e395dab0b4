/**
 * How the language server's process is started, wherever it is started (the editor extension,
 * `dipforge bench --editor`, an editor set up by hand: docs/LSP.md): Node's flags for it.
 *
 * A young generation of 32 MB semi-spaces from the start (V8 starts with 1 MB ones and grows them
 * to 16 MB): the objects of a long game's first check (a 150-phase game's) die young instead of
 * being copied by scavenge after scavenge and promoted, so that check runs without a collection,
 * and V8's first full collection, which the promoted objects bring on, does not land in the
 * requests an editor sends right after the first diagnostics (the semantic tokens of the file it
 * opened). The price is memory: the young generation (two semi-spaces) may hold up to 32 MB more
 * than V8's default lets it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=32', '--max-semi-space-size=32'];

/**
 * Whether this process was started with `SERVER_NODE_FLAGS`. V8 takes a code cache only in a
 * process started with the flags of the one that wrote it: the server's bundle has one for each.
 */
export function startedWithServerFlags(execArgv: readonly string[] = process.execArgv): boolean {
  return SERVER_NODE_FLAGS.every((f) => execArgv.includes(f));
}

/**
 * How the language server's process is started, wherever it is started (the editor extension,
 * `dipforge bench --editor`, an editor set up by hand: docs/LSP.md): Node's flags for it.
 *
 * The young generation at its full size from the start (16 MB semi-spaces, V8's own ceiling on
 * 64-bit systems, which a server grows to anyway): the objects of a game's first check then die
 * young, not promoted by the small early scavenges of a young generation that starts at 1 MB, and
 * the old generation does not reach the size at which V8 begins its first full collection — which
 * otherwise lands in the requests an editor sends right after the first diagnostics (the semantic
 * tokens of the file it opened).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=16'];

/**
 * Whether this process was started with `SERVER_NODE_FLAGS`. V8 takes a code cache only in a
 * process started with the flags of the one that wrote it: the server's bundle has one for each.
 */
export function startedWithServerFlags(execArgv: readonly string[] = process.execArgv): boolean {
  return SERVER_NODE_FLAGS.every((f) => execArgv.includes(f));
}

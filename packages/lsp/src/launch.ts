/**
 * How the language server's process is started, wherever it is started (the editor extension,
 * `dipforge bench --editor`, an editor set up by hand: docs/LSP.md): Node's flags for it.
 *
 * Room for an old generation of 64 MB before V8's first full collection (V8 starts with less): the
 * first check of a long game (a 150-phase game's) promotes enough objects to bring that collection
 * on, and it then lands in the requests an editor sends right after the first diagnostics (the
 * semantic tokens of the file it opened); with the room, it comes later, when the heap has grown
 * further. The young generation is left as V8 sizes it: a larger one spares the first check its
 * scavenges but makes each later one copy a whole re-play's live objects, in the middle of an edit
 * or a completion. The price is memory: up to some 40 MB more old generation before it is first
 * collected.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=64'];

/**
 * Whether this process was started with `SERVER_NODE_FLAGS`. V8 takes a code cache only in a
 * process started with the flags of the one that wrote it: the server's bundle has one for each.
 */
export function startedWithServerFlags(execArgv: readonly string[] = process.execArgv): boolean {
  return SERVER_NODE_FLAGS.every((f) => execArgv.includes(f));
}

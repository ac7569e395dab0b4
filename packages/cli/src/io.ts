/** What a command may touch: its arguments' output streams and the working folder. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** Exit codes: 0 fine, 1 the input has errors, 2 the command line is wrong, 3 dipforge itself failed. */
export const Exit = { ok: 0, errors: 1, usage: 2, internal: 3 } as const;

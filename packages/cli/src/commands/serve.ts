/**
 * `dipforge serve --stdio`: the game protocol for programs in any language
 * (docs/SERVE.md): one JSON request per line on standard input, one JSON
 * response per line on standard output, in order, until standard input ends.
 * The handling is the engine's (`ServeSession`); this module only splits the
 * input into lines, with a line past the limit answered, not kept.
 */
import { echo } from '@dipforge/engine/config';
import { MAX_REQUEST_LENGTH, ServeSession } from '@dipforge/engine';
import { Exit, type Io } from '../io.js';

export const serveUsage = 'dipforge serve [--stdio]   the game protocol: newline-delimited JSON requests and responses over standard input and output';

/** Splits a stream of text into lines, answering each; a line longer than the limit is dropped as it comes and answered as too large. */
export class LineSplitter {
  private parts: string[] = [];
  private length = 0;
  private tooLong = false;

  constructor(
    private readonly answer: (line: string | undefined) => void,
    private readonly limit: number = MAX_REQUEST_LENGTH,
  ) {}

  push(chunk: string): void {
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
      this.add(chunk.slice(from, nl));
      this.flush();
      from = nl + 1;
    }
    this.add(chunk.slice(from));
  }

  /** The end of the input: a last line without a newline is answered too. */
  end(): void {
    if (this.length > 0 || this.tooLong) this.flush();
  }

  private add(piece: string): void {
    if (this.tooLong) return;
    this.length += piece.length;
    if (this.length > this.limit) {
      this.tooLong = true;
      this.parts = [];
      return;
    }
    if (piece.length > 0) this.parts.push(piece);
  }

  private flush(): void {
    const line = this.tooLong ? undefined : this.parts.join('').replace(/\r$/, '');
    this.parts = [];
    this.length = 0;
    this.tooLong = false;
    if (line !== undefined && line.trim() === '') return;
    this.answer(line);
  }
}

export function serve(args: string[], io: Io): Promise<number> | number {
  const unknown = args.filter((a) => a !== '--stdio');
  if (unknown.length > 0) {
    io.err(`dipforge serve: only --stdio is supported, not ${unknown.map((u) => echo(u)).join(' ')}\nusage: ${serveUsage}\n`);
    return Exit.usage;
  }
  const session = new ServeSession();
  const splitter = new LineSplitter((line) => io.out(`${line === undefined ? session.tooLong() : session.handleLine(line)}\n`));
  return new Promise<number>((resolve) => {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => splitter.push(chunk));
    process.stdin.on('end', () => {
      splitter.end();
      resolve(Exit.ok);
    });
  });
}

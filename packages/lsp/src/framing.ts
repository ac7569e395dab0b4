/**
 * The Language Server Protocol's framing as a client writes and reads it: a header that says the
 * body's `Content-Length` in bytes, a blank line, then that many bytes of JSON. The clients that
 * drive a server from outside read a server's output with it (the bench's and the build's,
 * packages/cli/src/lsp-client.ts; the fuzzer's, packages/fuzz/src/lsp-client.ts, which reports a
 * frame that breaks the protocol as a finding). The server's own framing is vscode-languageserver's.
 * Imported as `@dipforge/lsp/framing`: nothing of the server is loaded with it.
 */

/** A message framed for the protocol: its header and its JSON body. */
export function frame(message: unknown): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}

/**
 * Reads frames from a stream's chunks and gives each message's parsed JSON to `onMessage`; a frame
 * that is none (a header without `Content-Length`, a body that is not JSON) goes to `onMalformed`
 * with what was wrong, and reading goes on after it.
 */
export class FrameReader {
  /** Chunks kept apart until a whole body has come, then joined once: joining at every chunk copies a large answer over and over. */
  private chunks: Buffer[] = [];
  private size = 0;
  /** The length of the body being read, or -1 while reading a header. */
  private need = -1;

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onMalformed: (what: string) => void,
  ) {}

  /** Takes a chunk of the stream; every frame it completes is handed on, in order. */
  push(data: Buffer): void {
    this.chunks.push(data);
    this.size += data.length;
    for (;;) {
      if (this.need < 0) {
        const buffer = this.joined();
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const header = buffer.subarray(0, headerEnd).toString('ascii');
        const length = /Content-Length: *(\d+)/i.exec(header);
        this.keep(buffer.subarray(headerEnd + 4));
        if (!length) {
          this.onMalformed(`a header without Content-Length: ${JSON.stringify(header.slice(0, 200))}`);
          continue;
        }
        this.need = Number(length[1]);
      }
      if (this.size < this.need) return;
      const buffer = this.joined();
      const body = buffer.subarray(0, this.need).toString('utf8');
      this.keep(buffer.subarray(this.need));
      this.need = -1;
      let message: unknown;
      try {
        message = JSON.parse(body);
      } catch {
        this.onMalformed(`a body that is not JSON: ${JSON.stringify(body.slice(0, 200))}`);
        continue;
      }
      this.onMessage(message);
    }
  }

  private joined(): Buffer {
    const one = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
    this.chunks = [one];
    return one;
  }

  private keep(rest: Buffer): void {
    this.chunks = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
  }
}

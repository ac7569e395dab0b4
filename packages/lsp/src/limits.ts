/**
 * The size above which the server neither indexes, reads nor parses a file.
 * Parsing cannot be interrupted, and a map of 1 MiB already takes seconds to
 * parse, so a larger file (a generated one, a log saved with the wrong
 * extension) would hold up every request behind it. The largest real variant
 * and game files are some 60 kB: the limit leaves them far below it.
 */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Whether a text takes more than MAX_FILE_BYTES in UTF-8 (as the file on disk would). */
export function overLimit(text: string): boolean {
  // A UTF-16 unit takes one to three bytes, so the exact count is needed only near the limit.
  if (text.length > MAX_FILE_BYTES) return true;
  if (text.length * 3 <= MAX_FILE_BYTES) return false;
  return Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES;
}

/** A size as people read it: `50.0 MB`, `1.2 MB`, `900 kB`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

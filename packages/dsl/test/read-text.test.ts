/**
 * `readTextFile` reads an ASCII file without the strict decoder (read-text.ts): the text must be
 * the strict decoder's, for ASCII files and for the files that go through it (UTF-8 beyond ASCII,
 * a byte-order mark kept), every game and map file of the project among them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile } from '../src/workspace/read-text.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const scratch = mkdtempSync(join(tmpdir(), 'read-text-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The game and map files below `dir`, hidden folders and node_modules left out. */
function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(path));
    else if (/\.(dipgame|dipmap)$/.test(e.name)) out.push(path);
  }
  return out;
}

describe('readTextFile', () => {
  it('reads every game and map file of the project as the strict decoder does', () => {
    const all = [...files(join(ROOT, 'test')), ...files(join(ROOT, 'variants'))];
    const wrong = all.filter((f) => {
      const read = readTextFile(f);
      return !read.ok || read.text !== strict.decode(readFileSync(f));
    });
    expect(wrong).toEqual([]);
    // Both kinds of file were read: ASCII, and beyond it.
    const ascii = all.filter((f) => readFileSync(f).every((b) => b < 0x80)).length;
    expect(ascii).toBeGreaterThan(100);
    expect(all.length - ascii).toBeGreaterThan(5);
  });

  it('reads ASCII, UTF-8 and a byte-order mark as the strict decoder does, and says where bytes are not UTF-8', () => {
    const texts = ['', 'variant classic\n', 'phase spring 1901 movement\r\n  A par - bur\n', '\ufeffvariant classic\n', 'player france "Éloïse"\n', '\u0000\u007f'];
    for (const [i, text] of texts.entries()) {
      const path = join(scratch, `t${i}.dipgame`);
      writeFileSync(path, text);
      expect(readTextFile(path)).toEqual({ ok: true, text: strict.decode(readFileSync(path)) });
    }
    const bad = join(scratch, 'bad.dipgame');
    writeFileSync(bad, Buffer.from([0x61, 0x0a, 0xe9, 0x62]));
    const read = readTextFile(bad);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatchObject({ kind: 'encoding', byte: 2, line: 1, column: 0 });
  });
});

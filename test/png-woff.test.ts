/**
 * The WOFF files of the PNG's Latin fonts unpacked to OpenType
 * (packages/cli/src/woff.ts). The oracle is the OpenType format itself, read
 * here from the bytes: the sfnt's table records, each table's checksum summed
 * as the specification says (the 'head' table with its checkSumAdjustment
 * taken as zero) equal to the checksum the WOFF file recorded for it. A file that is no WOFF is refused with a
 * reason, never a crash.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WoffError, woffToSfnt } from '../packages/cli/src/woff.js';

const require = createRequire(import.meta.url);
const woff = (subset: string, weight: number): Uint8Array =>
  readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`, { paths: [require.resolve('../packages/cli/package.json')] }));

/** The sum of the big-endian 32-bit words of `bytes`, the last padded with zeros. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word = ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

describe('WOFF to OpenType', () => {
  for (const [subset, weight] of [['latin', 400], ['latin', 700], ['latin-ext', 400], ['latin-ext', 700]] as const) {
    it(`${subset} ${weight}: every table where its record says, with the checksum WOFF recorded`, () => {
      const input = woff(subset, weight);
      const inView = new DataView(input.buffer, input.byteOffset, input.byteLength);
      const sfnt = woffToSfnt(input);
      const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
      const count = view.getUint16(4);
      expect(count).toBe(inView.getUint16(12));
      expect(view.getUint32(0)).toBe(inView.getUint32(4));
      // The sfnt's size as WOFF states it (totalSfntSize).
      expect(sfnt.length).toBe(inView.getUint32(16));
      const tags: string[] = [];
      for (let i = 0; i < count; i++) {
        const at = 12 + i * 16;
        const tag = String.fromCharCode(...sfnt.subarray(at, at + 4));
        tags.push(tag);
        const offset = view.getUint32(at + 8);
        const length = view.getUint32(at + 12);
        expect(offset % 4, tag).toBe(0);
        const table = sfnt.slice(offset, offset + length);
        if (tag === 'head') table.fill(0, 8, 12);
        expect(checksum(table), tag).toBe(view.getUint32(at + 4));
        expect(view.getUint32(at + 4), tag).toBe(inView.getUint32(44 + i * 20 + 16));
      }
      expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca', 'name']));
      expect(tags).toEqual([...tags].sort());
      // The offset table's search fields, from the table count (OpenType, "Table directory").
      const power = 2 ** Math.floor(Math.log2(count));
      expect([view.getUint16(6), view.getUint16(8), view.getUint16(10)]).toEqual([power * 16, Math.log2(power), count * 16 - power * 16]);
    });
  }

  it('refuses what is not a WOFF file, or one cut short, with a reason', () => {
    expect(() => woffToSfnt(new Uint8Array(10))).toThrow(WoffError);
    expect(() => woffToSfnt(readFileSync(require.resolve('../packages/cli/package.json')))).toThrow(/not a WOFF file/);
    const whole = woff('latin', 400);
    expect(() => woffToSfnt(whole.subarray(0, 60))).toThrow(WoffError);
    expect(() => woffToSfnt(whole.subarray(0, whole.length - 100))).toThrow(WoffError);
    // A table whose compressed bytes unpack to another length than it states.
    const bad = Uint8Array.from(whole);
    const view = new DataView(bad.buffer);
    const packed = deflateSync(Buffer.from('short'));
    view.setUint32(44 + 8, packed.length);
    bad.set(packed, view.getUint32(44 + 4));
    expect(() => woffToSfnt(bad)).toThrow(WoffError);
  });
});

/**
 * A WOFF 1.0 font file turned back into the OpenType (sfnt) file it packs, for
 * the PNG renderer: resvg reads TrueType and OpenType only, and the small
 * Latin fonts we ship as npm packages come as WOFF. WOFF is the sfnt's tables,
 * each compressed with zlib when that made it smaller (W3C WOFF 1.0, §4–§5);
 * undoing it needs node's zlib and nothing else.
 */
import { inflateSync } from 'node:zlib';

/** Why a file is not a WOFF font dipforge can read. */
export class WoffError extends Error {}

const HEADER = 44;
const ENTRY = 20;

/** The sfnt bytes of a WOFF file. Throws `WoffError` for anything that is not a well-formed WOFF 1.0 file. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.length < HEADER || view.getUint32(0) !== 0x774f4646 /* 'wOFF' */) throw new WoffError('not a WOFF file');
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  if (HEADER + numTables * ENTRY > woff.length) throw new WoffError('table directory past the end of the file');
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = HEADER + i * ENTRY;
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    if (offset + compLength > woff.length) throw new WoffError('a table past the end of the file');
    const packed = woff.subarray(offset, offset + compLength);
    // A table is stored as it is when compressing did not make it smaller (§5).
    const data = compLength < origLength ? new Uint8Array(inflateSync(packed)) : packed;
    if (data.length !== origLength) throw new WoffError('a table does not unpack to its stated length');
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 16), data });
  }
  // The sfnt: its offset table, the table records (sorted by tag, as the directory already is), then each table on a 4-byte boundary.
  let size = 12 + numTables * 16;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const w = new DataView(out.buffer);
  const power = numTables > 0 ? 2 ** Math.floor(Math.log2(numTables)) : 0;
  w.setUint32(0, flavor);
  w.setUint16(4, numTables);
  w.setUint16(6, power * 16);
  w.setUint16(8, power > 0 ? Math.log2(power) : 0);
  w.setUint16(10, numTables * 16 - power * 16);
  let offset = 12 + numTables * 16;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    w.setUint32(at, t.tag);
    w.setUint32(at + 4, t.checksum);
    w.setUint32(at + 8, offset);
    w.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

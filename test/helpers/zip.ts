/** Reading a zip (the packaged extension, a .vsix) from its central directory: the entries, and one entry's bytes. */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The entries of a zip, from its central directory. */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('no end of central directory: not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const nameLength = zip.readUInt16LE(p + 28);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    out.set(name, { name, method: zip.readUInt16LE(p + 10), compressed: zip.readUInt32LE(p + 20), size: zip.readUInt32LE(p + 24), offset: zip.readUInt32LE(p + 42) });
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return out;
}

export function zipRead(zip: Buffer, e: ZipEntry): Buffer {
  if (zip.readUInt32LE(e.offset) !== 0x04034b50) throw new Error(`bad local header for ${e.name}`);
  const start = e.offset + 30 + zip.readUInt16LE(e.offset + 26) + zip.readUInt16LE(e.offset + 28);
  const data = zip.subarray(start, start + e.compressed);
  const out = e.method === 8 ? inflateRawSync(data) : Buffer.from(data);
  if (out.length !== e.size) throw new Error(`${e.name}: ${out.length} bytes, the directory says ${e.size}`);
  return out;
}

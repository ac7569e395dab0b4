/**
 * A PNG decoder for tests, written from the PNG specification and sharing no
 * code with the renderer it checks: the signature, IHDR, the IDAT stream
 * inflated with node's zlib, each row unfiltered (None, Sub, Up, Average,
 * Paeth). Only what resvg writes: 8-bit RGBA or RGB, not interlaced.
 */
import { inflateSync } from 'node:zlib';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  rgba: Uint8Array;
}

/** Width and height from the IHDR chunk (the first chunk, right after the signature). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!PNG_SIGNATURE.every((b, i) => view[i] === b)) throw new Error('not a PNG: wrong signature');
  if (view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: IHDR is not the first chunk');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

export function decodePng(bytes: Uint8Array): PngImage {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { width, height } = pngSize(bytes);
  const depth = view[24];
  const colour = view[25];
  const interlace = view[28];
  if (depth !== 8 || (colour !== 6 && colour !== 2) || interlace !== 0) throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  const channels = colour === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  let at = 8;
  let ended = false;
  while (at < view.length) {
    const length = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(view.subarray(at + 8, at + 8 + length));
    at += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended) throw new Error('not a PNG: no IEND chunk');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error(`PNG data is ${raw.length} bytes, not ${height * (stride + 1)}`);
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      let predictor: number;
      switch (filter) {
        case 0: predictor = 0; break;
        case 1: predictor = a; break;
        case 2: predictor = b; break;
        case 3: predictor = (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`bad PNG filter ${filter} on row ${y}`);
      }
      out[y * stride + x] = (row[x]! + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: out };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([out[i * 3]!, out[i * 3 + 1]!, out[i * 3 + 2]!, 255], i * 4);
  return { width, height, rgba };
}

/** Which pixels are ink (darker than mid-grey), as a string of 0s and 1s: a glyph's pattern. */
export function inkPattern(image: PngImage): string {
  let s = '';
  for (let i = 0; i < image.width * image.height; i++) {
    const [r, g, b] = [image.rgba[i * 4]!, image.rgba[i * 4 + 1]!, image.rgba[i * 4 + 2]!];
    s += r + g + b < 384 ? '1' : '0';
  }
  return s;
}

// Draws icons/dipforge.png, the extension's 128 x 128 icon (committed; run again after a change):
// a navy rounded square with a sand-coloured map sheet and a blue star, antialiased by 4 x 4
// samples per pixel, written as an RGBA PNG with node:zlib (no image library).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const N = 128;
const S = 4;
const inRounded = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inPolygon = (x, y, pts) => {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const sheet = [[20, 34], [48, 24], [80, 34], [108, 24], [108, 94], [80, 104], [48, 94], [20, 104]];
const star = [];
for (let k = 0; k < 10; k++) {
  const a = -Math.PI / 2 + (k * Math.PI) / 5;
  const r = k % 2 === 0 ? 26 : 11;
  star.push([64 + r * Math.cos(a), 64 + r * Math.sin(a)]);
}
const colour = (x, y) => {
  if (inPolygon(x, y, star)) return [46, 111, 216, 255];
  if (inPolygon(x, y, sheet)) {
    const fold = Math.abs(x - 48) < 1 || Math.abs(x - 80) < 1;
    return fold ? [170, 140, 90, 255] : [232, 218, 184, 255];
  }
  if (inRounded(x, y, 2, 2, 126, 126, 22)) return [24, 46, 74, 255];
  return [0, 0, 0, 0];
};
const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  raw[y * (N * 4 + 1)] = 0;
  for (let x = 0; x < N; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < S; sy++) {
      for (let sx = 0; sx < S; sx++) {
        const c = colour(x + (sx + 0.5) / S, y + (sy + 0.5) / S);
        for (let i = 0; i < 3; i++) acc[i] += c[i] * c[3];
        acc[3] += c[3];
      }
    }
    const o = y * (N * 4 + 1) + 1 + x * 4;
    const a = acc[3] / (S * S);
    for (let i = 0; i < 3; i++) raw[o + i] = acc[3] > 0 ? Math.round(acc[i] / acc[3]) : 0;
    raw[o + 3] = Math.round(a);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8;
ihdr[9] = 6;
const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'icons', 'dipforge.png'), png);

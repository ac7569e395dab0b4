/**
 * Integer columns carved out of one buffer. A phase adjudicated cold (its
 * data last touched many phases ago, as when a caller keeps one state per
 * game) pays a cache miss for every column it reads, and columns allocated one
 * by one lie wherever the allocator put them; carved from one buffer, in the
 * order they are read, they share cache lines and pages, and the processor's
 * prefetcher fetches the next one while the first is read.
 */
export class Slab {
  private readonly buffer: ArrayBuffer;
  private offset = 0;

  /** Room for `int32s` Int32 elements and `bytes` Uint8 elements (each column starts 4-aligned). */
  constructor(int32s: number, bytes: number) {
    this.buffer = new ArrayBuffer(int32s * 4 + bytes + 64);
  }

  /** The next `n` Int32 elements, filled with `fill`. */
  int32(n: number, fill = 0): Int32Array {
    const a = new Int32Array(this.buffer, this.take(n * 4), n);
    if (fill !== 0) a.fill(fill);
    return a;
  }

  /** The next `n` bytes. */
  uint8(n: number): Uint8Array {
    return new Uint8Array(this.buffer, this.take(n), n);
  }

  /** The next `n` bytes as signed ones, filled with `fill`. */
  int8(n: number, fill = 0): Int8Array {
    const a = new Int8Array(this.buffer, this.take(n), n);
    if (fill !== 0) a.fill(fill);
    return a;
  }

  private take(size: number): number {
    const at = this.offset;
    this.offset = (at + size + 3) & ~3;
    if (this.offset > this.buffer.byteLength) throw new RangeError('slab too small');
    return at;
  }
}

/**
 * A binary min-heap of (priority, tag, cell) on typed arrays, for the region
 * growth and the corridor search: ties are broken by tag (a province, or a
 * search state), then by cell, so every search is deterministic.
 */
export class Queue {
  private key = new Float64Array(1024);
  private prov = new Int32Array(1024);
  private cellOf = new Int32Array(1024);
  size = 0;

  private less(a: number, b: number): boolean {
    const ka = this.key[a]!;
    const kb = this.key[b]!;
    if (ka !== kb) return ka < kb;
    const pa = this.prov[a]!;
    const pb = this.prov[b]!;
    if (pa !== pb) return pa < pb;
    return this.cellOf[a]! < this.cellOf[b]!;
  }

  private swap(a: number, b: number): void {
    const k = this.key[a]!;
    this.key[a] = this.key[b]!;
    this.key[b] = k;
    const p = this.prov[a]!;
    this.prov[a] = this.prov[b]!;
    this.prov[b] = p;
    const c = this.cellOf[a]!;
    this.cellOf[a] = this.cellOf[b]!;
    this.cellOf[b] = c;
  }

  push(key: number, prov: number, cell: number): void {
    if (this.size === this.key.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.key = grow(this.key, (n) => new Float64Array(n));
      this.prov = grow(this.prov, (n) => new Int32Array(n));
      this.cellOf = grow(this.cellOf, (n) => new Int32Array(n));
    }
    let i = this.size++;
    this.key[i] = key;
    this.prov[i] = prov;
    this.cellOf[i] = cell;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes the smallest entry; its priority, tag and cell are left in `topKey`, `topProv` and `topCell`. */
  topKey = 0;
  topProv = 0;
  topCell = 0;
  pop(): void {
    this.topKey = this.key[0]!;
    this.topProv = this.prov[0]!;
    this.topCell = this.cellOf[0]!;
    const last = --this.size;
    if (last > 0) {
      this.key[0] = this.key[last]!;
      this.prov[0] = this.prov[last]!;
      this.cellOf[0] = this.cellOf[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < last && this.less(l, m)) m = l;
        if (r < last && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
  }
}

/**
 * A loader on the disk reads a file again only when its stamp (size, times,
 * inode) says it may have changed, and always when it was written moments ago;
 * the edition presets' folder is listed again when a preset is added. In one pass over files
 * taken to stand still (`stampedOnce`, `dipforge test`), each file is stamped once.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStamp, stampedOnce } from '../src/workspace/file-stamp.js';
import { diskHost, type FileHost } from '../src/workspace/host.js';
import { VariantLoader } from '../src/workspace/loader.js';

let dir: string;
let reads: string[];

/** The disk, with every read recorded. */
const counting: FileHost = {
  ...diskHost,
  read(path) {
    reads.push(path);
    return diskHost.read(path);
  },
};

/** An hour ago, in seconds. */
const LONG_AGO = Math.floor(Date.now() / 1000) - 3600;

/** Sets a file's or folder's modification time in the past, so that its stamp is trusted. */
function settle(path: string, when = LONG_AGO): void {
  utimesSync(path, when, when);
}

function loader(): VariantLoader {
  return new VariantLoader({ host: counting, builtinDir: join(dir, 'builtin'), storedParses: false });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dipforge-stamp-'));
  mkdirSync(join(dir, 'builtin', 'editions'), { recursive: true });
  reads = [];
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('files read again only when their stamp changes', () => {
  it('a settled file is read once; its parse is the same object after', () => {
    const file = join(dir, 'a.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    settle(file);
    const l = loader();
    const first = l.parse(file);
    expect(l.parse(file)).toBe(first);
    expect(l.parse(file)).toBe(first);
    expect(reads).toEqual([file]);
  });

  it('a file rewritten with the same size and its modification time put back is read again (its change time moved)', () => {
    const file = join(dir, 'a.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    settle(file);
    const l = loader();
    expect(l.parse(file)?.text).toBe('ruleset aa "A" { }\n');
    writeFileSync(file, 'ruleset bb "B" { }\n');
    settle(file);
    expect(l.parse(file)?.text).toBe('ruleset bb "B" { }\n');
    expect(reads).toEqual([file, file]);
  });

  it('a file written moments ago is read every time, so a second write in the same tick is seen', () => {
    const file = join(dir, 'a.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    const l = loader();
    expect(l.parse(file)?.text).toBe('ruleset aa "A" { }\n');
    writeFileSync(file, 'ruleset bb "B" { }\n');
    expect(l.parse(file)?.text).toBe('ruleset bb "B" { }\n');
    expect(reads).toEqual([file, file]);
  });

  it('a file removed is no longer parsed', () => {
    const file = join(dir, 'a.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    settle(file);
    const l = loader();
    expect(l.parse(file)).toBeDefined();
    rmSync(file);
    expect(l.parse(file)).toBeUndefined();
  });

  it('a preset added to the editions folder is listed; an unchanged folder is not read again', () => {
    const editions = join(dir, 'builtin', 'editions');
    const first = join(editions, '2023.dipmap');
    writeFileSync(first, 'ruleset 2023 "Test 2023" { }\n');
    settle(first);
    settle(editions);
    const l = loader();
    expect(l.editionFiles().map((f) => f.file)).toEqual([first]);
    expect(l.editionFiles().map((f) => f.file)).toEqual([first]);
    expect(reads).toEqual([first]);
    const second = join(editions, '2000.dipmap');
    writeFileSync(second, 'ruleset 2000 "Test 2000" extends 2023 { }\n');
    settle(second);
    settle(editions, LONG_AGO + 60);
    expect(l.editionFiles().map((f) => f.file)).toEqual([second, first]);
  });
});

describe('one pass over files that stand still (stampedOnce)', () => {
  it('stamps each file once, a missing one included; the loader reads a settled file once', () => {
    const file = join(dir, 'a.dipmap');
    const missing = join(dir, 'none.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    settle(file);
    const stamped: string[] = [];
    const stamp = stampedOnce((path) => {
      stamped.push(path);
      return diskStamp(path);
    });
    const l = new VariantLoader({ host: { ...counting, stamp }, builtinDir: join(dir, 'builtin'), storedParses: false });
    const first = l.parse(file);
    expect(first?.text).toBe('ruleset aa "A" { }\n');
    for (let i = 0; i < 3; i++) {
      expect(l.parse(file)).toBe(first);
      expect(l.parse(missing)).toBeUndefined();
    }
    expect(stamped).toEqual([file, missing]);
    expect(reads).toEqual([file, missing, missing, missing]);
  });

  it('a file written moments ago has no stamp in the pass either: it is read every time', () => {
    const file = join(dir, 'a.dipmap');
    writeFileSync(file, 'ruleset aa "A" { }\n');
    const l = new VariantLoader({ host: { ...counting, stamp: stampedOnce(diskStamp) }, builtinDir: join(dir, 'builtin'), storedParses: false });
    expect(l.parse(file)?.text).toBe('ruleset aa "A" { }\n');
    writeFileSync(file, 'ruleset bb "B" { }\n');
    expect(l.parse(file)?.text).toBe('ruleset bb "B" { }\n');
    expect(reads).toEqual([file, file]);
  });
});

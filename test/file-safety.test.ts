/**
 * Trust in what dipforge does with files, in temporary folders with symbolic
 * links. Nothing a user wrote is lost or silently changed: `-o` never names a
 * file the command reads (the file given, the maps it imports or extends, a
 * game's variant, the files an imported map's USE names), by path, symbolic
 * link or hard link; a file written keeps its mode; a symbolic link is written
 * through; a link to nothing or a loop is refused with a message. And nothing
 * outside the project folder is read: a map's `import` and `extends`, a game's
 * `variant` and an imported map's `USE` are held to it by real path, and no
 * line of a refused file ever shows in any output.
 */
import { chmodSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@dipforge/cli';
import { diskHost, realPathOnDisk, type FileHost } from '@dipforge/dsl';
import { references, Workspace } from '@dipforge/lsp';

/** What a refused file holds; it must never show in any output. */
const SECRET = 'root:x:0:0:SECRET-7f3a9c:/root:/bin/bash\nprovince secret7f3a "SECRET-7f3a9c" land\n';
const SECRET_MARK = /SECRET|7f3a|root:x/;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'import-map');
const THROUGH = '(through a symbolic link)';

/** A variant of our own on the built-in classic map, with one imported rules file. */
const MINE = 'variant mine "Mine" { extends classic }\nimport "extra.dipmap"\n';
const EXTRA = 'rules { victory-centres 17 }\n';
const GAME = 'variant "mine.dipmap"\n';
const SAVED_GAME = '{"map": "standard", "phases": []}\n';

let root: string;
let proj: string;
let outside: string;

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in process from `cwd`; no output may hold a stack frame or a line of a refused file. */
async function dipforge(cwd: string, ...args: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s), cwd });
  for (const text of [out, err]) {
    expect(text, 'a stack frame').not.toContain('    at ');
    expect(text, 'a line of a file outside the project').not.toMatch(SECRET_MARK);
  }
  return { code, out, err };
}

/** The bytes and mode of files, to compare before and after a command. */
function snapshot(...paths: string[]): { bytes: string; mode: number }[] {
  return paths.map((p) => ({ bytes: readFileSync(p).toString('hex'), mode: statSync(p).mode }));
}

function put(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dipforge-files-'));
  proj = join(root, 'proj');
  outside = join(root, 'outside');
  mkdirSync(proj);
  mkdirSync(join(outside, 'dir'), { recursive: true });
  put(join(outside, 'secret.dipmap'), SECRET);
  put(join(outside, 'dir', 'secret.dipmap'), SECRET);
  put(join(outside, 'secret.map'), SECRET);
  // The marker makes proj the project folder (its parent, holding `outside`, is not in it).
  put(join(proj, 'dipforge.json'), '{}\n');
  put(join(proj, 'mine.dipmap'), MINE);
  put(join(proj, 'extra.dipmap'), EXTRA);
  put(join(proj, 'g.dipgame'), GAME);
  put(join(proj, 'a.json'), SAVED_GAME);
  for (const f of ['islands.map', 'islands-base.map']) put(join(proj, f), readFileSync(join(FIXTURES, f), 'utf8'));
  symlinkSync(join(outside, 'secret.dipmap'), join(proj, 'link-file.dipmap'));
  symlinkSync(join(outside, 'secret.map'), join(proj, 'link-map.map'));
  symlinkSync(outside, join(proj, 'link-dir'));
  symlinkSync('nothing.dipmap', join(proj, 'dangling.dipmap'));
  symlinkSync('loop.dipmap', join(proj, 'loop.dipmap'));
  symlinkSync('extra.dipmap', join(proj, 'good-link.dipmap'));
  symlinkSync(proj, join(root, 'proj-link'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('-o never names a file the command reads (exit 2, the file untouched)', () => {
  const cases: [string, string[], string][] = [
    ['compile', ['compile', 'mine.dipmap'], 'mine.dipmap'],
    ['render of a game', ['render', 'g.dipgame'], 'g.dipgame'],
    ['render of a map', ['render', 'mine.dipmap'], 'mine.dipmap'],
    ['import', ['import', 'a.json'], 'a.json'],
    ['import-map', ['import-map', 'islands.map'], 'islands.map'],
    ['convert', ['convert', 'g.dipgame', '--edition', 'old-rules'], 'g.dipgame'],
  ];
  for (const [name, args, input] of cases) {
    it(`${name}: the input file, by the same name, another spelling, a symbolic link and a hard link`, async () => {
      const file = join(proj, input);
      const soft = join(proj, `soft-${input}`);
      const hard = join(proj, `hard-${input}`);
      symlinkSync(input, soft);
      linkSync(file, hard);
      try {
        const before = snapshot(file);
        for (const output of [input, `./${input}`, file, `../proj/${input}`, `soft-${input}`, `hard-${input}`]) {
          for (const flag of ['-o', '--output']) {
            const r = await dipforge(proj, ...args, flag, output);
            expect(r.code, `${flag} ${output}`).toBe(2);
            expect(r.out).toBe('');
            expect(r.err).toContain(`-o ${output} would overwrite ${input}, a file this command reads; nothing written`);
            expect(snapshot(file)).toEqual(before);
          }
        }
        expect(lstatSync(soft).isSymbolicLink()).toBe(true);
      } finally {
        rmSync(soft);
        rmSync(hard);
      }
    });
  }

  it('compile, render and convert: nor a file the map imports or a game reads as its variant', async () => {
    const files = [join(proj, 'mine.dipmap'), join(proj, 'extra.dipmap'), join(proj, 'g.dipgame')];
    const before = snapshot(...files);
    for (const [args, output, named] of [
      [['compile', 'mine.dipmap'], 'extra.dipmap', 'extra.dipmap'],
      [['compile', 'mine.dipmap'], 'good-link.dipmap', 'extra.dipmap'],
      [['render', 'mine.dipmap'], 'extra.dipmap', 'extra.dipmap'],
      [['render', 'g.dipgame'], 'mine.dipmap', 'mine.dipmap'],
      [['render', 'g.dipgame'], 'extra.dipmap', 'extra.dipmap'],
      [['convert', 'g.dipgame', '--edition', 'old-rules'], 'mine.dipmap', 'mine.dipmap'],
    ] as const) {
      const r = await dipforge(proj, ...args, '-o', output);
      expect(r.code, `${args.join(' ')} -o ${output}`).toBe(2);
      expect(r.err).toContain(`-o ${output} would overwrite ${named}, a file this command reads`);
    }
    expect(snapshot(...files)).toEqual(before);
  });

  it('compile: nor a map it extends by path', async () => {
    const base = put(join(proj, 'base.dipmap'), 'variant base "Base" { extends classic }\n');
    const derived = put(join(proj, 'derived.dipmap'), 'variant derived "Derived" { extends "base.dipmap" }\n');
    const before = snapshot(base, derived);
    const r = await dipforge(proj, 'compile', 'derived.dipmap', '-o', 'base.dipmap');
    expect(r.code).toBe(2);
    expect(r.err).toContain('-o base.dipmap would overwrite base.dipmap');
    expect(snapshot(base, derived)).toEqual(before);
  });

  it('import-map: nor a file its USE lines read', async () => {
    const files = ['islands.map', 'islands-base.map'].map((f) => join(proj, f));
    const before = snapshot(...files);
    const r = await dipforge(proj, 'import-map', 'islands.map', '-o', 'islands-base.map');
    expect(r.code).toBe(2);
    expect(r.err).toContain('-o islands-base.map would overwrite islands-base.map, a file this command reads');
    expect(snapshot(...files)).toEqual(before);
  });

  it('a file of another name is written, and -o - still means standard output', async () => {
    const written = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'mine.json');
    expect(written.code).toBe(0);
    expect(JSON.parse(readFileSync(join(proj, 'mine.json'), 'utf8')).id).toBe('mine');
    const out = await dipforge(proj, 'compile', 'mine.dipmap', '-o', '-');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.out).id).toBe('mine');
  });
});

describe('-o onto a file that exists: its mode kept, symbolic links written through', () => {
  it('keeps the mode of the file replaced', async () => {
    for (const mode of [0o604, 0o640, 0o755]) {
      const target = put(join(proj, 'moded.json'), 'old\n');
      chmodSync(target, mode);
      const r = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'moded.json');
      expect(r.code).toBe(0);
      expect(statSync(target).mode & 0o7777).toBe(mode);
      expect(JSON.parse(readFileSync(target, 'utf8')).id).toBe('mine');
    }
  });

  it('writes through a symbolic link to a file outside: the link stays, the file it leads to is replaced and keeps its mode', async () => {
    const real = put(join(outside, 'board.svg'), 'old\n');
    chmodSync(real, 0o640);
    const link = join(proj, 'board-link.svg');
    symlinkSync(real, link);
    const r = await dipforge(proj, 'render', 'g.dipgame', '-o', 'board-link.svg');
    expect(r.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(real, 'utf8')).toMatch(/^<\?xml/);
    expect(statSync(real).mode & 0o7777).toBe(0o640);
    // The temporary file was made beside the real file and renamed: none is left in either folder.
    expect([...readdirSync(outside), ...readdirSync(proj)].filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes through a link to a link, relative links included', async () => {
    const real = put(join(proj, 'final.json'), 'old\n');
    symlinkSync('final.json', join(proj, 'step.json'));
    symlinkSync('step.json', join(proj, 'first.json'));
    const c = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'first.json');
    expect(c.code).toBe(0);
    expect(readlinkSync(join(proj, 'first.json'))).toBe('step.json');
    expect(readlinkSync(join(proj, 'step.json'))).toBe('final.json');
    expect(JSON.parse(readFileSync(real, 'utf8')).id).toBe('mine');
  });

  it('refuses a link to nothing and a loop of links (exit 1, a message, the link left as it was)', async () => {
    symlinkSync('missing.json', join(proj, 'nowhere.json'));
    symlinkSync('ring-b.json', join(proj, 'ring-a.json'));
    symlinkSync('ring-a.json', join(proj, 'ring-b.json'));
    const nowhere = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'nowhere.json');
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toBe('dipforge compile: cannot write nowhere.json: it is a symbolic link to a file that does not exist\n');
    expect(readlinkSync(join(proj, 'nowhere.json'))).toBe('missing.json');
    expect(readdirSync(proj)).not.toContain('missing.json');
    const ring = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'ring-a.json');
    expect(ring.code).toBe(1);
    expect(ring.err).toBe('dipforge compile: cannot write ring-a.json: it is a symbolic link that leads round in a loop\n');
    expect(readlinkSync(join(proj, 'ring-a.json'))).toBe('ring-b.json');
  });

  it('refuses a folder (exit 1, a message)', async () => {
    mkdirSync(join(proj, 'a-folder'));
    const r = await dipforge(proj, 'compile', 'mine.dipmap', '-o', 'a-folder');
    expect(r.code).toBe(1);
    expect(r.err).toBe('dipforge compile: cannot write a-folder: a folder, not a file\n');
    expect(statSync(join(proj, 'a-folder')).isDirectory()).toBe(true);
  });
});

/** The diagnostic lines of a check, as `line:col code` (1-based) with the message. */
function findings(r: Run): string[] {
  return r.err
    .split('\n')
    .filter((l) => /\[DF\d{4}\]$/.test(l))
    .map((l) => l.replace(/^[^:]+:(\d+):(\d+): \w+: (.*) \[(DF\d{4})\]$/, '$1:$2 $4 $3'));
}

describe('nothing outside the project folder is read', () => {
  const linkCases: [string, string, string][] = [
    ['a link to a file outside', 'import "link-file.dipmap"\n', `1:8 DF5003 'link-file.dipmap' is outside the project folder PROJ ${THROUGH}`],
    ['a path through a link to a folder outside', 'import "link-dir/secret.dipmap"\n', `1:8 DF5003 'link-dir/secret.dipmap' is outside the project folder PROJ ${THROUGH}`],
    ['a link to nothing', 'import "dangling.dipmap"\n', "1:8 DF5001 Cannot read 'dangling.dipmap': a symbolic link in its path leads to no file, or round in a loop"],
    ['a loop of links', 'import "loop.dipmap"\n', "1:8 DF5001 Cannot read 'loop.dipmap': a symbolic link in its path leads to no file, or round in a loop"],
    ['extends a link to a file outside', 'variant x "X" {\n  extends "link-file.dipmap"\n}\n', `2:11 DF5003 'link-file.dipmap' is outside the project folder PROJ ${THROUGH}`],
    ['a path outside as written', 'import "../outside/secret.dipmap"\n', "1:8 DF5003 '../outside/secret.dipmap' is outside the project folder PROJ"],
    ['a file that does not exist (judged by its folder)', 'import "missing.dipmap"\n', "1:8 DF5001 Cannot read 'missing.dipmap': no such file"],
  ];
  for (const [name, text, expected] of linkCases) {
    it(`a map: ${name}`, async () => {
      put(join(proj, 'probe.dipmap'), text);
      const r = await dipforge(proj, 'check', 'probe.dipmap');
      expect(findings(r).filter((l) => / DF500[13] /.test(l))).toEqual([expected.replace('PROJ', proj)]);
      expect(r.code).toBe(1);
    });
  }

  it("a game's variant through a link to a file outside", async () => {
    put(join(proj, 'probe.dipgame'), 'variant "link-file.dipmap"\n');
    for (const command of ['check', 'adjudicate', 'render', 'test']) {
      const r = await dipforge(proj, command, 'probe.dipgame');
      expect(r.code, command).toBe(1);
      // `test` lists it as a failure (`FILE:line:col: message`), the others as a diagnostic (`FILE:line:col: error: message [code]`).
      const line = (r.out + r.err).split('\n').find((l) => l.startsWith('probe.dipgame:1:9: '));
      expect(line?.replace(/^probe\.dipgame:1:9: (error: )?/, ''), command).toContain(`'link-file.dipmap' is outside the project folder ${proj} ${THROUGH}`);
    }
  });

  it('a link inside the folder to a file inside is followed, and a project reached through a link works', async () => {
    put(join(proj, 'probe.dipmap'), 'variant p "P" { extends classic }\nimport "good-link.dipmap"\n');
    const direct = await dipforge(proj, 'compile', 'probe.dipmap');
    expect(direct.code).toBe(0);
    expect(JSON.parse(direct.out).rules['victory-centres']).toBe(17);
    const linked = await dipforge(join(root, 'proj-link'), 'compile', 'probe.dipmap');
    expect(linked.code).toBe(0);
    expect(linked.out).toBe(direct.out);
  });

  it('built-in variants and editions, which are outside every project folder, still load', async () => {
    put(join(proj, 'probe.dipmap'), 'variant p "P" {\n  extends classic\n}\nrules { edition 2000 }\n');
    put(join(proj, 'probe.dipgame'), 'variant classic\nedition 1982\n');
    expect((await dipforge(proj, 'compile', 'probe.dipmap')).code).toBe(0);
    const game = await dipforge(proj, 'check', 'probe.dipgame');
    expect(game.err).toBe('0 errors, 0 warnings\n');
    expect(game.code).toBe(0);
  });

  it("import-map: USE and MAP are held to the map's folder by real path", async () => {
    put(join(proj, 'probe.map'), 'USE ../outside/secret.map\nUSE link-map\nMAP link-dir/secret\nUSE dangling.dipmap loop.dipmap\n');
    const r = await dipforge(proj, 'import-map', 'probe.map');
    expect(r.code).toBe(1);
    const folder = `the map's folder ${proj}`;
    expect(findings(r).filter((l) => l.includes(' DF5003 '))).toEqual([
      `1:5 DF5003 '../outside/secret.map' is outside ${folder}`,
      `2:5 DF5003 'link-map' is outside ${folder} ${THROUGH}`,
      `3:5 DF5003 'link-dir/secret' is outside ${folder} ${THROUGH}`,
    ]);
    const cannot = 'a symbolic link in its path leads to no file, or round in a loop';
    expect(findings(r).filter((l) => l.includes('DF7003'))).toEqual([`4:5 DF7003 Cannot read 'dangling.dipmap': ${cannot}`, `4:21 DF7003 Cannot read 'loop.dipmap': ${cannot}`]);
    const good = await dipforge(proj, 'import-map', 'islands.map');
    expect(good.code).toBe(0);
    expect(good.out).toContain('variant islands');
  });
});

describe('the language server: the same folder rule, and open documents not yet on disk', () => {
  const uri = (path: string): string => pathToFileURL(path).href;
  const errors = (ws: Workspace, path: string): string[] => (ws.map(path)?.check.diagnostics ?? []).filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);

  it('an unsaved document that imports a link to a file outside: refused, nothing of the file shown', () => {
    const ws = new Workspace();
    const path = join(proj, 'unsaved.dipmap');
    ws.openDocument(uri(path), 'variant u "U" { extends classic }\nimport "link-file.dipmap"\n');
    const found = errors(ws, path);
    expect(found).toEqual([`DF5003 'link-file.dipmap' is outside the project folder ${proj} ${THROUGH}`]);
    expect(JSON.stringify(ws.map(path)?.check)).not.toMatch(SECRET_MARK);
  });

  it('unsaved documents, in a folder not on disk either, import each other and the files on disk', () => {
    const ws = new Workspace();
    const a = join(proj, 'new-folder', 'a.dipmap');
    ws.openDocument(uri(join(proj, 'new-folder', 'b.dipmap')), 'rules { victory-centres 12 }\n');
    ws.openDocument(uri(a), 'variant n "N" { extends classic }\nimport "b.dipmap"\nimport "../good-link.dipmap"\n');
    expect(errors(ws, a)).toEqual([]);
  });

  it('the workspace scan and find-references read no file outside through a link', async () => {
    const reads: string[] = [];
    const host: FileHost = {
      read: (path) => (reads.push(path), diskHost.read(path)),
      exists: (path) => diskHost.exists(path),
      list: (dir) => diskHost.list(dir),
      realPath: realPathOnDisk,
    };
    put(join(proj, 'xref.dipgame'), 'variant "link-file.dipmap"\n');
    const ws = new Workspace({ host });
    ws.scan([proj]);
    expect(ws.index.paths()).not.toContain(join(proj, 'link-file.dipmap'));
    expect(ws.index.paths()).toContain(join(proj, 'xref.dipgame'));
    const text = 'variant classic\nphase spring 1901 movement\n  england:\n    F lon - nth\n';
    const game = join(proj, 'open.dipgame');
    ws.openDocument(uri(game), text);
    const doc = ws.game(game);
    expect(doc).toBeDefined();
    const found = await references(ws, doc!, { line: 3, character: 7 }, true);
    expect(found.some((l) => l.uri === uri(game))).toBe(true);
    expect(reads.filter((r) => r.includes('link-file') || r.startsWith(outside))).toEqual([]);
  });

  it('an untitled document still extends a built-in variant; a file it names is missing, not refused', () => {
    const ws = new Workspace();
    const doc = ws.openDocument('untitled:Untitled-1', 'variant u "U" { extends classic }\n', 1, 'dipmap');
    expect(doc && errors(ws, doc.path)).toEqual([]);
    ws.changeDocument('untitled:Untitled-1', 'variant u "U" { extends classic }\nimport "other.dipmap"\n', 2);
    expect(doc && errors(ws, doc.path)).toEqual(["DF5001 Cannot read 'other.dipmap': no such file"]);
  });
});

/**
 * The packaged VS Code extension (the vsce step of `npm run package -w extension`, after the
 * root build and the extension's type-check that `npm test` runs): what the .vsix holds, its manifest, the two
 * TextMate grammars (run with JavaScript regular expressions on sample lines),
 * the language configurations, the bundled server started from a copy outside
 * the repository (stdio: initialize, diagnostics, the custom requests), and the
 * bundled client activated against a stand-in `vscode` module (it registers
 * every command the manifest lists and starts the bundled server over IPC),
 * The board page in a real browser is test/e2e/board-page.test.ts.
 * Real editors are the end-to-end tests' business (test/e2e/).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  Diagnostic,
  StreamMessageReader,
  StreamMessageWriter,
  TextEdit,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { GameWorkspace, runGameFile, runGameText } from '@dipforge/dsl';
import { Workspace } from '@dipforge/lsp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXT = join(ROOT, 'extension');
const VSIX = join(EXT, 'dipforge.vsix');
const EXAMPLE = join(ROOT, 'variants/classic/examples/1901.dipgame');

// ------------------------------------------------------------------ the .vsix (a zip)

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The entries of a zip, from its central directory. */
function zipEntries(zip: Buffer): Map<string, ZipEntry> {
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

function zipRead(zip: Buffer, e: ZipEntry): Buffer {
  if (zip.readUInt32LE(e.offset) !== 0x04034b50) throw new Error(`bad local header for ${e.name}`);
  const start = e.offset + 30 + zip.readUInt16LE(e.offset + 26) + zip.readUInt16LE(e.offset + 28);
  const data = zip.subarray(start, start + e.compressed);
  const out = e.method === 8 ? inflateRawSync(data) : Buffer.from(data);
  if (out.length !== e.size) throw new Error(`${e.name}: ${out.length} bytes, the directory says ${e.size}`);
  return out;
}

let zip: Buffer;
let entries: Map<string, ZipEntry>;
let manifest: Record<string, any>;
/** The .vsix's `extension/` folder, unpacked outside the repository. */
let unpacked: string;
const file = (name: string): string => zipRead(zip, entries.get(name) as ZipEntry).toString('utf8');

beforeAll(() => {
  rmSync(VSIX, { force: true });
  // The package script is the extension's type-check, which `npm test` has run, then vsce: the
  // test runs that vsce command as the script writes it, with vsce's own script, in the extension's folder.
  const script = (JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['package']!;
  const [vsce, ...args] = script.split(' && ').at(-1)!.split(' ');
  expect(vsce).toBe('vsce');
  execFileSync(process.execPath, [join(ROOT, 'node_modules', '.bin', 'vsce'), ...args], { cwd: EXT, stdio: 'pipe', encoding: 'utf8' });
  zip = readFileSync(VSIX);
  entries = zipEntries(zip);
  manifest = JSON.parse(file('extension/package.json'));
  unpacked = mkdtempSync(join(tmpdir(), 'dipforge-vsix-'));
  for (const [name, e] of entries) {
    if (!name.startsWith('extension/') || name.endsWith('/')) continue;
    const to = join(unpacked, name.slice('extension/'.length));
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, zipRead(zip, e));
  }
}, 240_000);

afterAll(() => {
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

describe('npm run package', () => {
  it('builds a .vsix with the bundles, grammars, configurations, icons, variants and schema', () => {
    const names = [...entries.keys()];
    for (const f of [
      'extension.vsixmanifest',
      'extension/package.json',
      'extension/readme.md',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/syntaxes/dipmap.tmLanguage.json',
      'extension/syntaxes/dipgame.tmLanguage.json',
      'extension/dipmap.language-configuration.json',
      'extension/dipgame.language-configuration.json',
      'extension/icons/dipmap.svg',
      'extension/icons/dipgame.svg',
      'extension/icons/dipforge.png',
      'extension/dist/variants/classic/classic.dipmap',
      'extension/dist/schema/variant-config.schema.json',
    ]) {
      expect(names, f).toContain(f);
    }
    const editions = names.filter((n) => n.startsWith('extension/dist/variants/editions/')).map((n) => n.split('/').pop()).sort();
    expect(editions).toEqual(['1971.dipmap', '1982.dipmap', '2000.dipmap', '2023.dipmap', 'old-rules.dipmap', 'online-5.dipmap']);
    // The copies are the repository's files.
    expect(file('extension/dist/variants/classic/classic.dipmap')).toBe(readFileSync(join(ROOT, 'variants/classic/classic.dipmap'), 'utf8'));
    expect(file('extension/dist/schema/variant-config.schema.json')).toBe(readFileSync(join(ROOT, 'packages/engine/schema/variant-config.schema.json'), 'utf8'));
  });

  it('has a client bundle with the request names and none of the server', () => {
    const client = file('extension/dist/extension.js');
    for (const name of ['dipforge/board', 'dipforge/status', 'dipforge/nextPhase', 'dipforge/editions', 'dipforge/setEdition', 'dipforge/diff']) expect(client, name).toContain(`"${name}"`);
    // Names the production build keeps: the engine's adjudicator and the game parser are the server's alone.
    expect(client).not.toContain('adjudicatePhase');
    expect(client).not.toContain('parseGame');
    expect(file('extension/dist/server.js')).toContain('adjudicatePhase');
  });

  it('leaves out sources, maps, modules and build scripts', () => {
    const names = [...entries.keys()];
    expect(names.filter((n) => /\.(ts|map)$|node_modules|\/src\/|esbuild\.mjs|tsconfig|\.vsix$|\/scripts\//.test(n))).toEqual([]);
    expect(zip.length).toBeLessThan(2_000_000);
  });

  it('is what docs/EXTENSION.md says: its file names and, within a fifth, its sizes', () => {
    const doc = readFileSync(join(ROOT, 'docs/EXTENSION.md'), 'utf8');
    const start = doc.indexOf('The package is about');
    expect(start, 'the paragraph on the package').toBeGreaterThan(-1);
    const paragraph = doc.slice(start, doc.indexOf('\n\n', start));
    const kb = (text: string): number => Number(text.replace(/,/g, ''));
    const near = (documented: number, bytes: number, what: string): void => {
      const actual = bytes / 1024;
      expect(Math.abs(documented - actual) / actual, `${what}: documented ${documented} KB, built ${actual.toFixed(0)} KB`).toBeLessThan(0.2);
    };
    near(kb(/^The package is about ([\d,]+) KB/.exec(paragraph)![1]!), zip.length, 'the .vsix');
    near(kb(/`dist\/extension\.js` \(the client, about ([\d,]+) KB\)/.exec(paragraph)![1]!), entries.get('extension/dist/extension.js')!.size, 'the client');
    near(kb(/`dist\/server\.js` \(the server, about ([\d,]+) KB\)/.exec(paragraph)![1]!), entries.get('extension/dist/server.js')!.size, 'the server');
    // Every name in backquotes: the zip's own files, then globs inside extension/ (`*` is one path segment's part).
    const names = [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const own = names.filter((n) => !n.includes('/') && !n.includes('*') && [...entries.keys()].includes(n));
    expect(own.sort()).toEqual([...entries.keys()].filter((n) => !n.startsWith('extension/')).sort());
    const globs = names.filter((n) => !own.includes(n) && !n.endsWith('/'));
    const pattern = (glob: string): RegExp => new RegExp(`^extension/${glob.replace(/[.[\]]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
    const files = [...entries.keys()].filter((n) => n.startsWith('extension/') && !n.endsWith('/'));
    expect(files.filter((f) => !globs.some((g) => pattern(g).test(f))), 'files the paragraph does not name').toEqual([]);
    expect(globs.filter((g) => !files.some((f) => pattern(g).test(f))), 'names that match no file').toEqual([]);
  });

  it('has the root script that builds first', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(root.scripts.package).toBe('npm run build && npm run package -w extension');
    const own = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8'));
    expect(own.scripts.package).toMatch(/vsce package --no-dependencies/);
    expect(own.scripts['vscode:prepublish']).toMatch(/esbuild\.mjs --production/);
  });
});

describe('the manifest', () => {
  it('starts from the client bundle, on VS Code 1.91, with its dependencies as they were', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.engines.vscode).toBe('^1.91.0');
    expect(manifest.dependencies).toEqual({ 'vscode-languageclient': '11.0.0' });
    expect(manifest.devDependencies).toEqual({ '@types/vscode': '1.91.0', '@vscode/vsce': '3.9.2', esbuild: '0.28.2' });
    expect(manifest.activationEvents).toContain('onWebviewPanel:dipforge.board');
    expect(entries.has(`extension/${manifest.icon}`)).toBe(true);
  });

  it('contributes the two languages, with configurations, grammars and icons that are in the package', () => {
    const c = manifest.contributes;
    const langs = Object.fromEntries(c.languages.map((l: any) => [l.id, l]));
    expect(Object.keys(langs).sort()).toEqual(['dipgame', 'dipmap']);
    expect(langs.dipmap.extensions).toEqual(['.dipmap']);
    expect(langs.dipgame.extensions).toEqual(['.dipgame']);
    const inPackage = (p: string): boolean => entries.has(`extension/${p.replace(/^\.\//, '')}`);
    for (const l of c.languages) {
      expect(inPackage(l.configuration), l.configuration).toBe(true);
      expect(inPackage(l.icon.light) && inPackage(l.icon.dark), l.id).toBe(true);
    }
    expect(c.grammars.map((g: any) => [g.language, g.scopeName]).sort()).toEqual([
      ['dipgame', 'source.dipgame'],
      ['dipmap', 'source.dipmap'],
    ]);
    for (const g of c.grammars) expect(inPackage(g.path), g.path).toBe(true);
    // Snippets come from the language server, which offers them only where a declaration or section can start.
    expect(c.snippets).toBeUndefined();
  });

  it('contributes the commands of the issue, in category dipforge, with menus', () => {
    const c = manifest.contributes;
    const commands = Object.fromEntries(c.commands.map((x: any) => [x.command, x]));
    expect(Object.keys(commands).sort()).toEqual([
      'dipforge.compareEditions',
      'dipforge.newVariant',
      'dipforge.nextPhase',
      'dipforge.restartServer',
      'dipforge.showBoard',
      'dipforge.switchEdition',
    ]);
    for (const x of c.commands) expect(x.category, x.command).toBe('dipforge');
    expect(commands['dipforge.showBoard'].title).toBe('Show Board');
    expect(commands['dipforge.switchEdition'].title).toBe('Switch Edition');
    expect(commands['dipforge.compareEditions'].title).toBe('Compare Editions');
    expect(commands['dipforge.nextPhase'].title).toBe('Next Phase');
    expect(commands['dipforge.newVariant'].title).toBe('New Variant');
    expect(c.menus['editor/title']).toContainEqual(expect.objectContaining({ command: 'dipforge.showBoard', when: expect.stringContaining('editorLangId == dipgame') }));
    const palette = Object.fromEntries(c.menus.commandPalette.map((m: any) => [m.command, m.when]));
    expect(palette['dipforge.nextPhase']).toBe('editorLangId == dipgame');
    for (const menu of Object.values(c.menus) as any[][]) for (const m of menu) expect(commands[m.command], m.command).toBeDefined();
  });

  it('contributes the settings: default edition, board, results in the Problems panel, server trace', () => {
    const p = manifest.contributes.configuration.properties;
    expect(Object.keys(p).sort()).toEqual(['dipforge.board.followCursor', 'dipforge.defaultEdition', 'dipforge.results.inProblems', 'dipforge.trace.server']);
    expect(p['dipforge.results.inProblems']).toMatchObject({ type: 'boolean', default: false });
    expect(p['dipforge.defaultEdition']).toMatchObject({ type: 'string', default: '2023' });
    expect(p['dipforge.trace.server']).toMatchObject({ type: 'string', enum: ['off', 'messages', 'verbose'], default: 'off' });
    expect(p['dipforge.board.followCursor']).toMatchObject({ type: 'boolean', default: true });
  });

  it('validates VariantConfig JSON files against the schema it ships', () => {
    const [v] = manifest.contributes.jsonValidation;
    expect(v.fileMatch).toContain('*.variant.json');
    expect(v.url).toBe('./dist/schema/variant-config.schema.json');
    const schema = JSON.parse(file('extension/dist/schema/variant-config.schema.json'));
    expect(schema.$schema).toMatch(/2020-12/);
    expect(schema.title).toBe('dipforge VariantConfig');
  });
});

// ------------------------------------------------------------------ the grammars

interface Rule {
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
  endCaptures?: Record<string, { name?: string }>;
  patterns?: Rule[];
  include?: string;
}
interface Grammar {
  scopeName: string;
  patterns: Rule[];
  repository: Record<string, Rule>;
}
interface Token {
  text: string;
  scopes: string[];
}

/** An Oniguruma pattern as a JavaScript one: a leading (?i) becomes the i flag; d for group indices. */
function regex(source: string): RegExp {
  let flags = 'dgu';
  if (source.startsWith('(?i)')) {
    source = source.slice(4);
    flags += 'i';
  }
  return new RegExp(source, flags);
}

/**
 * A small TextMate tokenizer, enough for these grammars: match and begin/end
 * rules, includes of the repository, captures (not nested), the end pattern
 * winning a tie, state carried from line to line.
 */
function tokenize(g: Grammar, text: string): Token[][] {
  const flatten = (rules: Rule[]): Rule[] =>
    rules.flatMap((r) => {
      if (r.include) {
        const target = r.include === '$self' ? { patterns: g.patterns } : g.repository[r.include.slice(1)];
        if (!target) throw new Error(`no repository entry ${r.include}`);
        return flatten([target]);
      }
      if (!r.match && !r.begin) return flatten(r.patterns ?? []);
      return [r];
    });
  const stack: { rule: Rule; scopes: string[]; end?: RegExp }[] = [{ rule: { patterns: g.patterns }, scopes: [g.scopeName] }];
  const lines: Token[][] = [];
  for (const line of text.split('\n')) {
    const out: Token[] = [];
    const emit = (from: number, to: number, scopes: string[]): void => {
      if (to > from) out.push({ text: line.slice(from, to), scopes });
    };
    const emitMatch = (m: RegExpExecArray, scopes: string[], captures: Record<string, { name?: string }> | undefined): void => {
      const indices = m.indices as unknown as ([number, number] | undefined)[];
      const groups = Object.entries(captures ?? {})
        .map(([k, v]) => ({ k: Number(k), name: v.name, at: indices[Number(k)] }))
        .filter((x) => x.k > 0 && x.at && x.name)
        .sort((a, b) => a.at![0] - b.at![0]);
      const whole = captures?.['0']?.name ? [...scopes, captures['0'].name] : scopes;
      let pos = m.index;
      for (const c of groups) {
        const [s, e] = c.at!;
        if (s < pos) continue;
        emit(pos, s, whole);
        emit(s, e, [...whole, c.name!]);
        pos = e;
      }
      emit(pos, m.index + m[0].length, whole);
    };
    let pos = 0;
    while (pos <= line.length) {
      const top = stack[stack.length - 1]!;
      let endMatch: RegExpExecArray | null = null;
      if (top.end) {
        top.end.lastIndex = pos;
        endMatch = top.end.exec(line);
      }
      let best: { rule: Rule; m: RegExpExecArray } | undefined;
      for (const rule of flatten(top.rule.patterns ?? [])) {
        const re = regex((rule.match ?? rule.begin) as string);
        re.lastIndex = pos;
        const m = re.exec(line);
        if (m && (!best || m.index < best.m.index)) best = { rule, m };
      }
      if (endMatch && (!best || endMatch.index <= best.m.index)) {
        emit(pos, endMatch.index, top.scopes);
        emitMatch(endMatch, top.scopes, top.rule.endCaptures);
        stack.pop();
        pos = endMatch.index + endMatch[0].length;
        if (endMatch[0].length === 0 && endMatch.index >= line.length) break;
        continue;
      }
      if (!best) {
        emit(pos, line.length, top.scopes);
        break;
      }
      const { rule, m } = best;
      emit(pos, m.index, top.scopes);
      const scopes = rule.name ? [...top.scopes, rule.name] : top.scopes;
      if (rule.match) {
        emitMatch(m, scopes, rule.captures);
        pos = m.index + Math.max(m[0].length, 1);
      } else {
        emitMatch(m, scopes, rule.beginCaptures);
        stack.push({ rule, scopes, end: regex(rule.end as string) });
        pos = m.index + m[0].length;
      }
    }
    // A rule that ends at the end of the line (a line comment) ends here.
    while (stack.length > 1 && stack[stack.length - 1]!.end?.source === '$') stack.pop();
    lines.push(out);
  }
  return lines;
}

/** The scopes of the token that is `word` (the n-th one of that text on the line). */
function scopesOf(tokens: Token[], word: string, n = 0): string[] {
  const found = tokens.filter((t) => t.text === word);
  const t = found[n];
  if (!t) throw new Error(`no token '${word}' in ${JSON.stringify(tokens.map((x) => x.text))}`);
  return t.scopes;
}

describe('the TextMate grammars', () => {
  const grammars = (): Record<string, Grammar> => ({
    dipmap: JSON.parse(file('extension/syntaxes/dipmap.tmLanguage.json')),
    dipgame: JSON.parse(file('extension/syntaxes/dipgame.tmLanguage.json')),
  });

  it('are the output of extension/scripts/grammars.mjs', async () => {
    const mod = (await import(pathToFileURL(join(EXT, 'scripts/grammars.mjs')).href)) as { grammars: Record<string, unknown>; grammarText: (g: unknown) => string };
    for (const [name, g] of Object.entries(mod.grammars)) {
      expect(readFileSync(join(EXT, 'syntaxes', name), 'utf8'), name).toBe(mod.grammarText(g));
      expect(file(`extension/syntaxes/${name}`), name).toBe(mod.grammarText(g));
    }
  });

  it('use only patterns that JavaScript reads too, (?i) only at the start', () => {
    for (const [lang, g] of Object.entries(grammars())) {
      expect(g.scopeName).toBe(`source.${lang}`);
      const all: string[] = [];
      const walk = (r: Rule): void => {
        for (const k of ['match', 'begin', 'end'] as const) if (r[k]) all.push(r[k]!);
        for (const p of r.patterns ?? []) walk(p);
      };
      for (const p of g.patterns) walk(p);
      for (const r of Object.values(g.repository)) walk(r);
      expect(all.length).toBeGreaterThan(15);
      for (const src of all) {
        expect(() => regex(src), src).not.toThrow();
        expect(src.slice(4).includes('(?i)'), src).toBe(false);
        expect(src, src).not.toMatch(/\\[hHAzZG]|\(\?>|[+*?]\+/);
      }
    }
  });

  it('colour a game: comments, header, phases, powers, units, provinces, coasts, orders, results', () => {
    const g = grammars().dipgame!;
    const [comment, variant, edition, rule, phase, power, convoy, coastMove, viaConvoy, build, units, owners, expect_, bad, player, year, language] = tokenize(
      g,
      [
        '// DATC 6.A.5: move to own sector with convoy',
        'variant classic',
        'edition 2000',
        'rule convoy-paradox 1982        // overrides',
        'phase spring 1901 movement',
        '  england:',
        '    F nth C A yor - yor   [illegal]',
        '    F stp/nc - bar',
        '    A lon -> nwy via convoy   [succeeds]',
        '    Build F lon',
        '  units england: F nth, A lvp',
        '  owners england: edi, lvp       // centre owners',
        'expect',
        '    A par - bur   [bounced]',
        'player england "Alice"',
        'phase 1902 fall retreat',
        'language fi for russia',
      ].join('\n'),
    );
    expect(comment).toHaveLength(2);
    expect(comment![0]!.scopes).toContain('comment.line.double-slash.dipgame');
    expect(comment![1]!.scopes).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(variant!, 'variant')).toContain('keyword.other.header.dipgame');
    expect(scopesOf(variant!, 'classic')).toContain('entity.name.type.variant.dipgame');
    expect(scopesOf(edition!, '2000')).toContain('constant.other.edition.dipgame');
    expect(scopesOf(rule!, 'convoy-paradox')).toContain('support.type.property-name.rule.dipgame');
    expect(scopesOf(rule!, ' overrides')).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(rule!, '1982')).toContain('constant.numeric.dipgame');
    expect(scopesOf(phase!, 'phase')).toContain('keyword.control.section.dipgame');
    expect(scopesOf(phase!, 'spring')).toContain('entity.name.section.season.dipgame');
    expect(scopesOf(phase!, '1901')).toContain('constant.numeric.year.dipgame');
    expect(scopesOf(phase!, 'movement')).toContain('constant.language.phase.dipgame');
    expect(scopesOf(year!, '1902')).toContain('constant.numeric.year.dipgame');
    expect(scopesOf(year!, 'retreat')).toContain('constant.language.phase.dipgame');
    expect(scopesOf(power!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(convoy!, 'F')).toContain('storage.type.unit.dipgame');
    expect(scopesOf(convoy!, 'nth')).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, 'C')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(convoy!, 'A')).toContain('storage.type.unit.dipgame');
    expect(scopesOf(convoy!, 'yor', 0)).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, '-')).toContain('keyword.operator.move.dipgame');
    expect(scopesOf(convoy!, 'yor', 1)).toContain('variable.other.province.dipgame');
    expect(scopesOf(convoy!, 'illegal')).toContain('constant.language.result.dipgame');
    expect(scopesOf(coastMove!, 'stp')).toContain('variable.other.province.dipgame');
    expect(scopesOf(coastMove!, 'nc')).toContain('variable.other.coast.dipgame');
    expect(scopesOf(viaConvoy!, '->')).toContain('keyword.operator.move.dipgame');
    expect(scopesOf(viaConvoy!, 'via')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(viaConvoy!, 'convoy')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(viaConvoy!, 'succeeds')).toContain('constant.language.result.dipgame');
    expect(scopesOf(build!, 'Build')).toContain('keyword.operator.order.dipgame');
    expect(scopesOf(build!, 'lon')).toContain('variable.other.province.dipgame');
    expect(scopesOf(units!, 'units')).toContain('keyword.other.expect.dipgame');
    expect(scopesOf(units!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(units!, 'lvp')).toContain('variable.other.province.dipgame');
    expect(scopesOf(owners!, 'owners')).toContain('keyword.other.expect.dipgame');
    expect(scopesOf(owners!, ' centre owners')).toContain('comment.line.double-slash.dipgame');
    expect(scopesOf(expect_!, 'expect')).toContain('keyword.control.section.dipgame');
    expect(scopesOf(bad!, 'bounced')).toContain('invalid.illegal.result.dipgame');
    expect(scopesOf(player!, 'england')).toContain('entity.name.tag.power.dipgame');
    expect(scopesOf(player!, 'Alice')).toContain('string.quoted.double.dipgame');
    expect(scopesOf(language!, 'language')).toContain('keyword.other.header.dipgame');
    expect(scopesOf(language!, 'fi')).toContain('constant.language.tag.dipgame');
    expect(scopesOf(language!, 'for')).toContain('keyword.other.header.dipgame');
  });

  it('colour a map: declarations, terrain, coasts, adjacency, units, rules blocks, comments', () => {
    const g = grammars().dipmap!;
    const lines = tokenize(
      g,
      [
        'variant classic "Classic" {', // 0
        'province spa "Spain" coast supply {', // 1
        '  coast nc "North Coast" { name zh "北岸" }', // 2
        '  at 130 520', // 3
        '}', // 4
        'adjacency {', // 5
        '  army  spa: por, gas', // 6
        '  fleet spa/nc: mao, por', // 7
        '  fleet cns -> woo', // 8
        '}', // 9
        'power france "France" {', // 10
        '  colour #2e6fd8', // 11
        '  units F bre, A mar', // 12
        '}', // 13
        'rules {', // 14
        '  edition 2023', // 15
        '  victory-centres 18   // to win', // 16
        '}', // 17
        'ruleset 2000 "DATC v2.4" extends 2023 {', // 18
        '  via-convoy-fallback true', // 19
        '}', // 20
        '/* a block', // 21
        '   comment */ import "base.dipmap"', // 22
        'province sea-side "Sea Side" land', // 23
        'neutral centres bel, hol', // 24
      ].join('\n'),
    );
    const l = (i: number): Token[] => lines[i] as Token[];
    expect(scopesOf(l(0), 'variant')).toContain('storage.type.dipmap');
    expect(scopesOf(l(0), 'classic')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(0), 'Classic')).toContain('string.quoted.double.dipmap');
    expect(scopesOf(l(1), 'spa')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(1), 'coast')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(1), 'supply')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(2), 'coast')).toContain('storage.type.coast.dipmap');
    expect(scopesOf(l(2), 'nc')).toContain('entity.name.type.coast.dipmap');
    expect(scopesOf(l(2), 'name')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(3), 'at')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(3), '130')).toContain('constant.numeric.dipmap');
    expect(scopesOf(l(5), 'adjacency')).toContain('storage.type.dipmap');
    expect(scopesOf(l(6), 'army')).toContain('storage.type.unit.dipmap');
    expect(scopesOf(l(6), 'spa')).toContain('variable.other.province.dipmap');
    expect(scopesOf(l(6), ':')).toContain('keyword.operator.adjacency.dipmap');
    expect(scopesOf(l(7), 'nc')).toContain('variable.other.coast.dipmap');
    expect(scopesOf(l(8), '->')).toContain('keyword.operator.adjacency.dipmap');
    expect(scopesOf(l(10), 'france')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(11), 'colour')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(11), '#2e6fd8')).toContain('constant.other.color.dipmap');
    expect(scopesOf(l(12), 'units')).toContain('keyword.other.dipmap');
    expect(scopesOf(l(12), 'F')).toContain('storage.type.unit.dipmap');
    expect(scopesOf(l(12), 'bre')).toContain('variable.other.province.dipmap');
    expect(scopesOf(l(14), 'rules')).toContain('storage.type.rules.dipmap');
    expect(scopesOf(l(15), 'edition')).toContain('keyword.other.edition.dipmap');
    expect(scopesOf(l(15), '2023')).toContain('constant.other.edition.dipmap');
    // A rule option is one name: `centres` inside `victory-centres` is no keyword.
    expect(scopesOf(l(16), 'victory-centres')).toContain('support.type.property-name.rule.dipmap');
    expect(scopesOf(l(16), '18')).toContain('constant.numeric.dipmap');
    expect(scopesOf(l(16), ' to win')).toContain('comment.line.double-slash.dipmap');
    expect(scopesOf(l(18), 'ruleset')).toContain('storage.type.ruleset.dipmap');
    expect(scopesOf(l(18), '2000')).toContain('entity.name.type.ruleset.dipmap');
    expect(scopesOf(l(18), '2023')).toContain('entity.other.inherited-class.dipmap');
    expect(scopesOf(l(19), 'via-convoy-fallback')).toContain('support.type.property-name.rule.dipmap');
    expect(scopesOf(l(19), 'true')).toContain('constant.language.boolean.dipmap');
    expect(l(20).map((t) => t.scopes.includes('meta.block.ruleset.dipmap'))).toEqual([true]);
    expect(scopesOf(l(21), ' a block')).toContain('comment.block.dipmap');
    expect(scopesOf(l(22), '   comment ')).toContain('comment.block.dipmap');
    expect(scopesOf(l(22), 'import')).toContain('keyword.control.import.dipmap');
    expect(scopesOf(l(23), 'sea-side')).toContain('entity.name.type.dipmap');
    expect(scopesOf(l(23), 'land')).toContain('storage.modifier.terrain.dipmap');
    expect(scopesOf(l(24), 'neutral')).toContain('storage.type.dipmap');
    expect(scopesOf(l(24), 'centres')).toContain('keyword.other.dipmap');
  });

  it('read the whole classic map and the 1901 example without running away', () => {
    const g = grammars();
    const map = tokenize(g.dipmap!, readFileSync(join(ROOT, 'variants/classic/classic.dipmap'), 'utf8'));
    const game = tokenize(g.dipgame!, readFileSync(EXAMPLE, 'utf8'));
    // Provinces everywhere, and the rules block closed where it ends (it is four lines long).
    expect(map.flat().filter((t) => t.scopes.includes('variable.other.province.dipmap')).length).toBeGreaterThan(100);
    expect(map.filter((line) => line.some((t) => t.scopes.includes('meta.block.rules.dipmap')))).toHaveLength(4);
    expect(game.flat().filter((t) => t.scopes.includes('storage.type.unit.dipgame')).length).toBeGreaterThan(60);
  });
});

describe('the language configurations', () => {
  const conf = (lang: string): any => JSON.parse(file(`extension/${lang}.language-configuration.json`));
  const re = (r: string | { pattern: string; flags?: string }): RegExp => (typeof r === 'string' ? new RegExp(r) : new RegExp(r.pattern, r.flags));

  it('say how comments, brackets and auto-closing work', () => {
    expect(conf('dipmap').comments).toEqual({ lineComment: '//', blockComment: ['/*', '*/'] });
    expect(conf('dipgame').comments).toEqual({ lineComment: '//' });
    expect(conf('dipmap').brackets).toContainEqual(['{', '}']);
    expect(conf('dipgame').brackets).toContainEqual(['[', ']']);
    expect(conf('dipmap').autoClosingPairs).toContainEqual({ open: '"', close: '"', notIn: ['string', 'comment'] });
    expect(conf('dipgame').autoClosingPairs).toContainEqual({ open: '[', close: ']' });
  });

  it('have words and indentation rules that match the languages (JavaScript patterns, as VS Code reads them)', () => {
    for (const lang of ['dipmap', 'dipgame']) {
      const words = re(conf(lang).wordPattern);
      expect('F stp/nc'.match(new RegExp(words.source, 'gu'))).toEqual(['F', 'stp', 'nc']);
      expect('rule convoy-paradox 华沙'.match(new RegExp(words.source, 'gu'))).toEqual(['rule', 'convoy-paradox', '华沙']);
    }
    const map = conf('dipmap').indentationRules;
    expect(re(map.increaseIndentPattern).test('province spa "Spain" coast supply {')).toBe(true);
    expect(re(map.increaseIndentPattern).test('province swi "Switzerland" impassable')).toBe(false);
    expect(re(map.increaseIndentPattern).test('province hig "Highland" coast supply { at 300 150 }')).toBe(false);
    expect(re(map.increaseIndentPattern).test('adjacency {   // the edges')).toBe(true);
    expect(re(map.decreaseIndentPattern).test('  }')).toBe(true);
    const game = conf('dipgame').indentationRules;
    const inc = re(game.increaseIndentPattern);
    for (const l of ['phase spring 1901 movement', '  england:', 'expect', 'position fall 1901 retreat', '  Great Britain:   // the island']) expect(inc.test(l), l).toBe(true);
    for (const l of ['    A par - bur', '  owners england: edi', '  england: F nth, A lvp', 'variant classic']) expect(inc.test(l), l).toBe(false);
    expect(re(game.decreaseIndentPattern).test('    phase fall 1901 movement')).toBe(true);
  });
});

// ------------------------------------------------------------------ the bundled server

interface Server {
  connection: ProtocolConnection;
  child: ChildProcess;
  diagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  stderr: string[];
}

function startServer(entry: string, cwd: string): Server {
  const child = spawn(process.execPath, [entry, '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published = new Map<string, PublishDiagnosticsParams>();
  const waiting = new Map<string, ((p: PublishDiagnosticsParams) => void)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p);
    for (const w of waiting.get(p.uri) ?? []) w(p);
    waiting.delete(p.uri);
  });
  connection.onNotification('window/logMessage', () => undefined);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  return {
    connection,
    child,
    stderr,
    diagnostics: (uri) => {
      const hit = published.get(uri);
      if (hit) return Promise.resolve(hit);
      return new Promise((res) => waiting.set(uri, [...(waiting.get(uri) ?? []), res]));
    },
  };
}

describe('the bundled server, copied out of the repository', () => {
  let server: Server;
  let folder: string;
  const gameUri = (name: string): string => pathToFileURL(join(folder, name)).href;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'dipforge-ws-'));
    server = startServer(join(unpacked, 'dist/server.js'), folder);
    const init = await server.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'ws' }],
      capabilities: {},
    });
    (server as Server & { init: unknown }).init = init;
    await server.connection.sendNotification('initialized', {});
  }, 60_000);

  afterAll(async () => {
    try {
      await server.connection.sendRequest('shutdown');
      await server.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    await new Promise<void>((res) => {
      if (server.child.exitCode !== null) return res();
      const t = setTimeout(() => (server.child.kill(), res()), 3000);
      server.child.once('exit', () => (clearTimeout(t), res()));
    });
    server.connection.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers initialize', () => {
    const init = (server as Server & { init: { serverInfo?: { name: string }; capabilities: Record<string, unknown> } }).init;
    expect(init.serverInfo?.name).toBe('dipforge');
    expect(init.capabilities).toHaveProperty('completionProvider');
    expect(init.capabilities).toHaveProperty('codeLensProvider');
  });

  it('publishes diagnostics for a game with a planted error, from the built-in classic variant it ships', async () => {
    const uri = gameUri('planted.dipgame');
    const text = 'variant classic\nedition 2000\n\nphase spring 1901 movement\n  france:\n    A par - xyz\n    A mar - bur\n';
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text } });
    const p = await server.diagnostics(uri);
    for (const d of p.diagnostics) expect(Diagnostic.is(d)).toBe(true);
    const errors = p.diagnostics.filter((d) => d.severity === 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.range.start.line).toBe(5);
    expect(errors[0]!.code).toBe('DF2001');
    expect(errors[0]!.message).toMatch(/xyz/);
    expect(server.stderr.join('')).toBe('');
  });

  it('draws the board of the phase under the cursor with that phase\'s units', async () => {
    const uri = pathToFileURL(EXAMPLE).href;
    const text = readFileSync(EXAMPLE, 'utf8');
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text } });
    const line = text.split('\n').indexOf('phase fall 1901 movement');
    const r = await server.connection.sendRequest<{ svg: string; phase: string; variant: string; edition: string; line: number }>('dipforge/board', {
      uri,
      position: { line: line + 2, character: 4 },
    });
    expect(r).toMatchObject({ phase: 'fall 1901 movement', variant: 'classic', edition: '2023', line });
    const run = runGameFile(EXAMPLE, new GameWorkspace());
    const fall = run.phases.find((ph) => ph.phase.season === 'fall' && ph.phase.kind === 'movement')!;
    const drawn = [...r.svg.matchAll(/<g class="unit (army|fleet)[^"]*"[^>]*data-location="([^"]*)"/g)].map((m) => `${m[1] === 'army' ? 'A' : 'F'} ${m[2]}`).sort();
    expect(drawn).toEqual(fall.before.units.map((u) => `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`).sort());
    expect(r.svg.startsWith('<?xml')).toBe(true);
    expect(r.svg).not.toMatch(/<script|<style|\sstyle=|href=/);
    const status = await server.connection.sendRequest<{ text: string }>('dipforge/status', { uri, position: { line: line + 2, character: 4 } });
    expect(status.text).toBe('classic · 2023 · fall 1901 movement');
  });

  it('gives the next phase as an edit, lists and switches editions, compares two', async () => {
    const uri = pathToFileURL(EXAMPLE).href;
    const text = readFileSync(EXAMPLE, 'utf8');
    const next = await server.connection.sendRequest<{ phase: string; edit: TextEdit; line: number }>('dipforge/nextPhase', { uri });
    expect(TextEdit.is(next.edit)).toBe(true);
    expect(next.phase).toBe('spring 1902 movement');
    const lines = text.split('\n');
    expect(next.edit.range.start).toEqual({ line: lines.length - 1, character: 0 });
    const after = text + next.edit.newText;
    expect(after.split('\n')[next.line]).toBe('phase spring 1902 movement');
    const played = runGameText(after, join(folder, 'after.dipgame'), new GameWorkspace());
    expect(played.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    const editions = await server.connection.sendRequest<{ current: string; editions: { name: string }[] }>('dipforge/editions', { uri });
    expect(editions.current).toBe('2023');
    expect(editions.editions.map((e) => e.name)).toEqual(['1971', '1982', '2000', '2023', 'old-rules', 'online-5']);
    const set = await server.connection.sendRequest<{ edits: TextEdit[] }>('dipforge/setEdition', { uri, edition: '1982' });
    expect(set.edits).toEqual([{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 12 } }, newText: '1982' }]);
    // To the postal year the bundled server converts the game: the winter phase goes, its builds join the fall.
    const postal = await server.connection.sendRequest<{ edits: TextEdit[]; converted: boolean; confirm: boolean; summary: { phasesRemoved: number; ordersMoved: number } }>('dipforge/setEdition', { uri, edition: 'old-rules' });
    expect([postal.converted, postal.confirm, postal.summary.phasesRemoved, postal.summary.ordersMoved]).toEqual([true, true, 1, 6]);
    expect(postal.edits.some((e) => e.newText === '    Build A mun, A ber\n')).toBe(true);

    // The example year plays alike under both; the implied-coast example does not (text 000 §7a).
    type Diff = { text: string; orders: unknown[]; a: { edition: string }; b: { edition: string } };
    const same = await server.connection.sendRequest<Diff>('dipforge/diff', { uri, editionB: 'old-rules' });
    expect([same.a.edition, same.b.edition, same.orders.length]).toEqual(['2023', 'old-rules', 0]);
    expect(same.text.split('\n')[0]).toBe('1901.dipgame: edition 2023 vs edition old-rules');
    expect(same.text).toMatch(/compared with the game converted to old-rules[\s\S]*no order result differs/);
    const coast = pathToFileURL(join(ROOT, 'variants/classic/examples/implied-coast.dipgame')).href;
    const diff = await server.connection.sendRequest<Diff>('dipforge/diff', { uri: coast, editionB: 'old-rules' });
    expect(diff.orders.length).toBe(1);
    expect(diff.text).toMatch(/F bot - stp[\s\S]*2023: succeeds[\s\S]*old-rules: illegal/);
  });

  it('reads a variant of the workspace next to the game', async () => {
    const mod = await import('../extension/src/scaffold.js');
    const s = mod.scaffoldVariant('islands');
    mkdirSync(join(folder, 'islands'));
    for (const [name, text] of Object.entries(s.files)) writeFileSync(join(folder, 'islands', name), text);
    const uri = pathToFileURL(join(folder, 'islands/example.dipgame')).href;
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dipgame', version: 1, text: s.files['example.dipgame'] } });
    const p = await server.diagnostics(uri);
    expect(p.diagnostics.filter((d) => d.severity === 1 || d.severity === 2)).toEqual([]);
    const status = await server.connection.sendRequest<{ text: string }>('dipforge/status', { uri, position: { line: 0, character: 0 } });
    expect(status.text).toBe('islands · 2023 · spring 1901 movement');
  });

  it('answers a request for no document with an error, and goes on', async () => {
    await expect(server.connection.sendRequest('dipforge/board', {})).rejects.toMatchObject({ code: -32602 });
    await expect(server.connection.sendRequest('dipforge/nextPhase', { uri: pathToFileURL(join(ROOT, 'variants/classic/classic.dipmap')).href })).rejects.toMatchObject({
      code: -32602,
    });
    const ok = await server.connection.sendRequest<{ editions: unknown[] }>('dipforge/editions', {});
    expect(ok.editions).toHaveLength(6);
  });
});

// ------------------------------------------------------------------ the bundled client

/** A stand-in for the `vscode` module: records what the extension registers; anything else is a harmless stub. */
function fakeVscode(): { module: unknown; registered: string[]; calls: string[]; serializers: string[]; providers: string[]; errors: string[] } {
  const calls: string[] = [];
  const registered: string[] = [];
  const serializers: string[] = [];
  const providers: string[] = [];
  const errors: string[] = [];
  const anything = (path: string): any =>
    new Proxy(function () {}, {
      get(_t, prop) {
        if (prop === 'then') return undefined;
        if (prop === Symbol.iterator) return function* () {};
        if (prop === Symbol.toPrimitive) return () => path;
        if (prop === 'dispose') return () => undefined;
        return anything(`${path}.${String(prop)}`);
      },
      set: () => true,
      apply: () => {
        calls.push(path);
        return anything(`${path}()`);
      },
      construct: () => anything(`new ${path}`),
    });
  const base = anything('vscode');
  const overrides: Record<string, unknown> = {
    version: '1.91.0',
    commands: {
      registerCommand: (id: string) => {
        registered.push(id);
        return { dispose: () => undefined };
      },
      executeCommand: async () => undefined,
    },
  };
  const windowStub = new Proxy(
    {},
    {
      get(_t, prop) {
        if (prop === 'registerWebviewPanelSerializer') return (viewType: string) => (serializers.push(viewType), { dispose: () => undefined });
        if (prop === 'showErrorMessage') return (m: string) => (errors.push(m), Promise.resolve(undefined));
        return base.window[prop];
      },
    },
  );
  const workspaceStub = new Proxy(
    {},
    {
      get(_t, prop) {
        if (prop === 'registerTextDocumentContentProvider') return (scheme: string) => (providers.push(scheme), { dispose: () => undefined });
        if (prop === 'workspaceFolders') return undefined;
        return base.workspace[prop];
      },
    },
  );
  const keys = ['version', 'window', 'workspace', 'commands', 'languages', 'env', 'Uri', 'EventEmitter', 'Disposable', 'Range', 'Position', 'Selection', 'ViewColumn', 'StatusBarAlignment', 'TextEditorRevealType', 'WorkspaceEdit'];
  const module: any = new Proxy(
    {},
    {
      ownKeys: () => keys,
      getOwnPropertyDescriptor: (_t, prop) => ({ configurable: true, enumerable: true, writable: false, value: module[prop] }),
      get(_t, prop) {
        if (prop === 'window') return windowStub;
        if (prop === 'workspace') return workspaceStub;
        if (typeof prop === 'string' && prop in overrides) return overrides[prop];
        return base[prop];
      },
    },
  );
  return { module, registered, calls, serializers, providers, errors };
}

describe('the bundled client', () => {
  it('registers every command of the manifest, the board serializer and the diff documents, and starts the bundled server over IPC', async () => {
    const fake = fakeVscode();
    const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = mod._load;
    mod._load = function (this: unknown, request: string, ...rest: unknown[]) {
      if (request === 'vscode') return fake.module;
      return load.call(this, request, ...rest);
    };
    try {
      const ext = createRequire(import.meta.url)(join(unpacked, 'dist/extension.js')) as { activate: (c: unknown) => Promise<void>; deactivate: () => Promise<void> };
      const context = { subscriptions: [] as { dispose(): void }[], asAbsolutePath: (p: string) => join(unpacked, p), extensionPath: unpacked };
      await ext.activate(context);
      const commands = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
      expect([...fake.registered].sort()).toEqual(commands);
      expect(fake.serializers).toEqual(['dipforge.board']);
      expect(fake.providers).toEqual(['dipforge-diff']);
      expect(fake.calls).toContain('vscode.window.createStatusBarItem');
      // The client started the server and registered the features the server announced.
      expect(fake.errors).toEqual([]);
      expect(fake.calls).toContain('vscode.languages.registerCompletionItemProvider');
      expect(fake.calls).toContain('vscode.languages.registerCodeLensProvider');
      await ext.deactivate();
      for (const d of context.subscriptions) d.dispose();
    } finally {
      mod._load = load;
    }
  }, 60_000);
});

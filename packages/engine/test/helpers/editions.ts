// A loose reader for the edition presets in variants/editions: it extracts each
// `ruleset NAME ["Title"] [extends NAME] { key value … }` block and its option
// lines with a regular expression, without the DSL parser.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRuleValue, defaultRuleOptions, type RuleInput, type RuleOptions } from '../../src/config/index.js';

export const EDITIONS_DIR = fileURLToPath(new URL('../../../../variants/editions/', import.meta.url));

export interface OptionLine {
  key: string;
  value: RuleInput;
  comment: string | undefined;
  /** 1-based line number in the file. */
  line: number;
}

export interface RulesetBlock {
  file: string;
  name: string;
  title: string | undefined;
  extends: string | undefined;
  options: OptionLine[];
}

const NAME = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?`;
const HEADER = new RegExp(String.raw`\bruleset\s+(${NAME})\s*(?:"((?:[^"\\]|\\.)*)")?\s*(?:extends\s+(${NAME}))?\s*\{`, 'gu');

/** Splits a line into code and `//` comment, ignoring `//` inside strings. */
function splitComment(line: string): [string, string | undefined] {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '/' && line[i + 1] === '/') {
      return [line.slice(0, i), line.slice(i + 2).trim()];
    }
  }
  return [line, undefined];
}

function parseScalar(token: string): string | number | boolean {
  const t = token.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(t)) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return Number(t);
  if (t === 'true') return true;
  if (t === 'false') return false;
  return t;
}

function parseValue(text: string): RuleInput {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new Error(`empty item in value "${text}"`);
  const values = parts.map(parseScalar);
  return values.length === 1 ? values[0]! : values;
}

/** The text with comments blanked out (same length and line numbers), for finding blocks. */
function codeOnly(text: string): string {
  const noBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
  return noBlocks
    .split('\n')
    .map((line) => {
      const [code] = splitComment(line);
      return code + ' '.repeat(line.length - code.length);
    })
    .join('\n');
}

export function parseRulesets(text: string, file: string): RulesetBlock[] {
  // Comments could hide or fake headers and braces: find blocks in the code
  // alone, then read each option line (and its comment) from the text.
  const clean = codeOnly(text);
  const withComments = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
  const blocks: RulesetBlock[] = [];
  for (const m of clean.matchAll(HEADER)) {
    const start = m.index! + m[0].length;
    const end = clean.indexOf('}', start);
    if (end < 0) throw new Error(`${file}: ruleset ${m[1]} is not closed`);
    const firstLine = clean.slice(0, start).split('\n').length;
    const options: OptionLine[] = [];
    withComments
      .slice(start, end)
      .split('\n')
      .forEach((raw, i) => {
        const [code, comment] = splitComment(raw);
        const body = code.replace(/;\s*$/, '').trim();
        if (body === '') return;
        const km = /^(\S+)\s+(.+)$/u.exec(body);
        if (!km) throw new Error(`${file}:${firstLine + i}: an option line needs a key and a value: "${body}"`);
        options.push({ key: km[1]!.toLowerCase(), value: parseValue(km[2]!), comment, line: firstLine + i });
      });
    blocks.push({ file, name: m[1]!.toLowerCase(), title: m[2], extends: m[3]?.toLowerCase(), options });
  }
  return blocks;
}

export function editionFiles(): string[] {
  return readdirSync(EDITIONS_DIR)
    .filter((f) => f.endsWith('.dipmap'))
    .sort();
}

export function loadEditions(): Map<string, RulesetBlock> {
  const out = new Map<string, RulesetBlock>();
  for (const f of editionFiles()) {
    for (const block of parseRulesets(readFileSync(join(EDITIONS_DIR, f), 'utf8'), basename(f))) {
      if (out.has(block.name)) throw new Error(`ruleset ${block.name} is declared twice`);
      out.set(block.name, block);
    }
  }
  return out;
}

/**
 * The options of a ruleset with its `extends` chain applied, normalized by
 * `checkRuleValue`. The base ruleset (no `extends`) starts from nothing, so a
 * key it does not set is missing from the result. `edition` is set to the name.
 */
export function resolveEdition(name: string, all: Map<string, RulesetBlock>, seen: string[] = []): Record<string, unknown> {
  const block = all.get(name);
  if (!block) throw new Error(`unknown ruleset ${name}${seen.length ? ` (extended by ${seen.at(-1)})` : ''}`);
  if (seen.includes(name)) throw new Error(`extends cycle: ${[...seen, name].join(' -> ')}`);
  const base = block.extends ? resolveEdition(block.extends, all, [...seen, name]) : {};
  const out: Record<string, unknown> = { ...base };
  for (const opt of block.options) {
    const checked = checkRuleValue(opt.key, opt.value);
    if (!checked.ok) throw new Error(`${block.file}:${opt.line}: ${checked.reason}`);
    out[checked.key] = checked.value;
  }
  out.edition = name;
  return out;
}

/** Resolved options of every edition, as full RuleOptions (missing keys would show as undefined). */
export function resolvedEditions(): Map<string, RuleOptions> {
  const all = loadEditions();
  const out = new Map<string, RuleOptions>();
  for (const name of all.keys()) out.set(name, { ...defaultRuleOptions(), ...resolveEdition(name, all) } as RuleOptions);
  return out;
}
